package examples.faults;

import io.gpubench.api.BenchContext;
import io.gpubench.api.HostTensor;

/** The correct workload every fault fixture also has: y = 2x, checked against the same reference. */
final class Doubling {
  private Doubling() {}

  static HostTensor input(BenchContext ctx) {
    return (HostTensor) ctx.random("x", ctx.dim("n"));
  }

  static float[] twice(HostTensor x) {
    float[] y = new float[x.floats().length];
    for (int i = 0; i < y.length; i++) {
      y[i] = 2 * x.floats()[i];
    }
    return y;
  }
}
