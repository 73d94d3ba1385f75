package io.gpubench.api;

/**
 * The correctness figures a case's output is checked by, with the name each carries in results files, rules and
 * reports, the name people know it by, and which way it is bounded.
 */
public enum CheckMetric {
  /** The largest absolute difference, {@code max |d|}; bounded above. */
  MAX_ABS("maxAbs", "max |d|", false),
  /** The root mean square of the differences; bounded above. */
  RMS("rms", "rms(d)", false),
  /** The peak signal-to-noise ratio in dB, {@code 10·log10(range²/mse)}; bounded below. */
  PSNR_DB("psnrDb", "PSNR (dB)", true),
  /** The relative L2 error, {@code ||d|| / ||reference||}; bounded above. */
  REL_L2("relL2", "relative L2", false),
  /** The count of NaN or infinite output elements; bounded above (by zero). */
  NON_FINITE("nonFinite", "non-finite", false);

  private final String key;
  private final String label;
  private final boolean atLeast;

  CheckMetric(String key, String label, boolean atLeast) {
    this.key = key;
    this.label = label;
    this.atLeast = atLeast;
  }

  /**
   * The name in results files and rules, such as {@code maxAbs}.
   *
   * @return the key
   */
  public String key() {
    return key;
  }

  /**
   * The name people read, such as {@code max |d|}.
   *
   * @return the label
   */
  public String label() {
    return label;
  }

  /**
   * Whether the bound is a minimum (PSNR) rather than a maximum.
   *
   * @return true for a lower bound
   */
  public boolean atLeast() {
    return atLeast;
  }

  /**
   * The metric of a key, case-insensitively.
   *
   * @param key a key such as {@code maxAbs} or {@code psnrdb}
   * @return the metric
   * @throws IllegalArgumentException listing the keys when none matches
   */
  public static CheckMetric ofKey(String key) {
    for (CheckMetric m : values()) {
      if (m.key.equalsIgnoreCase(key.trim())) {
        return m;
      }
    }
    StringBuilder known = new StringBuilder();
    for (CheckMetric m : values()) {
      known.append(known.length() == 0 ? "" : ", ").append(m.key);
    }
    throw new IllegalArgumentException("unknown check metric \"" + key + "\"; known: " + known);
  }

  @Override
  public String toString() {
    return key;
  }
}
