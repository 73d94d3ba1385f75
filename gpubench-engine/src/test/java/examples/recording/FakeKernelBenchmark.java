package examples.recording;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Better;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Precision;
import io.gpubench.api.Precisions;
import io.gpubench.api.Setup;
import io.gpubench.api.Trials;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.FrameworkStream;
import io.gpubench.api.spi.KernelAuditor;
import io.gpubench.api.spi.ProfilerHooks;
import io.gpubench.api.spi.TelemetryRecorder;
import io.gpubench.engine.execution.FakeGpu;
import java.util.List;

/**
 * One "kernel" per call on the fake GPU (found with {@code gpubench.test.fake-gpu}); its set-up counts the engine's
 * own types the context would hand it (none, or benchmark code could close its session or start an audit).
 */
@GpuBenchmark(backends = "fakegpu")
@Precisions(Precision.FP32)
@Trials(warmup = 2, min = 3, max = 3, callsPerTrial = 2)
public class FakeKernelBenchmark {

  @Setup
  void setup(BenchContext ctx) {
    int visible = 0;
    for (Class<?> engineSide : List.of(KernelAuditor.class, ProfilerHooks.class, BackendSession.class,
        TelemetryRecorder.class)) {
      visible += ctx.unwrap(engineSide).isPresent() ? 1 : 0;
    }
    ctx.metric("engineTypesVisible", visible, "", Better.NEITHER);
    // the one SPI type benchmark code reaches: a framework's support names its stream through it (gpubench-djl)
    ctx.metric("frameworkStreamVisible", ctx.unwrap(FrameworkStream.class).isPresent() ? 1 : 0,
        "", Better.NEITHER);
  }

  @Measure
  void kernel() {
    FakeGpu.launch();
  }
}
