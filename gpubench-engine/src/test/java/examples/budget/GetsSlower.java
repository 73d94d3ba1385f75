package examples.budget;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/**
 * A call that gets slower the more it is made (each call walks what the calls before it left), so that its time
 * rises round after round and never settles, under a budget of 0.2 s: the warm-up is cut short by the budget, not
 * waited for, and flagged.
 */
@GpuBenchmark(enabledByDefault = false)
@Shape("n=1")
@Trials(min = 3, max = 5, budgetSeconds = 0.2)
public class GetsSlower {
  private long calls;

  @Measure
  long run() {
    calls++;
    long sum = 0;
    for (long i = 0; i < calls / 16; i++) {
      sum += i ^ calls;
    }
    return sum;
  }
}
