package examples.resolution;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/**
 * A call the JIT empties, at the engine's defaults but for a relative target of ±0.1% (at least five trials, two
 * forks): its trials of a fraction of a nanosecond a call are ±1–5% apart (a timer interrupt in a 0.1 ms trial), so
 * the relative target would take tens of trials to narrow an interval of hundredths of a nanosecond. (At the default
 * ±1% a quiet stretch of trials sometimes reached the target after five, which is right but not what the test is
 * about.) The second case runs in workers whose loop the first compiled.
 */
@GpuBenchmark(enabledByDefault = false)
@Shape("i=1|2")
@Trials(targetRelativeHalfWidth = 0.001)
public class EmptiedCall {
  @Measure
  void nothing() {}
}
