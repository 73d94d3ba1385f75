package examples.faults;

import com.sun.jna.Library;
import com.sun.jna.Native;
import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;

/** Workloads that end their process: each costs its case only; the others run in new workers. */
@GpuBenchmark
@Shape("n=8")
@Tolerance(maxAbs = 1e-6)
@Trials(warmup = 1, min = 2, max = 2)
public class ProcessKillers {
  HostTensor x;

  /** libc, for a native abort as a library that fails an assertion would. */
  public interface LibC extends Library {
    /** Aborts the process with SIGABRT. */
    void abort();
  }

  @Setup
  void setup(BenchContext ctx) {
    x = Doubling.input(ctx);
  }

  @Reference
  float[] reference() {
    return Doubling.twice(x);
  }

  @Measure
  float[] exits() {
    System.exit(3);
    return null;
  }

  @Measure
  float[] correct() {
    return Doubling.twice(x);
  }

  @Measure
  float[] halts() {
    Runtime.getRuntime().halt(4);
    return null;
  }

  @Measure
  float[] abortsInNativeCode() {
    Native.load("c", LibC.class).abort();
    return null;
  }

  @Measure
  float[] correctAfterThem() {
    return Doubling.twice(x);
  }
}
