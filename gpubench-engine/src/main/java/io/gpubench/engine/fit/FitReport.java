package io.gpubench.engine.fit;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * What the fit helper found for one case: every batch it tried, in the order of their size, the largest that fits
 * and why the search stopped. The case itself is unchanged: {@link #pin()} says how to run the batch found.
 *
 * @param caseId the case's id, at its declared batch
 * @param className the simple name of its class, for the key that pins the batch
 * @param declared the batch the case declares
 * @param share the share of the device's memory a fitting batch stays within
 * @param memory what the peak and the limit are of ({@code "device memory of the worker process (NVML) against
 *     cuda:0's 140.4 GiB"})
 * @param tries the batches measured, the declared batch first
 * @param largest the largest batch that fits, or null where none does
 * @param stop why the search ended
 */
public record FitReport(String caseId, String className, long declared, double share, String memory,
    List<FitTry> tries, Long largest, String stop) {

  /**
   * Copies the tries.
   *
   * @param caseId the case
   * @param className its class's simple name
   * @param declared the declared batch
   * @param share the share
   * @param memory what the figures are of
   * @param tries the tries
   * @param largest the largest fitting batch, or null
   * @param stop why it ended
   */
  public FitReport {
    tries = List.copyOf(tries);
  }

  /**
   * How to run the batch found, without changing the case's declaration silently.
   *
   * @return the key and the {@code @Shape} that pin it, or a sentence that none fits
   */
  public String pin() {
    if (largest == null) {
      return "no batch tried fits: the case needs a smaller batch or a device with more memory";
    }
    return "to run it: -Dgpubench.axes." + className + "." + io.gpubench.engine.config.FitSettings.AXIS + "=" + largest
        + " for one run, or declare it in the class's @Shape (batch=" + largest + "); the case's id names its batch,"
        + " so its history starts anew at a new batch";
  }

  /**
   * The report as lines: the tries by batch, the result, the pin.
   *
   * @return lines for the console and the test's report entry
   */
  public List<String> lines() {
    List<String> lines = new ArrayList<>();
    lines.add(String.format(Locale.ROOT, "fit %s: largest batch within %.0f%% of the %s: %s (%s)", caseId,
        share * 100, memory, largest == null ? "none" : largest, stop));
    tries.stream().sorted(Comparator.comparingLong(FitTry::batch)).forEach(t -> lines.add(String.format(Locale.ROOT,
        "  batch %-8d %-13s peak %-10s  %s", t.batch(), t.verdict().name().toLowerCase(Locale.ROOT).replace('_', ' '),
        t.peakBytes() == null ? "-" : gib(t.peakBytes()), t.message()).stripTrailing()));
    lines.add("  " + pin());
    return lines;
  }

  /** Bytes as GiB with three significant figures, MiB below one GiB: memory figures are read at that grain. */
  static String gib(long bytes) {
    double gib = bytes / (double) (1L << 30);
    return gib >= 1 ? String.format(Locale.ROOT, "%.3g GiB", gib)
        : String.format(Locale.ROOT, "%.3g MiB", bytes / (double) (1L << 20));
  }
}
