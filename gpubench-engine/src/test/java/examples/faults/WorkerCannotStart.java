package examples.faults;

import io.gpubench.api.Fork;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/** A JVM argument the JVM refuses: the worker cannot start, and the case says why. */
@GpuBenchmark
@Shape("n=8")
@Trials(warmup = 1, min = 2, max = 2)
@Fork(jvmArgs = "-XX:+NoSuchOptionForGpubench")
public class WorkerCannotStart {
  @Measure
  void work() {}
}
