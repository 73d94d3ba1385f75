package io.gpubench.engine.fit;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;

/**
 * The search for the largest batch that fits, by measurement. From the case's own batch it doubles while batches fit
 * (or halves while they do not), until one batch fits and a larger one does not; then it halves the gap between them
 * until the gap is within {@value #RESOLUTION_PERCENT}% of the batch that fits (or 1), and reports the largest batch
 * that fitted. Memory grows with the batch, but not always smoothly (an allocator rounds, a library picks another
 * algorithm at a size): a batch is only said to fit because it was measured to, never by interpolation.
 *
 * <p>A try that failed for another reason than memory ends the search: whether a larger batch fits is then unknown,
 * and the report says so rather than calling the last batch the largest. So do the try limit (the report then
 * gives the interval the largest lies in) and {@link #MAX_BATCH}.
 */
final class FitSearch {
  /** How near the bisection comes to the largest fitting batch, in percent of it. */
  static final int RESOLUTION_PERCENT = 5;

  /** The largest batch tried: far beyond what any device holds a sample of at a byte each. */
  static final long MAX_BATCH = 1L << 40;

  private final int maxTries;

  /**
   * Makes a search.
   *
   * @param maxTries the most tries beyond the case's own run
   */
  FitSearch(int maxTries) {
    this.maxTries = maxTries;
  }

  /**
   * What the search found, as its parts: the tries, the largest batch that fits and why it stopped.
   *
   * @param tries every try, the first one first
   * @param largest the largest batch that fits, or null
   * @param stop why it stopped
   */
  record Found(List<FitTry> tries, Long largest, String stop) {}

  /**
   * Searches.
   *
   * @param first the case's own run at its declared batch
   * @param measure measures one batch
   * @return the tries and what they say
   */
  Found search(FitTry first, LongFunction<FitTry> measure) {
    List<FitTry> tries = new ArrayList<>(List.of(first));
    if (first.verdict() == FitTry.Verdict.FAILED) {
      return new Found(tries, null, "the case failed at its declared batch for another reason than memory");
    }
    Long fits = first.verdict() == FitTry.Verdict.FITS ? first.batch() : null;
    Long tooLarge = first.verdict().tooLarge() ? first.batch() : null;
    while (true) {
      long next;
      if (tooLarge == null) {
        if (fits >= MAX_BATCH) {
          return new Found(tries, fits, "every batch up to " + MAX_BATCH + " fits: the search goes no further");
        }
        next = fits * 2;
      } else if (fits == null) {
        if (tooLarge <= 1) {
          return new Found(tries, null, "even a batch of 1 does not fit");
        }
        next = tooLarge / 2;
      } else {
        if (tooLarge - fits <= Math.max(1, fits * RESOLUTION_PERCENT / 100)) {
          return new Found(tries, fits, tooLarge - fits == 1 ? "the next batch, " + tooLarge + ", does not fit"
              : "within " + RESOLUTION_PERCENT + "%: " + tooLarge + " does not fit");
        }
        next = fits + (tooLarge - fits) / 2;
      }
      if (tries.size() > maxTries) {
        return new Found(tries, fits, "the try limit (" + maxTries + ", gpubench.fit.maxTries) was reached"
            + (tooLarge == null ? "; larger batches were not tried"
            : fits == null ? "; smaller batches were not tried" : "; the largest lies below " + tooLarge));
      }
      FitTry t = measure.apply(next);
      tries.add(t);
      switch (t.verdict()) {
        case FITS -> fits = next;
        case OVER_SHARE, OUT_OF_MEMORY -> tooLarge = next;
        default -> {
          return new Found(tries, fits, "batch " + next + " failed for another reason than memory: whether larger"
              + " batches fit is not known");
        }
      }
    }
  }
}
