package io.gpubench.engine.execution;

import io.gpubench.api.BackendId;
import io.gpubench.api.DeviceTiming;
import io.gpubench.api.Precision;
import io.gpubench.api.Tensor;
import io.gpubench.api.result.DeviceInfo;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.api.result.KernelAudit;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendProvider;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.BackendSettings;
import io.gpubench.api.spi.FrameworkStream;
import io.gpubench.api.spi.KernelAuditor;
import io.gpubench.api.spi.ProfilerHooks;
import io.gpubench.api.spi.SessionSpec;
import io.gpubench.api.spi.TelemetryRecorder;
import io.gpubench.api.spi.TensorFactory;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.engine.backend.cpu.CpuBackend;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A device that computes on the host but has a kernel auditor and profiler hooks, as a CUDA GPU has: the engine's
 * audit step, recorders and reports can be tested without a GPU. Found through {@code ServiceLoader} (this module's
 * test resources) only when a run sets {@code gpubench.test.fake-gpu}: {@code audit} (the auditor audits: one
 * "kernel" per {@link #launch()} between start and stop) or {@code refused} (it refuses, as CUPTI without the
 * permission to profile). {@code gpubench.test.fake-gpu.profiler=NAME} makes a profiler look attached.
 */
public final class FakeGpu {
  /** Launches of the benchmark's "kernel": benchmark code calls {@link #launch()} in its workload. */
  static final AtomicInteger LAUNCHES = new AtomicInteger();
  /** What the hooks and the auditor saw, in order (in the process that ran the case). */
  static final List<String> EVENTS = new CopyOnWriteArrayList<>();
  /** The reason a refusing auditor gives. */
  static final String REFUSED = "CUPTI refused: cuptiActivityEnable failed: CUPTI_ERROR_INSUFFICIENT_PRIVILEGES "
      + "(35); profiling is restricted to administrators on this machine";

  private FakeGpu() {}

  /** What benchmark code calls for each "kernel" it launches. */
  public static void launch() {
    LAUNCHES.incrementAndGet();
  }

  /**
   * Whether an audit is running, in this process.
   *
   * @return true between the auditor's start and stop
   */
  public static boolean auditing() {
    return !EVENTS.isEmpty() && EVENTS.get(EVENTS.size() - 1).equals("audit start");
  }

  /** The provider; it finds the device only where a run asks for it. */
  public static final class Provider implements BackendProvider {
    /** For {@code ServiceLoader}. */
    public Provider() {}

    @Override
    public List<io.gpubench.api.spi.Backend> backends(BackendSettings settings) {
      return settings.get("test.fake-gpu").map(mode -> List.<io.gpubench.api.spi.Backend>of(
          new Device(mode.equals("refused"), settings.get("test.fake-gpu.profiler").orElse(null))))
          .orElse(List.of());
    }
  }

  /**
   * The device.
   *
   * @param refuses whether its auditor refuses
   * @param profiler the name of the profiler that looks attached, or null
   */
  record Device(boolean refuses, String profiler) implements Backend {
    @Override
    public BackendId id() {
      return BackendId.of("fakegpu", 0);
    }

    @Override
    public Optional<String> unavailableReason() {
      return Optional.empty();
    }

    @Override
    public DeviceInfo describe() {
      return new DeviceInfo(id(), "fake GPU", true, null, Map.of());
    }

    @Override
    public Optional<String> unsupported(Precision precision) {
      return Optional.empty();
    }

    @Override
    public BackendSession open(SessionSpec spec) {
      return new Session(new CpuBackend().open(spec), this);
    }
  }

  /** The host's session, with an auditor and hooks. */
  static final class Session implements BackendSession {
    private final BackendSession host;
    private final Device device;

    Session(BackendSession host, Device device) {
      this.host = host;
      this.device = device;
    }

    @Override
    public <T> Optional<T> unwrap(Class<T> type) {
      if (type == KernelAuditor.class) {
        return Optional.of(type.cast(new Auditor(device.refuses())));
      }
      if (type == ProfilerHooks.class) {
        return Optional.of(type.cast(new Hooks(device.profiler())));
      }
      if (type == FrameworkStream.class) {
        // as gpubench-cuda offers it: a framework names the stream its work runs on
        FrameworkStream named = (address, name) -> { };
        return Optional.of(type.cast(named));
      }
      return host.unwrap(type);
    }

    @Override
    public TensorFactory tensors() {
      return host.tensors();
    }

    @Override
    public void poison(Tensor tensor) {
      host.poison(tensor);
    }

    @Override
    public long fingerprint(Tensor tensor) {
      return host.fingerprint(tensor);
    }

    @Override
    public ErrorStats compare(Tensor actual, Tensor expected, double range) {
      return host.compare(actual, expected, range);
    }

    @Override
    public Optional<Tensor> adopt(String name, Object returned) {
      return host.adopt(name, returned);
    }

    @Override
    public void synchronize() {
      host.synchronize();
    }

    @Override
    public TrialClock clock() {
      return host.clock();
    }

    @Override
    public TrialClock clock(DeviceTiming requested) {
      return host.clock(requested);
    }

    @Override
    public void flushCache() {
      host.flushCache();
    }

    @Override
    public TelemetryRecorder startTelemetry() {
      return host.startTelemetry();
    }

    @Override
    public void resetPeakMemory() {
      host.resetPeakMemory();
    }

    @Override
    public Optional<Long> peakMemoryBytes() {
      return host.peakMemoryBytes();
    }

    @Override
    public void close() {
      host.close();
    }
  }

  /**
   * Audits as CUPTI would, from the launches it sees: one kernel row whose count is the launches between start and
   * stop, and in its notes the launches made before the audit started (so a test in another process can tell that
   * the audit came after the trials).
   */
  record Auditor(boolean refuses) implements KernelAuditor {
    @Override
    public Audit start() {
      EVENTS.add("audit start");
      if (refuses) {
        return calls -> KernelAudit.skipped(REFUSED);
      }
      int before = LAUNCHES.get();
      long started = System.nanoTime();
      return calls -> {
        EVENTS.add("audit stop");
        int launched = LAUNCHES.get() - before;
        double nanos = System.nanoTime() - started;
        KernelAudit.Kernel k = new KernelAudit.Kernel("fake_kernel", KernelAudit.Library.BENCHMARK, "JVM (JNA)",
            KernelAudit.Method.STACK, (double) launched / calls, 1000, 1.0);
        return new KernelAudit(null, calls, 1250, 1000, 0, 0.8, 0, 0, 0, List.of(k), List.of(),
            new KernelAudit.Attribution("fake", 1, 0, 0, List.of("launches before the audit: " + before)),
            new KernelAudit.Cost(nanos, nanos, launched, launched, 10L * launched, 0));
      };
    }
  }

  /** Hooks that log what is opened and closed. */
  record Hooks(String profiler) implements ProfilerHooks {
    @Override
    public Range capture() {
      EVENTS.add("capture start");
      return () -> EVENTS.add("capture stop");
    }

    @Override
    public Range range(String name) {
      EVENTS.add("push " + name);
      return () -> EVENTS.add("pop " + name);
    }

    @Override
    public Optional<String> attachedProfiler() {
      return Optional.ofNullable(profiler);
    }

    @Override
    public Optional<String> rangesUnavailable() {
      return Optional.empty();
    }
  }
}
