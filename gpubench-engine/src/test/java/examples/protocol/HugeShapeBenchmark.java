package examples.protocol;

import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/** A shape whose input cannot exist on the host: the case must name the axes and values, not "integer overflow". */
@GpuBenchmark
@Shape("m=65536,n=65536")
@Trials(min = 2, max = 2)
public class HugeShapeBenchmark {
  @Setup
  void setup(BenchContext ctx) {
    ctx.random("a", ctx.dim("m"), ctx.dim("n"));
  }

  @Measure
  void run() {}
}
