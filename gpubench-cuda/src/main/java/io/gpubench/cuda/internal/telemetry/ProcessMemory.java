package io.gpubench.cuda.internal.telemetry;

import io.gpubench.api.result.DeviceMemory;
import io.gpubench.api.spi.DeviceMemoryMeter;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;

/**
 * The device memory of this process from every allocator (gpubench's, cuBLAS and cuBLASLt workspaces, NCCL buffers,
 * PyTorch's caching allocator, the CUDA context), as NVML counts it: {@code usedGpuMemory} of this process's entry in
 * {@code nvmlDeviceGetComputeRunningProcesses}, read on a daemon thread at the telemetry's interval from the case's
 * set-up to the end of its trials, with the device's memory in use ({@code nvmlDeviceGetMemoryInfo}) at the same
 * readings. NVML reads take microseconds and no CUDA context. Between two readings a short-lived allocation can come
 * and go unseen: the peak is the largest reading, a lower bound of the true peak, and {@code samples} says how many it
 * is the largest of.
 */
public final class ProcessMemory implements DeviceMemoryMeter {
  private final NvmlDevice device;
  private final long pid = ProcessHandle.current().pid();

  /**
   * A meter over a device.
   *
   * @param device the GPU
   */
  public ProcessMemory(NvmlDevice device) {
    this.device = device;
  }

  @Override
  public Watch start(int intervalMillis) {
    return new Sampling(Math.max(1, intervalMillis));
  }

  private final class Sampling implements Watch {
    private final int interval;
    private final Thread thread;
    private volatile boolean running = true;
    private final Long total;
    private Long before;
    private Long peak;
    private Long deviceAtPeak;
    private int samples;

    Sampling(int interval) {
      this.interval = interval;
      this.total = device.memoryTotalBytes();
      read();
      synchronized (this) {
        before = peak;
      }
      thread = new Thread(this::loop, "gpubench-nvml-memory");
      thread.setDaemon(true);
      thread.start();
    }

    private void loop() {
      while (running) {
        LockSupport.parkNanos(interval * 1_000_000L);
        if (running) {
          try {
            read();
          } catch (RuntimeException e) {
            return;
          }
        }
      }
    }

    private void read() {
      Long own = device.processMemoryBytes(pid);
      Long used = device.memoryUsedBytes();
      synchronized (this) {
        samples++;
        if (own != null && (peak == null || own > peak)) {
          peak = own;
          deviceAtPeak = used;
        } else if (own == null && used != null && (deviceAtPeak == null || used > deviceAtPeak) && peak == null) {
          deviceAtPeak = used;
        }
      }
    }

    @Override
    public synchronized DeviceMemory now() {
      return new DeviceMemory(before, peak, deviceAtPeak, total, samples, SOURCE);
    }

    @Override
    public DeviceMemory stop() {
      running = false;
      LockSupport.unpark(thread);
      try {
        thread.join(2_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      try {
        read();
      } catch (RuntimeException e) {
        // the figures so far
      }
      return now();
    }

    @Override
    public Optional<String> outOfMemory(Throwable failure) {
      if (!isOutOfMemory(failure)) {
        return Optional.empty();
      }
      try {
        read();
      } catch (RuntimeException e) {
        // the figures so far
      }
      DeviceMemory m = now();
      Long inUse = device.memoryUsedBytes();
      return Optional.of(String.format(Locale.ROOT, "the device ran out of memory: %s total, %s in use now; this "
          + "process held %s at its peak so far (%s before the case's set-up)", gib(m.deviceTotalBytes()), gib(inUse),
          gib(m.processPeakBytes()), gib(m.processBeforeBytes())));
    }
  }

  /** Where the figures come from, for results.json. */
  static final String SOURCE = "NVML nvmlDeviceGetComputeRunningProcesses (usedGpuMemory of this process) and "
      + "nvmlDeviceGetMemoryInfo (used), sampled from the case's set-up to the end of its trials at the telemetry "
      + "interval";

  /**
   * Whether a failure is the device running out of memory, by its cause chain's messages: the driver's
   * {@code CUDA_ERROR_OUT_OF_MEMORY} (gpubench's {@code CudaException} names it), the runtime's
   * {@code cudaErrorMemoryAllocation} ("out of memory"), PyTorch's {@code "CUDA out of memory"}.
   *
   * @param failure the failure
   * @return true for an out-of-memory error of the device
   */
  static boolean isOutOfMemory(Throwable failure) {
    int depth = 0;
    for (Throwable t = failure; t != null && depth < 16; t = t.getCause(), depth++) {
      if (t instanceof OutOfMemoryError) {
        return false; // the JVM's heap, not the device's
      }
      String m;
      try {
        m = String.valueOf(t.getMessage());
      } catch (RuntimeException e) {
        continue;
      }
      if (m.contains("CUDA_ERROR_OUT_OF_MEMORY") || m.contains("CUDA out of memory")
          || m.contains("cudaErrorMemoryAllocation") || m.contains("CUBLAS_STATUS_ALLOC_FAILED")) {
        return true;
      }
    }
    return false;
  }

  private static String gib(Long bytes) {
    return bytes == null ? "?" : String.format(Locale.ROOT, "%.2f GiB", bytes / (double) (1L << 30));
  }
}
