package examples.axes;

import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/** A name axis read as an enum, with one value that is no constant of it: that case fails naming the constants. */
@GpuBenchmark
@Shape("algo=naive|tiled|fancy")
@Trials(min = 2, max = 2, maxWarmupSeconds = 0)
public class EnumAxisBenchmark {

  /** The algorithms the class knows. */
  public enum Algo { NAIVE, TILED }

  private Algo algo;

  @Setup
  void read(BenchContext ctx) {
    algo = ctx.axis("algo", Algo.class);
  }

  @Measure
  int run() {
    return algo.ordinal();
  }
}
