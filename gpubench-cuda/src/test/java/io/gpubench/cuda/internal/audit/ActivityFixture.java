package io.gpubench.cuda.internal.audit;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import io.gpubench.cuda.internal.jna.Cupti;
import java.util.ArrayList;
import java.util.List;

/**
 * A synthesised CUPTI activity buffer: records laid out back to back, each at the size CUPTI 13 gives its kind, as
 * {@code bufferCompleted} would hand them over. Kernel names live in memory of their own, as CUPTI's do.
 */
final class ActivityFixture {
  private final Memory buffer = new Memory(1 << 16);
  private final List<Memory> names = new ArrayList<>();
  private final List<Long> offsets = new ArrayList<>();
  private long size;

  ActivityFixture() {
    buffer.clear();
  }

  private long next(int bytes) {
    long at = size;
    offsets.add(at);
    size += bytes;
    return at;
  }

  ActivityFixture api(int kind, int cbid, long start, long end, int threadId, int correlationId) {
    long at = next(ActivityRecords.API_SIZE);
    buffer.setInt(at, kind);
    buffer.setInt(at + ActivityRecords.API_CBID, cbid);
    buffer.setLong(at + ActivityRecords.API_START, start);
    buffer.setLong(at + ActivityRecords.API_END, end);
    buffer.setInt(at + 24, 4242);
    buffer.setInt(at + ActivityRecords.API_THREAD_ID, threadId);
    buffer.setInt(at + ActivityRecords.API_CORRELATION_ID, correlationId);
    return this;
  }

  ActivityFixture kernel(String name, long start, long end, int deviceId, int streamId, int correlationId,
      int graphId) {
    long at = next(ActivityRecords.KERNEL_SIZE);
    Memory n = new Memory(name.length() + 1L);
    n.setString(0, name);
    names.add(n);
    buffer.setInt(at, Cupti.CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
    buffer.setShort(at + 6, (short) 168); // registersPerThread, not read
    buffer.setLong(at + ActivityRecords.KERNEL_START, start);
    buffer.setLong(at + ActivityRecords.KERNEL_END, end);
    buffer.setLong(at + 32, end + 5); // completed, not read
    buffer.setInt(at + ActivityRecords.KERNEL_DEVICE_ID, deviceId);
    buffer.setInt(at + ActivityRecords.KERNEL_CONTEXT_ID, 1);
    buffer.setInt(at + ActivityRecords.KERNEL_STREAM_ID, streamId);
    buffer.setInt(at + 52, 132); // gridX, not read
    buffer.setInt(at + ActivityRecords.KERNEL_CORRELATION_ID, correlationId);
    buffer.setLong(at + 96, 77); // gridId, not read
    buffer.setPointer(at + ActivityRecords.KERNEL_NAME, n);
    buffer.setInt(at + ActivityRecords.KERNEL_GRAPH_ID, graphId);
    return this;
  }

  ActivityFixture memcpy(int copyKind, long bytes, long start, long end, int deviceId, int correlationId) {
    long at = next(ActivityRecords.MEMCPY_SIZE);
    buffer.setInt(at, Cupti.CUPTI_ACTIVITY_KIND_MEMCPY);
    buffer.setByte(at + ActivityRecords.MEMCPY_COPY_KIND, (byte) copyKind);
    buffer.setLong(at + ActivityRecords.MEMCPY_BYTES, bytes);
    buffer.setLong(at + ActivityRecords.MEMCPY_START, start);
    buffer.setLong(at + ActivityRecords.MEMCPY_END, end);
    buffer.setInt(at + ActivityRecords.MEMCPY_DEVICE_ID, deviceId);
    buffer.setInt(at + ActivityRecords.MEMCPY_CONTEXT_ID, 1);
    buffer.setInt(at + ActivityRecords.MEMCPY_STREAM_ID, 13);
    buffer.setInt(at + ActivityRecords.MEMCPY_CORRELATION_ID, correlationId);
    buffer.setInt(at + 48, correlationId - 1); // runtimeCorrelationId, not read
    return this;
  }

  ActivityFixture peerCopy(long bytes, long start, long end, int deviceId, int correlationId) {
    long at = next(ActivityRecords.MEMCPY2_SIZE);
    buffer.setInt(at, Cupti.CUPTI_ACTIVITY_KIND_MEMCPY2);
    buffer.setByte(at + ActivityRecords.MEMCPY_COPY_KIND, (byte) 10);
    buffer.setLong(at + ActivityRecords.MEMCPY_BYTES, bytes);
    buffer.setLong(at + ActivityRecords.MEMCPY_START, start);
    buffer.setLong(at + ActivityRecords.MEMCPY_END, end);
    buffer.setInt(at + ActivityRecords.MEMCPY_DEVICE_ID, deviceId);
    buffer.setInt(at + ActivityRecords.MEMCPY_CONTEXT_ID, 1);
    buffer.setInt(at + ActivityRecords.MEMCPY_STREAM_ID, 14);
    buffer.setInt(at + 44, 1); // srcDeviceId: not the correlation id in this record
    buffer.setInt(at + ActivityRecords.MEMCPY2_CORRELATION_ID, correlationId);
    return this;
  }

  ActivityFixture memset(long bytes, long start, long end, int deviceId, int correlationId) {
    long at = next(ActivityRecords.MEMSET_SIZE);
    buffer.setInt(at, Cupti.CUPTI_ACTIVITY_KIND_MEMSET);
    buffer.setInt(at + 4, 0x7ff87ff8); // value, not read
    buffer.setLong(at + ActivityRecords.MEMSET_BYTES, bytes);
    buffer.setLong(at + ActivityRecords.MEMSET_START, start);
    buffer.setLong(at + ActivityRecords.MEMSET_END, end);
    buffer.setInt(at + ActivityRecords.MEMSET_DEVICE_ID, deviceId);
    buffer.setInt(at + ActivityRecords.MEMSET_CONTEXT_ID, 1);
    buffer.setInt(at + ActivityRecords.MEMSET_STREAM_ID, 13);
    buffer.setInt(at + ActivityRecords.MEMSET_CORRELATION_ID, correlationId);
    return this;
  }

  Pointer buffer() {
    return buffer;
  }

  long validSize() {
    return size;
  }

  Pointer record(int i) {
    return buffer.share(offsets.get(i));
  }

  int records() {
    return offsets.size();
  }
}
