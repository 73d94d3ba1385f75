package io.gpubench.examples.gpuinsights;

/**
 * GPU-Insights' score: {@code samples/s × epochs / 10 × 100}. Its results table stores this score (not the raw
 * samples/s) in the {@code fp32} and {@code fp16} fields, so a throughput is only comparable with the table once it is
 * scored with the same epoch count.
 */
public final class GpuInsightsScore {

  /** The epoch count of GPU-Insights' command line when none is given ({@code -e 5}). */
  public static final int DEFAULT_EPOCHS = 5;

  private GpuInsightsScore() {}

  /**
   * The score of a throughput.
   *
   * @param samplesPerSecond training throughput
   * @param epochs the epoch count the score is for
   * @return the score
   * @throws IllegalArgumentException for a negative or non-finite throughput or fewer than one epoch
   */
  public static double score(double samplesPerSecond, int epochs) {
    if (!(samplesPerSecond >= 0) || Double.isInfinite(samplesPerSecond)) {
      throw new IllegalArgumentException("cannot score a throughput of " + samplesPerSecond + " samples/s");
    }
    if (epochs < 1) {
      throw new IllegalArgumentException("GPU-Insights' score needs at least one epoch, got " + epochs);
    }
    return samplesPerSecond * epochs / 10.0 * 100.0;
  }
}
