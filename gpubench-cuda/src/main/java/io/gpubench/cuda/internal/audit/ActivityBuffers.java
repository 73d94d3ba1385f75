package io.gpubench.cuda.internal.audit;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import io.gpubench.cuda.CudaErrors;
import io.gpubench.cuda.internal.jna.Cupti;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The buffers CUPTI fills with activity records, for the process: CUPTI asks for an empty one through
 * {@code bufferRequested} and hands it back full through {@code bufferCompleted} (on its own thread, or on the
 * thread of {@code cuptiActivityFlushAll}), where its records are copied out and it is released. The callbacks are
 * registered once per process and stay reachable here, since CUPTI keeps their addresses.
 */
final class ActivityBuffers {
  /** Bytes per buffer: about 38,000 kernel records. */
  static final long BUFFER_BYTES = 8L << 20;

  private static final ActivityBuffers INSTANCE = new ActivityBuffers();

  private final Map<Long, Memory> lent = new ConcurrentHashMap<>();
  private final AtomicInteger dumped = new AtomicInteger();
  private final Cupti.BufferRequested requested = this::requested;
  private final Cupti.BufferCompleted completed = this::completed;
  private volatile Cupti cupti;
  private volatile Consumer<Activity> sink;
  private volatile Path dumpDir;
  private volatile String failure;

  private ActivityBuffers() {}

  static ActivityBuffers get() {
    return INSTANCE;
  }

  /**
   * Registers the buffer callbacks with CUPTI, once per library instance.
   *
   * @param api CUPTI
   * @throws io.gpubench.cuda.CudaException when CUPTI refuses them
   */
  synchronized void register(Cupti api) {
    if (cupti != api) {
      CudaErrors.checkCupti(api.cuptiActivityRegisterCallbacks(requested, completed), "cuptiActivityRegisterCallbacks",
          "registering the kernel audit's activity buffers");
      cupti = api;
    }
  }

  /**
   * Where records go until the next call.
   *
   * @param to the consumer, or null to drop records
   * @param dump a directory to write each completed buffer's bytes to, or null
   */
  void collect(Consumer<Activity> to, Path dump) {
    failure = null;
    dumpDir = dump;
    sink = to;
  }

  /**
   * A failure seen while records were read, since {@link #collect}.
   *
   * @return it, or null
   */
  String failure() {
    return failure;
  }

  private void requested(Pointer bufferOut, Pointer sizeOut, Pointer maxRecordsOut) {
    try {
      // malloc's alignment (16) satisfies CUPTI's ACTIVITY_RECORD_ALIGNMENT (8)
      Memory m = new Memory(BUFFER_BYTES);
      lent.put(Pointer.nativeValue(m), m);
      bufferOut.setPointer(0, m);
      sizeOut.setLong(0, BUFFER_BYTES);
      maxRecordsOut.setLong(0, 0);
    } catch (Throwable t) {
      failure = "no activity buffer: " + t;
      bufferOut.setPointer(0, null);
      sizeOut.setLong(0, 0);
    }
  }

  private void completed(Pointer context, int streamId, Pointer buffer, long size, long validSize) {
    try {
      if (buffer == null) {
        return;
      }
      Path dir = dumpDir;
      if (dir != null && validSize > 0) {
        Files.createDirectories(dir);
        Files.write(dir.resolve("activity-" + dumped.incrementAndGet() + ".bin"), buffer.getByteArray(0, (int) validSize));
      }
      Consumer<Activity> to = sink;
      if (to != null) {
        read(cupti, buffer, validSize, to);
      }
    } catch (IOException | RuntimeException | Error e) {
      failure = "reading CUPTI's activity records failed: " + e;
    } finally {
      if (buffer != null) {
        lent.remove(Pointer.nativeValue(buffer));
      }
    }
  }

  /**
   * Reads every record of a completed buffer, with CUPTI's own iteration (it knows each kind's record size).
   *
   * @param api CUPTI
   * @param buffer the buffer
   * @param validSize its valid bytes
   * @param to where each record the audit reads goes
   * @return the number of records in the buffer
   * @throws io.gpubench.cuda.CudaException when CUPTI reports anything but the end of the buffer
   */
  static int read(Cupti api, Pointer buffer, long validSize, Consumer<Activity> to) {
    PointerByReference record = new PointerByReference(null);
    int n = 0;
    while (true) {
      int rc = api.cuptiActivityGetNextRecord(buffer, validSize, record);
      if (rc == Cupti.CUPTI_ERROR_MAX_LIMIT_REACHED) {
        return n;
      }
      CudaErrors.checkCupti(rc, "cuptiActivityGetNextRecord", "record " + n + " of an activity buffer of " + validSize
          + " bytes");
      n++;
      ActivityRecords.read(record.getValue()).ifPresent(to);
    }
  }
}
