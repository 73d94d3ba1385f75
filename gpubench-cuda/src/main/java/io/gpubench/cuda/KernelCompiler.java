package io.gpubench.cuda;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import io.gpubench.cuda.internal.jna.CudaLibs;
import io.gpubench.cuda.internal.jna.Nvrtc;
import java.util.ArrayList;
import java.util.List;

/**
 * Compiles CUDA C with NVRTC for the device's own architecture ({@code --gpu-architecture=sm_XX}), to a cubin,
 * so that the kernel runs the device's instructions rather than PTX the driver compiles at load. A failed
 * compilation throws with NVRTC's log in the message.
 */
final class KernelCompiler {
  private KernelCompiler() {}

  /**
   * The NVRTC version.
   *
   * @return such as {@code 13.0}
   */
  static String version() {
    IntByReference major = new IntByReference();
    IntByReference minor = new IntByReference();
    CudaErrors.checkNvrtc(CudaLibs.nvrtc().nvrtcVersion(major, minor), "nvrtcVersion", null);
    return major.getValue() + "." + minor.getValue();
  }

  /**
   * The options a compilation for a device gets: its architecture, C++17, line info, then the caller's.
   *
   * @param device the device
   * @param extra the caller's options
   * @return the options
   */
  static List<String> options(CudaDevice device, String... extra) {
    List<String> o = new ArrayList<>();
    o.add("--gpu-architecture=" + device.arch());
    o.add("--std=c++17");
    o.add("-lineinfo");
    o.addAll(List.of(extra));
    return o;
  }

  static byte[] compile(String source, String name, CudaDevice device, String... extra) {
    Nvrtc nvrtc = CudaLibs.nvrtc();
    PointerByReference prog = new PointerByReference();
    CudaErrors.checkNvrtc(nvrtc.nvrtcCreateProgram(prog, source, name, 0, null, null), "nvrtcCreateProgram", name);
    Pointer p = prog.getValue();
    try {
      List<String> opts = options(device, extra);
      int rc = nvrtc.nvrtcCompileProgram(p, opts.size(), opts.toArray(new String[0]));
      if (rc != 0) {
        CudaErrors.checkNvrtc(rc, "nvrtcCompileProgram",
            "program " + name + " with " + String.join(" ", opts) + "; log:\n" + log(nvrtc, p));
      }
      LongByReference size = new LongByReference();
      CudaErrors.checkNvrtc(nvrtc.nvrtcGetCUBINSize(p, size), "nvrtcGetCUBINSize", name);
      byte[] image = new byte[(int) size.getValue()];
      CudaErrors.checkNvrtc(nvrtc.nvrtcGetCUBIN(p, image), "nvrtcGetCUBIN", name);
      return image;
    } finally {
      nvrtc.nvrtcDestroyProgram(prog);
    }
  }

  private static String log(Nvrtc nvrtc, Pointer p) {
    LongByReference size = new LongByReference();
    if (nvrtc.nvrtcGetProgramLogSize(p, size) != 0 || size.getValue() <= 1) {
      return "(no log)";
    }
    byte[] log = new byte[(int) size.getValue()];
    nvrtc.nvrtcGetProgramLog(p, log);
    return CudaLibs.cString(log).strip();
  }
}
