package io.gpubench.cuda.internal.telemetry;

import io.gpubench.api.result.Telemetry;
import io.gpubench.api.spi.TelemetryRecorder;
import io.gpubench.api.spi.TrialConditions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;

/**
 * A daemon thread that reads NVML every interval while trials run, then summarises with
 * {@link TelemetryAggregator}. NVML reads take microseconds and no CUDA context, so the thread does not disturb
 * the timed work.
 */
public final class TelemetrySampler implements TelemetryRecorder {
  private final NvmlDevice device;
  private final int intervalMillis;
  private final Double maxSmClock;
  private final long ownPid = ProcessHandle.current().pid();
  private final List<Sample> samples = new ArrayList<>();
  private final Thread thread;
  private final long start = System.nanoTime();
  private volatile boolean running = true;
  private volatile RuntimeException failure;

  /**
   * Starts sampling.
   *
   * @param device the GPU
   * @param intervalMillis the interval
   * @param name the thread's name
   */
  public TelemetrySampler(NvmlDevice device, int intervalMillis, String name) {
    this.device = device;
    this.intervalMillis = Math.max(1, intervalMillis);
    this.maxSmClock = device.maxSmClockMhz();
    thread = new Thread(this::loop, name);
    thread.setDaemon(true);
    sample();
    thread.start();
  }

  private void loop() {
    long next = System.nanoTime();
    while (running) {
      next += intervalMillis * 1_000_000L;
      long wait = next - System.nanoTime();
      if (wait > 0) {
        LockSupport.parkNanos(wait);
      }
      if (!running) {
        break;
      }
      try {
        sample();
      } catch (RuntimeException e) {
        failure = e;
        return;
      }
    }
  }

  private void sample() {
    // One listing of the compute processes gives the other tenants and this process's device memory.
    NvmlDevice.ComputeProcesses processes = device.computeProcesses(ownPid);
    Sample s = new Sample((System.nanoTime() - start) / 1e6, device.smClockMhz(), device.memClockMhz(),
        device.powerWatts(), device.temperatureC(), device.reasons(), processes == null ? null : processes.others(),
        device.memoryUsedBytes(), processes == null ? null : processes.ownBytes());
    synchronized (samples) {
      samples.add(s);
    }
  }

  /**
   * The samples taken during a trial and the last one before it: the throttle reasons among them that slow the clocks
   * ({@link ClockEventReasons#COSTLY}: power cap, thermal and hardware slowdowns, power brake; idle and the clock
   * settings describe a state, not a slowdown that comes and goes), and the lowest SM clock of those taken while the
   * GPU was busy.
   */
  @Override
  public Optional<TrialConditions> during(long startNanos, long endNanos) {
    return conditions(samples(), (startNanos - start) / 1e6, (endNanos - start) / 1e6);
  }

  /**
   * The conditions of a trial from samples.
   *
   * @param samples the samples, in time order
   * @param fromMillis the trial's start, in the samples' time
   * @param toMillis its end
   * @return the conditions, or empty when no sample is at or before the trial's end
   */
  static Optional<TrialConditions> conditions(List<Sample> samples, double fromMillis, double toMillis) {
    int first = -1;
    int last = -1;
    for (int i = samples.size() - 1; i >= 0; i--) {
      double t = samples.get(i).millis();
      if (t <= toMillis && last < 0) {
        last = i;
      }
      if (t < fromMillis) {
        first = i; // the last sample before the trial: the state it started in
        break;
      }
      first = i;
    }
    if (last < 0) {
      return Optional.empty();
    }
    long reasons = 0;
    Double clock = null;
    for (Sample s : samples.subList(Math.max(0, first), last + 1)) {
      if (s.reasons() != null) {
        reasons |= s.reasons() & ClockEventReasons.COSTLY;
      }
      boolean busy = s.reasons() == null || (s.reasons() & ClockEventReasons.GPU_IDLE) == 0;
      if (busy && s.smClockMhz() != null) {
        clock = clock == null ? s.smClockMhz() : Math.min(clock, s.smClockMhz());
      }
    }
    return Optional.of(new TrialConditions(ClockEventReasons.names(reasons), clock));
  }

  @Override
  public Optional<Telemetry> stop() {
    running = false;
    LockSupport.unpark(thread);
    try {
      thread.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (failure == null) {
      try {
        sample();
      } catch (RuntimeException e) {
        failure = e;
      }
    }
    List<Sample> copy;
    synchronized (samples) {
      copy = new ArrayList<>(samples);
    }
    return copy.isEmpty() ? Optional.empty() : Optional.of(TelemetryAggregator.summarise(intervalMillis, maxSmClock, copy));
  }

  /**
   * The samples so far.
   *
   * @return a copy
   */
  public List<Sample> samples() {
    synchronized (samples) {
      return new ArrayList<>(samples);
    }
  }
}
