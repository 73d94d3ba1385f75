package examples.protocol;

import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.TearDown;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;

/**
 * Fails in the phase its {@code phase} axis names (1 = @Setup, 2 = @Reference, 3 = @TearDown, 4 = a NaN reference),
 * so that each failure's message can be checked for the phase and member.
 */
@GpuBenchmark
@Shape("phase=1|2|3|4")
@Tolerance(maxAbs = 0)
@Trials(min = 2, max = 2)
public class FailingPhasesBenchmark {
  int phase;

  @Setup
  void setup(BenchContext ctx) {
    phase = ctx.dim("phase");
    if (phase == 1) {
      throw new IllegalStateException("no such device memory pool");
    }
  }

  @Measure
  double[] run() {
    return new double[] {1};
  }

  @Reference
  double[] expected() {
    if (phase == 2) {
      throw new IllegalStateException("reference library missing");
    }
    return new double[] {phase == 4 ? Double.NaN : 1};
  }

  @TearDown
  void release() {
    if (phase == 3) {
      throw new IllegalStateException("double free");
    }
  }
}
