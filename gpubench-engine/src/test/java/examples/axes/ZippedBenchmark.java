package examples.axes;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Better;
import io.gpubench.api.Cost;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/** A zipped group that mixes a name with numbers, multiplied by a name axis; the cost uses the zipped numbers. */
@GpuBenchmark
@Shape("(layer,m,k)=(qkv,16,8)|(mlp,16,32),dtype=e4m3|e5m2")
@Cost(flops = "2*m*k")
@Trials(min = 2, max = 2, maxWarmupSeconds = 0)
public class ZippedBenchmark {
  @Setup
  void read(BenchContext ctx) {
    ctx.metric("k", ctx.dim("k"), "", Better.NEITHER);
    ctx.metric("layerIsMlp", ctx.axis("layer", String.class).equals("mlp") ? 1 : 0, "", Better.NEITHER);
  }

  @Measure
  void run() {}
}
