package io.gpubench.djl.training;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * Picks the largest batch size whose measured peak memory fits {@link #SAFETY_FACTOR} of the device's memory, as
 * GPU-Insights' auto batch size does, but from measurements on the device in use rather than a table calibrated
 * elsewhere.
 *
 * <p>Batch sizes are probed in doubling order from 1 up to a cap. Probing stops at the first batch that does not fit
 * (its peak is over the limit, or it ran out of memory), and before a batch whose peak, extrapolated linearly from the
 * last two probes, would not fit, so that a GPU is not driven into an out-of-memory error needlessly.
 */
public final class AutoBatchSize {

  /** The fraction of device memory a batch may use; GPU-Insights keeps 10% for the context and the system. */
  public static final double SAFETY_FACTOR = 0.90;

  /** Measures a batch size's peak memory. */
  @FunctionalInterface
  public interface PeakMemory {
    /**
     * Runs training steps at a batch size and measures the peak memory.
     *
     * @param batch the batch size
     * @return the peak in bytes, or empty when the device ran out of memory
     */
    OptionalLong at(int batch);
  }

  /**
   * One probe.
   *
   * @param batch the batch size
   * @param peakBytes its peak memory, or -1 when it ran out of memory
   * @param fits whether the peak is within the limit
   */
  public record Probe(int batch, long peakBytes, boolean fits) {}

  /**
   * The outcome.
   *
   * @param batch the batch size chosen
   * @param limitBytes {@link #SAFETY_FACTOR} of the device's memory
   * @param probes every batch size measured, in order
   */
  public record Choice(int batch, long limitBytes, List<Probe> probes) {
    /**
     * Copies the probes.
     *
     * @param batch the batch size chosen
     * @param limitBytes the limit
     * @param probes the probes
     */
    public Choice {
      probes = List.copyOf(probes);
    }
  }

  private AutoBatchSize() {}

  /**
   * Probes batch sizes 1, 2, 4 ... up to {@code maxBatch} and picks the largest that fits.
   *
   * @param name what is being sized, for messages
   * @param peak measures a batch size
   * @param capacityBytes the device's memory
   * @param maxBatch the largest batch worth trying
   * @return the choice and the measurements behind it
   * @throws IllegalStateException naming the figures when even a batch of 1 does not fit
   */
  public static Choice choose(String name, PeakMemory peak, long capacityBytes, int maxBatch) {
    if (maxBatch < 1 || capacityBytes <= 0) {
      throw new IllegalArgumentException("auto batch size of " + name + ": need maxBatch >= 1 and a positive "
          + "capacity, got maxBatch " + maxBatch + " and " + capacityBytes + " bytes");
    }
    long limit = (long) (capacityBytes * SAFETY_FACTOR);
    List<Probe> probes = new ArrayList<>();
    int chosen = 0;
    for (int batch = 1; batch <= maxBatch; batch = nextBatch(batch, maxBatch)) {
      OptionalLong measured = peak.at(batch);
      boolean fits = measured.isPresent() && measured.getAsLong() <= limit;
      probes.add(new Probe(batch, measured.orElse(-1), fits));
      if (!fits) {
        break;
      }
      chosen = batch;
      if (batch == maxBatch || extrapolatedPeak(probes, nextBatch(batch, maxBatch)) > limit) {
        break;
      }
    }
    if (chosen == 0) {
      Probe first = probes.get(0);
      throw new IllegalStateException("auto batch size of " + name + ": even a batch of 1 does not fit in "
          + mib(limit) + " MiB (" + Math.round(SAFETY_FACTOR * 100) + "% of " + mib(capacityBytes) + " MiB); it "
          + (first.peakBytes() < 0 ? "ran out of memory" : "peaked at " + mib(first.peakBytes()) + " MiB"));
    }
    return new Choice(chosen, limit, probes);
  }

  private static int nextBatch(int batch, int maxBatch) {
    return batch >= maxBatch ? maxBatch + 1 : (int) Math.min((long) batch * 2, maxBatch);
  }

  private static long extrapolatedPeak(List<Probe> probes, int nextBatch) {
    if (probes.size() < 2) {
      return Long.MIN_VALUE;
    }
    Probe a = probes.get(probes.size() - 2);
    Probe b = probes.get(probes.size() - 1);
    double perSample = (double) (b.peakBytes() - a.peakBytes()) / (b.batch() - a.batch());
    return (long) (b.peakBytes() + Math.max(0, perSample) * (nextBatch - b.batch()));
  }

  private static long mib(long bytes) {
    return bytes >> 20;
  }
}
