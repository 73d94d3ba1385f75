package io.gpubench.cuda.internal.jna;

import com.sun.jna.Callback;
import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;

/**
 * The CUPTI calls the kernel audit makes: the activity API (kernels, copies, sets and launch calls with their GPU
 * and host times) and the callback API (a function called at each launch call). Constants are those of CUPTI 13's
 * {@code cupti_activity.h}, {@code cupti_callbacks.h}, {@code cupti_driver_cbid.h} and
 * {@code cupti_runtime_cbid.h}; {@code StructLayoutTest} holds them against a C compiler's reading of the headers.
 * {@code size_t} is mapped to {@code long} (64-bit Linux).
 */
public interface Cupti extends Library {
  int CUPTI_SUCCESS = 0;
  int CUPTI_ERROR_MAX_LIMIT_REACHED = 12;
  int CUPTI_ERROR_NOT_INITIALIZED = 15;
  int CUPTI_ERROR_INSUFFICIENT_PRIVILEGES = 35;
  int CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED = 39;

  int CUPTI_ACTIVITY_KIND_MEMCPY = 1;
  int CUPTI_ACTIVITY_KIND_MEMSET = 2;
  int CUPTI_ACTIVITY_KIND_DRIVER = 4;
  int CUPTI_ACTIVITY_KIND_RUNTIME = 5;
  int CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL = 10;
  int CUPTI_ACTIVITY_KIND_MEMCPY2 = 22;
  int CUPTI_ACTIVITY_KIND_INTERNAL_LAUNCH_API = 48;

  int CUPTI_ACTIVITY_FLAG_FLUSH_FORCED = 1;
  int CUPTI_ACTIVITY_THREAD_ID_TYPE_SYSTEM = 1;

  int CUPTI_CB_DOMAIN_DRIVER_API = 1;
  int CUPTI_CB_DOMAIN_RUNTIME_API = 2;

  int CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel = 307;
  int CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz = 442;
  int CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel = 477;
  int CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz = 478;
  int CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch = 514;
  int CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch_ptsz = 515;
  int CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx = 652;
  int CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz = 653;

  int CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000 = 211;
  int CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_ptsz_v7000 = 214;
  int CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_v9000 = 269;
  int CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_ptsz_v9000 = 270;
  int CUPTI_RUNTIME_TRACE_CBID_cudaGraphLaunch_v10000 = 311;
  int CUPTI_RUNTIME_TRACE_CBID_cudaGraphLaunch_ptsz_v10000 = 312;
  int CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_v11060 = 430;
  int CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_ptsz_v11060 = 431;
  /** What {@code <<<...>>>} compiles to from CUDA 13 on ({@code __cudaLaunchKernel}, a {@code cudaKernel_t}). */
  int CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000 = 505;
  int CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_ptsz_v13000 = 506;

  /** {@code CUpti_SubscriberParams}: structSize, subscriberName, oldSubscriberName, oldSubscriberSize. */
  int SUBSCRIBER_PARAMS_SIZE = 32;

  int cuptiGetVersion(IntByReference version);

  int cuptiGetResultString(int result, PointerByReference text);

  int cuptiSubscribe(PointerByReference subscriber, Pointer callback, Pointer userdata);

  /** CUPTI 12.6 on: names the other subscriber when there is one. */
  int cuptiSubscribe_v2(PointerByReference subscriber, Pointer callback, Pointer userdata, Pointer params);

  int cuptiUnsubscribe(Pointer subscriber);

  int cuptiEnableCallback(int enable, Pointer subscriber, int domain, int cbid);

  int cuptiActivityRegisterCallbacks(BufferRequested requested, BufferCompleted completed);

  int cuptiActivityEnable(int kind);

  int cuptiActivityDisable(int kind);

  /** CUPTI 12.6 on: activity records for one driver API function, without enabling them all. */
  int cuptiActivityEnableDriverApi(int cbid, byte enable);

  /** CUPTI 12.6 on: activity records for one runtime API function. */
  int cuptiActivityEnableRuntimeApi(int cbid, byte enable);

  int cuptiActivityFlushAll(int flag);

  int cuptiActivityGetNextRecord(Pointer buffer, long validBufferSizeBytes, PointerByReference record);

  int cuptiActivityGetNumDroppedRecords(Pointer context, int streamId, LongByReference dropped);

  int cuptiSetThreadIdType(int type);

  int cuptiGetDeviceId(Pointer context, IntByReference deviceId);

  int cuptiGetTimestamp(LongByReference timestamp);

  /** {@code CUpti_BuffersCallbackRequestFunc(uint8_t **buffer, size_t *size, size_t *maxNumRecords)}. */
  interface BufferRequested extends Callback {
    void invoke(Pointer buffer, Pointer size, Pointer maxNumRecords);
  }

  /**
   * {@code CUpti_BuffersCallbackCompleteFunc(CUcontext, uint32_t streamId, uint8_t *buffer, size_t size,
   * size_t validSize)}.
   */
  interface BufferCompleted extends Callback {
    void invoke(Pointer context, int streamId, Pointer buffer, long size, long validSize);
  }
}
