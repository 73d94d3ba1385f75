package io.gpubench.results.markdown;

import java.util.ArrayList;
import java.util.List;

/**
 * Markdown escaping, code spans and GitHub-flavoured tables: written once, for every Markdown gpubench writes (the
 * run summary, the comparison, the Maven gate's summary).
 */
public final class Md {

  // The characters CommonMark and GFM read as inline markup: emphasis, code, links, HTML, entities, table pipes,
  // strikethrough. Block markup (headings, lists) only starts a line, and our text never does: it always follows a
  // table pipe or a list marker. Escaping less than all punctuation keeps the summary readable as plain text in a
  // raw CI log, where "85.12 µs" must not read "85\.12 µs".
  private static final String SPECIAL = "\\`*_[]<>|&~";

  private Md() {}

  /**
   * Escapes text so it renders as itself, on one line: line breaks become spaces (a break would end a table row).
   *
   * @param s the text, or null
   * @return the escaped text, empty for null
   */
  public static String escape(String s) {
    if (s == null) {
      return "";
    }
    StringBuilder out = new StringBuilder(s.length() + 8);
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      if (ch == '\n' || ch == '\r' || ch == '\t') {
        out.append(' ');
      } else if (SPECIAL.indexOf(ch) >= 0) {
        out.append('\\').append(ch);
      } else {
        out.append(ch);
      }
    }
    return out.toString();
  }

  /**
   * Text as an inline code span, which shows case ids' brackets and {@code #} as themselves: fenced with one more
   * backtick than the longest run inside, padded with a space where the text starts or ends with a backtick, and on
   * one line. In a table cell a pipe still ends the cell, code span or not, so pipes are escaped (GFM unescapes them
   * inside the span).
   *
   * @param s the text, or null
   * @return the code span, empty for null or empty text
   */
  public static String code(String s) {
    if (s == null || s.isEmpty()) {
      return "";
    }
    String text = s.replace('\n', ' ').replace('\r', ' ').replace("|", "\\|");
    int longest = 0;
    int run = 0;
    for (int i = 0; i < text.length(); i++) {
      run = text.charAt(i) == '`' ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    String fence = "`".repeat(longest + 1);
    String pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
    return fence + pad + text + pad + fence;
  }

  /** A GFM table whose cells are escaped as they are added, unless added as Markdown already. */
  public static final class Table {
    private final int width;
    private final List<String> lines = new ArrayList<>();

    /**
     * Starts a table.
     *
     * @param header the column titles, plain text
     */
    public Table(String... header) {
      width = header.length;
      String[] escaped = new String[header.length];
      for (int i = 0; i < header.length; i++) {
        escaped[i] = escape(header[i]);
      }
      lines.add(raw(escaped));
      lines.add("|" + "---|".repeat(width));
    }

    /**
     * Adds a row of plain-text cells, each escaped.
     *
     * @param cells one per column
     * @throws IllegalArgumentException when the count differs from the header's
     */
    public void row(String... cells) {
      String[] escaped = new String[cells.length];
      for (int i = 0; i < cells.length; i++) {
        escaped[i] = escape(cells[i]);
      }
      markdownRow(escaped);
    }

    /**
     * Adds a row whose cells are Markdown already (code spans, emphasis); line breaks still become spaces.
     *
     * @param cells one per column
     * @throws IllegalArgumentException when the count differs from the header's
     */
    public void markdownRow(String... cells) {
      if (cells.length != width) {
        throw new IllegalArgumentException("a row of " + cells.length + " cells in a table of " + width + " columns");
      }
      String[] flat = new String[cells.length];
      for (int i = 0; i < cells.length; i++) {
        flat[i] = cells[i] == null ? "" : cells[i].replace('\n', ' ').replace('\r', ' ');
      }
      lines.add(raw(flat));
    }

    /**
     * The table's Markdown.
     *
     * @return the lines, ending in a newline
     */
    public String render() {
      return String.join("\n", lines) + "\n";
    }

    private static String raw(String[] cells) {
      StringBuilder b = new StringBuilder("|");
      for (String e : cells) {
        b.append(' ').append(e.isEmpty() ? " " : e).append(" |");
      }
      return b.toString().replace("|  |", "| |");
    }
  }
}
