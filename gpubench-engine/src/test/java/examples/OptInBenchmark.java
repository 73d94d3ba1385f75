package examples;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Trials;

/** Kept out of the default run; runs when gpubench.include names it. */
@GpuBenchmark(enabledByDefault = false)
@Trials(min = 2, max = 2)
public class OptInBenchmark {
  private int calls;

  @Measure
  void spin(io.gpubench.api.BenchContext ctx) {
    ctx.metric("calls", ++calls, "", io.gpubench.api.Better.NEITHER);
  }
}
