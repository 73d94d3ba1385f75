package examples.axes;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Better;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/**
 * A whole-number range, a real axis and a name axis read as an enum: each case records what it read, so a test can
 * hold the figures against the case's shape (they cross the wire to the worker and back).
 */
@GpuBenchmark
@Shape("n=2^3..2^4,alpha=0.5|1.0,layout=row|col")
@Trials(min = 2, max = 2, maxWarmupSeconds = 0)
public class KindsBenchmark {

  /** How the case lays its data out. */
  public enum Layout { ROW, COL }

  @Setup
  void read(BenchContext ctx) {
    ctx.metric("n", ctx.axis("n", Long.class), "", Better.NEITHER);
    ctx.metric("dim", ctx.dim("n"), "", Better.NEITHER);
    ctx.metric("alpha", ctx.axis("alpha", Double.class), "", Better.NEITHER);
    ctx.metric("layout", ctx.axis("layout", Layout.class).ordinal(), "", Better.NEITHER);
  }

  @Measure
  void run() {}
}
