package examples.resolution;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Shape;

/**
 * A call the JIT empties, at the engine's defaults (±1%, at least five trials, two forks): its trials of a fraction
 * of a nanosecond a call are ±2–5% apart (a timer interrupt in a 0.1 ms trial), so the relative target would take
 * tens of trials to narrow an interval of hundredths of a nanosecond. The second case runs in workers whose loop the
 * first compiled.
 */
@GpuBenchmark(enabledByDefault = false)
@Shape("i=1|2")
public class EmptiedCall {
  @Measure
  void nothing() {}
}
