package examples.recording;

import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Precision;
import io.gpubench.api.Precisions;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/** Host work worth a JFR recording: two shapes, so that a pattern can select one case. */
@GpuBenchmark
@Shape("n=20000|40000")
@Precisions(Precision.FP32)
@Trials(warmup = 1, min = 3, max = 3)
public class HostLoopBenchmark {
  private int n;
  double sink;

  @Setup
  void setup(BenchContext ctx) {
    n = ctx.dim("n");
  }

  @Measure
  void loop() {
    double s = 0;
    for (int i = 1; i <= n; i++) {
      s += Math.sqrt(i) / i;
    }
    sink = s;
  }
}
