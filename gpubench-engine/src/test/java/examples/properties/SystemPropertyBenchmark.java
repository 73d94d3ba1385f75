package examples.properties;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Better;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;

/**
 * Benchmark code configured by a system property, as a user's is ({@code mvn verify -Dfixture.repeat=3}): its set-up
 * fails when the property did not reach the process the case runs in, and records the value it read.
 */
@GpuBenchmark
@Tolerance(maxAbs = 0)
@Trials(warmup = 1, min = 2, max = 2)
public class SystemPropertyBenchmark {
  /** The property the test sets in the build JVM only. */
  public static final String KEY = "fixture.repeat";

  int repeat;

  @Setup
  void read(BenchContext ctx) {
    String value = System.getProperty(KEY);
    if (value == null) {
      throw new IllegalStateException(KEY + " is not set in process " + ProcessHandle.current().pid());
    }
    repeat = Integer.parseInt(value);
    ctx.metric("repeat", repeat, "", Better.NEITHER);
    ctx.metric("pid", ProcessHandle.current().pid(), "", Better.NEITHER);
  }

  @Measure
  double[] sum() {
    double s = 0;
    for (int i = 0; i < repeat; i++) {
      s += i;
    }
    return new double[] {s};
  }

  @Reference
  double[] expected() {
    double s = 0;
    for (int i = 0; i < repeat; i++) {
      s += i;
    }
    return new double[] {s};
  }
}
