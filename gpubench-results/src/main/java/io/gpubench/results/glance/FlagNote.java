package io.gpubench.results.glance;

/**
 * One flag of a case as the reports show it: a short code in the table (a badge, a column), its meaning on hover and
 * in the legend, and what this case's figures said in the case's own section.
 *
 * @param code the short code: {@code contended}, {@code throttled}, {@code budget}, ...
 * @param meaning what the code means for any case, one sentence
 * @param detail what this case measured behind it (may be empty)
 */
public record FlagNote(String code, String meaning, String detail) {
  /**
   * Checks the parts.
   *
   * @param code the code
   * @param meaning the meaning
   * @param detail the detail, null for none
   */
  public FlagNote {
    detail = detail == null ? "" : detail;
  }

  /**
   * The meaning and the detail in one line, for a tooltip.
   *
   * @return the text
   */
  public String explanation() {
    return detail.isBlank() ? meaning : meaning + " — " + detail;
  }
}
