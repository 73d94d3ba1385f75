package examples.budget;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/**
 * A call whose time doubles every 10 ms of the case's life up to 5 ms (150 ms in), so that it rises round after round
 * and does not settle before, under a budget of 0.2 s: the warm-up of the second case, {@code n=2}, is cut short by
 * the budget, not waited for, and flagged; the first, {@code n=1}, the first case of its fresh worker, may warm up for
 * a second, outside the budget, and so outlasts its share of the budget. (A time that grew with
 * the calls made, one more step every 16 calls, rose less between rounds the longer it ran, and on a loaded host a
 * fork once read it "steady +0.3%"; a doubling by the clock rises by the same share whatever a round's length.)
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
    // 200 ns at the first call, doubled every 10 ms, at most 5 ms a call
    double doublings = Math.min(15, (start - first) / 10e6);
    long spin = (long) (200 * Math.pow(2, doublings));
    long spins = 0;
    while (System.nanoTime() - start < spin) {
      spins++;
    }
    return spins;
  }
}
