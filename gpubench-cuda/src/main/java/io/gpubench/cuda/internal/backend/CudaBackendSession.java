package io.gpubench.cuda.internal.backend;

import io.gpubench.api.DeviceTensor;
import io.gpubench.api.DeviceTiming;
import io.gpubench.api.Tensor;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.FrameworkStream;
import io.gpubench.api.spi.KernelAuditor;
import io.gpubench.api.spi.ProfilerHooks;
import io.gpubench.api.spi.SessionSpec;
import io.gpubench.api.spi.TelemetryRecorder;
import io.gpubench.api.spi.TensorFactory;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.cuda.CaseResources;
import io.gpubench.cuda.Cuda;
import io.gpubench.cuda.CudaDevice;
import io.gpubench.cuda.CudaErrors;
import io.gpubench.cuda.CudaStream;
import io.gpubench.cuda.DeviceRuntime;
import io.gpubench.cuda.internal.audit.CuptiAuditor;
import io.gpubench.cuda.internal.jna.CudaHot;
import io.gpubench.cuda.internal.profiler.CudaProfiler;
import io.gpubench.cuda.internal.telemetry.NvmlDevice;
import io.gpubench.cuda.internal.telemetry.TelemetrySampler;
import io.gpubench.cuda.nccl.Membership;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One case on one CUDA device, as the engine drives it: the protocol over the case's {@link CaseResources} (its
 * stream, memory, tensors, kernels and plans), with its clocks, telemetry, kernel audit, profiler hooks and, in a
 * world, its rank's membership. The engine opens it through {@link CudaBackend#open} and closes it. Benchmark code
 * gets the {@link Cuda} façade instead ({@code ctx.unwrap(Cuda.class)}), which offers the device, the stream,
 * kernels, cuBLASLt products, addresses and memory, and cannot close the session or start telemetry.
 *
 * <p>Everything the session allocated is freed when the engine closes it. Peak memory is the peak of the bytes this
 * session allocated (tensors, the cuBLASLt workspace, staging buffers), not the device's total use.
 *
 * <p>A framework that launches on a stream of its own (DJL's PyTorch engine: the device's legacy default stream)
 * has the trials timed there through {@code unwrap(FrameworkStream.class)}; the arrays it returns are checked in place
 * as {@link DeviceTensor}s of this device, after the device has finished the work queued so far.
 */
final class CudaBackendSession implements BackendSession {
  private final String backendId;
  private final SessionSpec spec;
  private final CaseResources resources;
  private final Supplier<Optional<NvmlDevice>> nvml;
  private final List<CudaTrialClock> trialClocks = new ArrayList<>();
  private final EventClock clock;
  private boolean closed;
  // the session's membership of its case's world, or null for a case of one device
  private final Membership world;
  private final Duration worldWait;

  /**
   * Opens the case's resources, then, in a world, joins it: the join returns once every rank has joined, and a
   * failure frees what the session made so far.
   */
  CudaBackendSession(String backendId, DeviceRuntime runtime, SessionSpec spec, long workspaceLimit,
      Supplier<Optional<NvmlDevice>> nvml) {
    this.backendId = backendId;
    this.spec = spec;
    this.nvml = nvml;
    resources = new CaseResources(backendId, runtime, spec.caseId(), workspaceLimit, this::awaitWorld);
    clock = new EventClock(resources, this::awaitWorld);
    worldWait = spec.world() == null ? null : Duration.ofMillis(spec.world().waitMillis());
    world = spec.world() == null ? null : join(spec);
  }

  private Membership join(SessionSpec spec) {
    try {
      return WorldTransport.join(spec.world(), resources.device());
    } catch (RuntimeException | Error e) {
      close();
      throw e;
    }
  }

  /** The case's resources, for the peak probe and the tests. */
  CaseResources resources() {
    return resources;
  }

  @Override
  public TensorFactory tensors() {
    return resources.tensors();
  }

  @Override
  public void poison(Tensor tensor) {
    resources.poison(tensor);
  }

  @Override
  public long fingerprint(Tensor tensor) {
    return resources.fingerprint(tensor);
  }

  @Override
  public ErrorStats compare(Tensor actual, Tensor expected, double range) {
    return resources.compare(actual, expected, range);
  }

  @Override
  public Optional<Tensor> adopt(String name, Object returned) {
    return resources.adopt(name, returned);
  }

  /**
   * Waits for the device. In a world the case's stream is awaited through the communicator first (NCCL's advice: a
   * blocking synchronise could wait forever for a peer that failed, the communicator's wait gives up on it and
   * aborts), then the whole context.
   */
  @Override
  public void synchronize() {
    resources.synchronize();
  }

  private void awaitWorld() {
    if (world != null) {
      world.await(resources.stream(), worldWait);
    }
  }

  /** Aborts the session's world, after another rank failed: its waits end now. */
  @Override
  public void abort() {
    if (world != null) {
      world.abort();
    }
  }

  @Override
  public TrialClock clock() {
    return clock;
  }

  /**
   * The clock of this case's trials in a device timing mode ({@link CudaTrialClock}): events around plain launches,
   * calls queued behind a blocking kernel, or calls captured into a CUDA graph and replayed; {@code AUTO} picks by
   * the length of a trial. Closed with the session.
   */
  @Override
  public TrialClock clock(DeviceTiming requested) {
    return trialClock(requested, CudaTrialClock.MIN_BLOCK_TIMEOUT_NANOS);
  }

  CudaTrialClock trialClock(DeviceTiming requested, long minBlockTimeoutNanos) {
    resources.check();
    CudaTrialClock c = new CudaTrialClock(resources, spec.cache(), requested, minBlockTimeoutNanos);
    trialClocks.add(c);
    return c;
  }

  @Override
  public void flushCache() {
    resources.flushCache();
  }

  @Override
  public TelemetryRecorder startTelemetry() {
    return nvml.get()
        .<TelemetryRecorder>map(d ->
            new TelemetrySampler(d, spec.telemetryIntervalMillis(), "gpubench-nvml-" + backendId))
        .orElse(TelemetryRecorder.NONE);
  }

  @Override
  public void resetPeakMemory() {
    resources.resetPeakMemory();
  }

  @Override
  public Optional<Long> peakMemoryBytes() {
    return Optional.of(resources.peakMemoryBytes());
  }

  @Override
  public <T> Optional<T> unwrap(Class<T> type) {
    // Never the session itself, nor the world's membership: benchmark code reaches them through BenchContext.unwrap,
    // and must not close them.
    if (type == Cuda.class) {
      return Optional.of(type.cast(resources.cuda()));
    }
    if (type == CudaStream.class) {
      return Optional.of(type.cast(resources.stream()));
    }
    if (type == CudaDevice.class) {
      return Optional.of(type.cast(resources.device()));
    }
    if (type == io.gpubench.api.spi.DeviceMemoryMeter.class) {
      return nvml.get().map(d -> type.cast(new io.gpubench.cuda.internal.telemetry.ProcessMemory(d)));
    }
    if (type == FrameworkStream.class) {
      FrameworkStream frameworkStream = resources::timeOn;
      return Optional.of(type.cast(frameworkStream));
    }
    if (world != null && type.isInstance(world.communicator())) {
      // the case's world: an io.gpubench.cuda.nccl.Communicator, the view without join, close and abort
      return Optional.of(type.cast(world.communicator()));
    }
    if (type == ProfilerHooks.class) {
      // cuProfilerStart/Stop on this session's context, NVTX ranges; the engine opens them around the trials
      return Optional.of(type.cast(CudaProfiler.hooks(resources::check)));
    }
    if (type == KernelAuditor.class) {
      // CUPTI over this session's context; the engine starts it after the trials, around one more call
      return Optional.of(type.cast(new CuptiAuditor(resources.runtime().context(), resources.device().ordinal(),
          this::synchronize, spec.caseId())));
    }
    return Optional.empty();
  }

  /**
   * Frees what the session made. Never throws: the engine closes sessions in a {@code finally}, where an exception
   * would hide the case's own result. When the device reports a sticky error (a kernel of this case faulted), CUDA
   * cannot recover the context in this process: the device is marked, and later sessions on it are refused with
   * this case's error.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      resources.runtime().makeCurrent();
      if (world != null) {
        // destroyed when healthy, aborted after a fault (a destroy would wait for a peer that is gone)
        world.close();
      }
      int rc = CudaHot.cuCtxSynchronize();
      if (rc != 0 && DeviceRuntime.sticky(rc)) {
        String what = CudaErrors.cudaError(rc, "cuCtxSynchronize", "closing the session of " + spec.caseId())
            .getMessage();
        resources.runtime().markFaulted(what);
        System.err.println("gpubench-cuda: " + what + "; CUDA cannot recover from this in the process, so "
            + backendId + " takes no more cases in this run");
        return;
      }
      for (CudaTrialClock c : trialClocks) {
        c.close();
      }
      clock.close();
      resources.close();
    } catch (RuntimeException | LinkageError e) {
      System.err.println("gpubench-cuda: closing the session of " + spec.caseId() + " failed: " + e);
    } finally {
      resources.forget();
    }
  }
}
