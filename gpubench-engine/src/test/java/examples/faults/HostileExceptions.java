package examples.faults;

import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;

/** Exceptions that fight being described: a cause cycle, a throwing getMessage, a huge message. */
@GpuBenchmark
@Shape("n=8")
@Tolerance(maxAbs = 1e-6)
@Trials(warmup = 1, min = 2, max = 2)
public class HostileExceptions {
  HostTensor x;

  @Setup
  void setup(BenchContext ctx) {
    x = Doubling.input(ctx);
  }

  @Reference
  float[] reference() {
    return Doubling.twice(x);
  }

  @Measure
  float[] causeCycle() {
    RuntimeException a = new RuntimeException("a");
    RuntimeException b = new RuntimeException("b", a);
    a.initCause(b);
    throw a;
  }

  @Measure
  float[] throwingGetMessage() {
    throw new IllegalStateException() {
      private static final long serialVersionUID = 1L;

      @Override
      public String getMessage() {
        throw new UnsupportedOperationException("no message for you");
      }

      @Override
      public String toString() {
        throw new UnsupportedOperationException("no string either");
      }
    };
  }

  @Measure
  float[] hugeMessage() {
    throw new IllegalArgumentException("x".repeat(5_000_000));
  }

  @Measure
  float[] correct() {
    return Doubling.twice(x);
  }
}
