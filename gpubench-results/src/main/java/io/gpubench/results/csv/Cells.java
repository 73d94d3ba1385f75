package io.gpubench.results.csv;

import java.math.BigDecimal;

/** Formats one CSV field: RFC 4180 quoting, formula neutering for text, plain numbers. */
final class Cells {

  private Cells() {}

  /**
   * A text field: quoted when it holds a comma, quote or line break (quotes doubled); prefixed with an apostrophe
   * when a spreadsheet would take it for a formula.
   *
   * @param s the text, or null for an empty field
   * @return the field
   */
  static String text(String s) {
    if (s == null || s.isEmpty()) {
      return "";
    }
    char first = s.charAt(0);
    if (first == '=' || first == '+' || first == '-' || first == '@' || first == '\t' || first == '\r') {
      s = "'" + s;
    }
    if (s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
      return '"' + s.replace("\"", "\"\"") + '"';
    }
    return s;
  }

  /**
   * A number field: empty when absent, {@code inf}/{@code -inf} for infinities, otherwise the shortest decimal that
   * reads back as the same double, without an exponent in the usual range (spreadsheets in some locales misread
   * {@code 8.5E4}).
   *
   * @param v the number, or null
   * @return the field
   */
  static String number(Double v) {
    if (v == null || v.isNaN()) {
      return "";
    }
    if (v.isInfinite()) {
      return v > 0 ? "inf" : "-inf";
    }
    double abs = Math.abs(v);
    if (abs != 0 && (abs < 1e-9 || abs >= 1e21)) {
      return Double.toString(v);
    }
    String plain = BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    return plain.equals("-0") ? "0" : plain;
  }
}
