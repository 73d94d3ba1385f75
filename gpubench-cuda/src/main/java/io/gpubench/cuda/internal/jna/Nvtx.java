package io.gpubench.cuda.internal.jna;

import com.sun.jna.Library;
import com.sun.jna.Pointer;

/**
 * NVTX, the annotation API that Nsight Systems records, through the shared library CUDA ships for languages other
 * than C: from CUDA 13 on {@code libnvtx3interop.so.1} (NVTX v3 compiled with its functions exported; the v2
 * {@code libnvToolsExt.so.1} is gone). Every call is a no-op until a tool is injected: the first call reads
 * {@code NVTX_INJECTION64_PATH}, which {@code nsys profile -t nvtx} sets, and loads the tool from there.
 */
public interface Nvtx extends Library {
  /** {@code NVTX_VERSION}. */
  short VERSION = 3;
  /** {@code NVTX_EVENT_ATTRIB_STRUCT_SIZE}: {@code sizeof(nvtxEventAttributes_t)}. */
  short EVENT_ATTRIBUTES_SIZE = 48;
  /** {@code nvtxEventAttributes_t.colorType} offset; {@code NVTX_COLOR_ARGB} is 1. */
  int OFFSET_COLOR_TYPE = 8;
  /** {@code nvtxEventAttributes_t.color} offset. */
  int OFFSET_COLOR = 12;
  /** {@code nvtxEventAttributes_t.messageType} offset; {@code NVTX_MESSAGE_TYPE_ASCII} is 1. */
  int OFFSET_MESSAGE_TYPE = 32;
  /** {@code nvtxEventAttributes_t.message} offset (a {@code const char *} for ASCII). */
  int OFFSET_MESSAGE = 40;
  int COLOR_ARGB = 1;
  int MESSAGE_TYPE_ASCII = 1;

  Pointer nvtxDomainCreateA(String name);

  int nvtxDomainRangePushEx(Pointer domain, Pointer eventAttributes);

  int nvtxDomainRangePop(Pointer domain);

  void nvtxDomainMarkEx(Pointer domain, Pointer eventAttributes);
}
