package io.gpubench.cuda.internal.jna;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;

/**
 * The CUDA driver API calls made outside timed regions, through JNA interface mapping. Versioned entry points are
 * named as {@code cuda.h} maps them ({@code cuMemAlloc} is {@code cuMemAlloc_v2}). Hot calls are in
 * {@link CudaHot}.
 */
public interface CudaDriver extends Library {
  int CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1;
  int CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8;
  int CU_DEVICE_ATTRIBUTE_CLOCK_RATE = 13;
  int CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
  int CU_DEVICE_ATTRIBUTE_ECC_ENABLED = 32;
  int CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE = 36;
  int CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH = 37;
  int CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE = 38;
  int CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR = 39;
  int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
  int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
  int CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97;

  int CU_STREAM_NON_BLOCKING = 1;
  /** {@code CUDA_ERROR_NOT_READY}: a query found work still pending. */
  int CUDA_ERROR_NOT_READY = 600;
  int CU_EVENT_DEFAULT = 0;
  int CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;

  /** {@code CUstreamCaptureMode}: only the capturing thread is kept from calls a capture cannot record. */
  int CU_STREAM_CAPTURE_MODE_THREAD_LOCAL = 1;
  /** {@code cuMemHostAlloc} flag: the memory is usable by all contexts. */
  int CU_MEMHOSTALLOC_PORTABLE = 0x01;
  /** {@code cuMemHostAlloc} flag: the memory is mapped into the device's address space. */
  int CU_MEMHOSTALLOC_DEVICEMAP = 0x02;

  int cuInit(int flags);

  int cuDriverGetVersion(IntByReference version);

  int cuDeviceGetCount(IntByReference count);

  int cuDeviceGet(IntByReference device, int ordinal);

  int cuDeviceGetName(byte[] name, int len, int device);

  int cuDeviceGetAttribute(IntByReference value, int attribute, int device);

  int cuDeviceTotalMem_v2(LongByReference bytes, int device);

  int cuDeviceGetPCIBusId(byte[] busId, int len, int device);

  int cuDevicePrimaryCtxRetain(PointerByReference ctx, int device);

  int cuDevicePrimaryCtxRelease_v2(int device);

  int cuCtxSetCurrent(Pointer ctx);

  int cuCtxSynchronize();

  int cuMemGetInfo_v2(LongByReference free, LongByReference total);

  int cuMemAlloc_v2(LongByReference dptr, long bytes);

  int cuMemFree_v2(long dptr);

  int cuMemcpyHtoD_v2(long dst, Pointer src, long bytes);

  int cuMemcpyDtoH_v2(Pointer dst, long src, long bytes);

  int cuMemcpyDtoDAsync_v2(long dst, long src, long bytes, Pointer stream);

  int cuStreamCreate(PointerByReference stream, int flags);

  int cuStreamDestroy_v2(Pointer stream);

  int cuStreamSynchronize(Pointer stream);

  int cuMemHostAlloc(PointerByReference pointer, long bytes, int flags);

  int cuMemHostGetDevicePointer_v2(LongByReference dptr, Pointer pointer, int flags);

  int cuMemFreeHost(Pointer pointer);

  /** {@code cuStreamBeginCapture}, which {@code cuda.h} maps to the {@code _v2} entry point taking a mode. */
  int cuStreamBeginCapture_v2(Pointer stream, int mode);

  int cuStreamEndCapture(Pointer stream, PointerByReference graph);

  /** With a null {@code nodes}, returns the number of nodes in {@code numNodes} ({@code size_t}). */
  int cuGraphGetNodes(Pointer graph, Pointer nodes, LongByReference numNodes);

  /** {@code cuGraphInstantiate}, which {@code cuda.h} (CUDA 12 and later) maps to this entry point. */
  int cuGraphInstantiateWithFlags(PointerByReference exec, Pointer graph, long flags);

  int cuGraphExecDestroy(Pointer exec);

  int cuGraphDestroy(Pointer graph);

  int cuEventCreate(PointerByReference event, int flags);

  int cuEventDestroy_v2(Pointer event);

  int cuEventElapsedTime(float[] millis, Pointer start, Pointer end);

  int cuModuleLoadData(PointerByReference module, Pointer image);

  int cuModuleUnload(Pointer module);

  int cuModuleGetFunction(PointerByReference function, Pointer module, String name);

  int cuFuncSetAttribute(Pointer function, int attribute, int value);

  int cuGetErrorName(int error, PointerByReference name);

  int cuGetErrorString(int error, PointerByReference text);

  /** {@code cudaProfiler.h}: starts collection by a profiler attached with a CUDA-profiler-API capture range. */
  int cuProfilerStart();

  /** {@code cudaProfiler.h}: stops it. */
  int cuProfilerStop();
}
