package io.gpubench.cuda.internal.audit;

import com.sun.jna.Pointer;
import io.gpubench.cuda.internal.jna.Cupti;
import java.util.Optional;

/**
 * Reads one CUPTI activity record. The offsets are those of CUPTI 13's {@code cupti_activity.h} (records are
 * packed and 8-byte aligned); {@code StructLayoutTest} holds them against a C compiler's reading of the header. Only
 * leading fields are read, which have kept their places since {@code CUpti_ActivityKernel4} and
 * {@code CUpti_ActivityMemcpy} (later versions append), so a CUPTI 12 gives the same figures.
 */
final class ActivityRecords {
  private ActivityRecords() {}

  static final int KIND = 0;

  // CUpti_ActivityAPI (CUPTI_ACTIVITY_KIND_DRIVER, _RUNTIME, _INTERNAL_LAUNCH_API), 40 bytes
  static final int API_SIZE = 40;
  static final int API_CBID = 4;
  static final int API_START = 8;
  static final int API_END = 16;
  static final int API_THREAD_ID = 28;
  static final int API_CORRELATION_ID = 32;

  // CUpti_ActivityKernel10 (CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL), 216 bytes
  static final int KERNEL_SIZE = 216;
  static final int KERNEL_START = 16;
  static final int KERNEL_END = 24;
  static final int KERNEL_DEVICE_ID = 40;
  static final int KERNEL_CONTEXT_ID = 44;
  static final int KERNEL_STREAM_ID = 48;
  static final int KERNEL_CORRELATION_ID = 92;
  static final int KERNEL_NAME = 104;
  static final int KERNEL_GRAPH_ID = 156;

  // CUpti_ActivityMemcpy6 (CUPTI_ACTIVITY_KIND_MEMCPY), 96 bytes; CUpti_ActivityMemcpyPtoP4 (MEMCPY2) agrees up to
  // streamId, then has srcDeviceId, srcContextId, dstDeviceId, dstContextId before its correlationId
  static final int MEMCPY_SIZE = 96;
  static final int MEMCPY_COPY_KIND = 4;
  static final int MEMCPY_BYTES = 8;
  static final int MEMCPY_START = 16;
  static final int MEMCPY_END = 24;
  static final int MEMCPY_DEVICE_ID = 32;
  static final int MEMCPY_CONTEXT_ID = 36;
  static final int MEMCPY_STREAM_ID = 40;
  static final int MEMCPY_CORRELATION_ID = 44;
  static final int MEMCPY2_SIZE = 96;
  static final int MEMCPY2_CORRELATION_ID = 60;

  // CUpti_ActivityMemset4 (CUPTI_ACTIVITY_KIND_MEMSET), 88 bytes
  static final int MEMSET_SIZE = 88;
  static final int MEMSET_BYTES = 8;
  static final int MEMSET_START = 16;
  static final int MEMSET_END = 24;
  static final int MEMSET_DEVICE_ID = 32;
  static final int MEMSET_CONTEXT_ID = 36;
  static final int MEMSET_STREAM_ID = 40;
  static final int MEMSET_CORRELATION_ID = 44;

  /** {@code CUpti_ActivityMemcpyKind}, by value: 1 HtoD … 10 PtoP. */
  private static final String[] COPY_KINDS =
      {"unknown", "HtoD", "DtoH", "HtoA", "AtoH", "AtoA", "AtoD", "DtoA", "DtoD", "HtoH", "PtoP"};

  /**
   * The record at {@code r}.
   *
   * @param r a record CUPTI returned from {@code cuptiActivityGetNextRecord}
   * @return its figures, or empty for a kind the audit does not read
   */
  static Optional<Activity> read(Pointer r) {
    int kind = r.getInt(KIND);
    switch (kind) {
      case Cupti.CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: {
        Pointer name = r.getPointer(KERNEL_NAME);
        return Optional.of(new Activity.Kernel(name == null ? "<unnamed>" : name.getString(0),
            r.getLong(KERNEL_START), r.getLong(KERNEL_END), r.getInt(KERNEL_DEVICE_ID), r.getInt(KERNEL_CONTEXT_ID),
            r.getInt(KERNEL_STREAM_ID), r.getInt(KERNEL_CORRELATION_ID), r.getInt(KERNEL_GRAPH_ID)));
      }
      case Cupti.CUPTI_ACTIVITY_KIND_MEMCPY:
        return Optional.of(new Activity.Copy("memcpy " + copyKind(r.getByte(MEMCPY_COPY_KIND)), r.getLong(MEMCPY_BYTES),
            r.getLong(MEMCPY_START), r.getLong(MEMCPY_END), r.getInt(MEMCPY_DEVICE_ID), r.getInt(MEMCPY_CONTEXT_ID),
            r.getInt(MEMCPY_STREAM_ID), r.getInt(MEMCPY_CORRELATION_ID)));
      case Cupti.CUPTI_ACTIVITY_KIND_MEMCPY2:
        return Optional.of(new Activity.Copy("memcpy " + copyKind(r.getByte(MEMCPY_COPY_KIND)), r.getLong(MEMCPY_BYTES),
            r.getLong(MEMCPY_START), r.getLong(MEMCPY_END), r.getInt(MEMCPY_DEVICE_ID), r.getInt(MEMCPY_CONTEXT_ID),
            r.getInt(MEMCPY_STREAM_ID), r.getInt(MEMCPY2_CORRELATION_ID)));
      case Cupti.CUPTI_ACTIVITY_KIND_MEMSET:
        return Optional.of(new Activity.Copy("memset", r.getLong(MEMSET_BYTES), r.getLong(MEMSET_START),
            r.getLong(MEMSET_END), r.getInt(MEMSET_DEVICE_ID), r.getInt(MEMSET_CONTEXT_ID), r.getInt(MEMSET_STREAM_ID),
            r.getInt(MEMSET_CORRELATION_ID)));
      case Cupti.CUPTI_ACTIVITY_KIND_DRIVER:
        return Optional.of(api(Activity.Domain.DRIVER, r));
      case Cupti.CUPTI_ACTIVITY_KIND_RUNTIME:
        return Optional.of(api(Activity.Domain.RUNTIME, r));
      case Cupti.CUPTI_ACTIVITY_KIND_INTERNAL_LAUNCH_API:
        return Optional.of(api(Activity.Domain.INTERNAL, r));
      default:
        return Optional.empty();
    }
  }

  private static Activity.Api api(Activity.Domain domain, Pointer r) {
    return new Activity.Api(domain, r.getInt(API_CBID), r.getLong(API_START), r.getLong(API_END),
        r.getInt(API_THREAD_ID), r.getInt(API_CORRELATION_ID));
  }

  static String copyKind(int kind) {
    return kind > 0 && kind < COPY_KINDS.length ? COPY_KINDS[kind] : "kind " + kind;
  }
}
