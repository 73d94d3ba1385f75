package io.gpubench.engine.bench;

/**
 * Counts of positive values in bins half a percent wide on a log scale, for a quantile of every value seen at a cost
 * that does not grow with their number: the contention probe asks for one after each trial, in a worker that may
 * time millions of trials. Values are kept to the bin's resolution (0.5%), far below the probe's factor.
 */
final class LogHistogram {
  private static final double LOWEST = 10;
  private static final double STEP = Math.log(1.005);
  private static final int BINS = 4_000; // 10 ns to about 4.8 ms

  private final long[] counts = new long[BINS];
  private long total;

  /**
   * Adds a value; one below the lowest bin counts in it, one above the highest in that.
   *
   * @param value a positive value
   */
  void add(double value) {
    counts[bin(value)]++;
    total++;
  }

  /**
   * The value below which the share {@code q} of the values lie, to the bin's resolution (its upper edge).
   *
   * @param q in [0, 1]
   * @return the quantile, NaN when nothing was added
   */
  double quantile(double q) {
    if (total == 0) {
      return Double.NaN;
    }
    long rank = Math.max(1, (long) Math.ceil(q * total));
    long seen = 0;
    for (int i = 0; i < BINS; i++) {
      seen += counts[i];
      if (seen >= rank) {
        return LOWEST * Math.exp((i + 1) * STEP);
      }
    }
    return LOWEST * Math.exp(BINS * STEP);
  }

  /**
   * How many values were added.
   *
   * @return the count
   */
  long count() {
    return total;
  }

  private static int bin(double value) {
    if (!(value > LOWEST)) {
      return 0;
    }
    return (int) Math.min(BINS - 1, Math.floor(Math.log(value / LOWEST) / STEP));
  }
}
