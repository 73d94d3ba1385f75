package examples;

import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Tensor;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;

/**
 * Workloads that each break one rule of the protocol; every one must fail its own case with the cause while the
 * others still run. The reference is the element-wise double of the input.
 */
@GpuBenchmark
@Shape("n=64")
@Tolerance(maxAbs = 1e-6)
@Trials(warmup = 2, min = 2, max = 3)
public class MisbehavingBenchmark {
  HostTensor x;
  HostTensor y;
  int calls;

  @Setup
  void setup(BenchContext ctx) {
    x = (HostTensor) ctx.random("x", ctx.dim("n"));
    y = (HostTensor) ctx.output("y", ctx.dim("n"));
  }

  @Measure
  void correct() {
    for (int i = 0; i < x.floats().length; i++) {
      y.floats()[i] = 2 * x.floats()[i];
    }
  }

  /** Leaves the second half unwritten: the NaN poison shows. */
  @Measure
  void unwritten() {
    for (int i = 0; i < x.floats().length / 2; i++) {
      y.floats()[i] = 2 * x.floats()[i];
    }
  }

  /** Writes into its input. */
  @Measure
  void mutatesInput() {
    for (int i = 0; i < x.floats().length; i++) {
      y.floats()[i] = 2 * x.floats()[i];
    }
    x.floats()[0] += 1;
  }

  /** Carries state from call to call: right the first time only. */
  @Measure
  void carriesState() {
    calls++;
    for (int i = 0; i < x.floats().length; i++) {
      y.floats()[i] = 2 * x.floats()[i] + (calls > 1 ? 0.5f : 0);
    }
  }

  @Measure
  void throwsError() {
    throw new IllegalStateException("kernel launch failed: too many resources requested");
  }

  @Measure
  void skipsItself(BenchContext ctx) {
    ctx.skip("this library has no kernel for n = " + ctx.dim("n"));
  }

  @Reference
  Tensor expected(BenchContext ctx) {
    HostTensor in = (HostTensor) ctx.random("x", ctx.dim("n"));
    double[] out = new double[(int) in.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = 2 * in.get(i);
    }
    return HostTensor.ofDoubles("expected", out);
  }
}
