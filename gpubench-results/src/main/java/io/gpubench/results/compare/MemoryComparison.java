package io.gpubench.results.compare;

import java.util.Locale;

/**
 * A memory figure of a case against a baseline's, by {@link MemoryFigure}'s rule.
 *
 * @param figure the figure
 * @param baseline the baseline's value, bytes
 * @param current the value now, bytes
 * @param allowance how far apart they may be and be the same, bytes
 * @param outcome more, less or the same
 * @param cutShort whether the later run's warm-up was cut short ({@code not-steady}), which widens the allocation
 *     figure's allowance ({@link MemoryFigure#UNSTEADY_SLACK_BYTES})
 */
public record MemoryComparison(MemoryFigure figure, double baseline, double current, double allowance,
    Outcome outcome, boolean cutShort) {

  /** Which way the figure moved beyond the allowance. */
  public enum Outcome {
    /** More memory than the baseline, beyond the allowance: worse. */
    MORE,
    /** Within the allowance. */
    SAME,
    /** Less memory, beyond the allowance: better. */
    LESS
  }

  /**
   * The change for people: {@code peakDeviceMemory 9.8 GiB → 14.1 GiB (+44%), allowed ±99.4 MiB (1% + 1 MiB)}.
   *
   * @return the text
   */
  public String describe() {
    String change = baseline == 0 ? (current == 0 ? "+0%" : "from nothing")
        : String.format(Locale.ROOT, "%+.1f%%", (current / baseline - 1) * 100);
    return figure.key() + " " + Figures.bytes(baseline) + " → " + Figures.bytes(current) + " (" + change
        + "), allowed ±" + Figures.bytes(allowance) + " (" + figure.rule(cutShort) + ")";
  }
}
