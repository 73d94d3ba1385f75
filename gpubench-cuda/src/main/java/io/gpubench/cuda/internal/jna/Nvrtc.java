package io.gpubench.cuda.internal.jna;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;

/** The NVRTC calls: create, compile, log, PTX or cubin, destroy. */
public interface Nvrtc extends Library {
  int NVRTC_SUCCESS = 0;
  int NVRTC_ERROR_COMPILATION = 6;

  String nvrtcGetErrorString(int result);

  int nvrtcVersion(IntByReference major, IntByReference minor);

  int nvrtcCreateProgram(PointerByReference prog, String src, String name, int numHeaders, String[] headers,
      String[] includeNames);

  int nvrtcCompileProgram(Pointer prog, int numOptions, String[] options);

  int nvrtcGetProgramLogSize(Pointer prog, LongByReference size);

  int nvrtcGetProgramLog(Pointer prog, byte[] log);

  int nvrtcGetCUBINSize(Pointer prog, LongByReference size);

  int nvrtcGetCUBIN(Pointer prog, byte[] cubin);

  int nvrtcGetPTXSize(Pointer prog, LongByReference size);

  int nvrtcGetPTX(Pointer prog, byte[] ptx);

  int nvrtcDestroyProgram(PointerByReference prog);
}
