package examples.budget;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/**
 * A call whose time grows in proportion to the time since the case's first call (200 ns, then 200 ns more every
 * 0.1 ms, at most 5 ms a call, 2.5 s in), so that it rises round after round and does not settle, under a budget of
 * 0.2 s: the warm-up of the second case, {@code n=2}, is cut short by the budget, not waited for, and flagged; the
 * first, {@code n=1}, the first case of its fresh worker, may warm up for a second, outside the budget, and so outlasts
 * its share of the budget. The warm-up's rounds grow with the time it spent (half of it, from 0.2 ms), so a time in
 * proportion to the time spent rises by about the same share over any window of rounds, the first included. (A time
 * that grew with the calls made rose less between rounds the longer it ran, and on a loaded host a fork once read it
 * "steady +0.3%"; a time doubling every 10 ms rose 3.5% over the first half-millisecond of 0.2 ms rounds of a later
 * case, within the rule's 5%, and read "steady +1.8%".)
 */
@GpuBenchmark(enabledByDefault = false)
@Shape("n=1|2")
@Trials(min = 3, max = 5, budgetSeconds = 0.2)
public class GetsSlower {
  private long first;

  @Measure
  long run() {
    long start = System.nanoTime();
    if (first == 0) {
      first = start;
    }
    // 200 ns at the first call, 200 ns more every 0.1 ms, at most 5 ms a call
    long spin = (long) Math.min(5e6, 200 * (1 + (start - first) / 100e3));
    long spins = 0;
    while (System.nanoTime() - start < spin) {
      spins++;
    }
    return spins;
  }
}
