package io.gpubench.engine.fit;

/**
 * One batch the fit helper measured, and what became of it.
 *
 * @param batch the batch
 * @param verdict whether it fits
 * @param peakBytes the peak the try reached (the worker's device memory on a GPU, its resident set on the CPU), or
 *     null where the try ended before a figure
 * @param limitBytes the share of the device's memory a fitting batch stays within, or null where unknown
 * @param message why it does not fit or failed, as the case's result said; empty for a batch that fits
 */
public record FitTry(long batch, Verdict verdict, Long peakBytes, Long limitBytes, String message) {

  /** What a try says of its batch. */
  public enum Verdict {
    /** It ran, and its peak stayed within the share of the device's memory. */
    FITS,
    /** It ran, but its peak went beyond the share. */
    OVER_SHARE,
    /** It ran out of memory: the device's allocator, a framework's or the JVM's heap. */
    OUT_OF_MEMORY,
    /** It failed for another reason than memory: the search cannot say whether larger batches fit. */
    FAILED;

    /** Whether the batch bounds the search from above: it ran, or would run, out of the memory allowed. */
    boolean tooLarge() {
      return this == OVER_SHARE || this == OUT_OF_MEMORY;
    }
  }
}
