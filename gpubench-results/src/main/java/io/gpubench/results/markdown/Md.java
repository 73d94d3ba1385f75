package io.gpubench.results.markdown;

import java.util.ArrayList;
import java.util.List;

/** Markdown escaping and GitHub-flavoured tables. */
final class Md {

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
  static String escape(String s) {
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

  /** A GFM table whose cells are escaped as they are added. */
  static final class Table {
    private final int width;
    private final List<String> lines = new ArrayList<>();

    Table(String... header) {
      width = header.length;
      lines.add(line(header));
      lines.add("|" + "---|".repeat(width));
    }

    void row(String... cells) {
      if (cells.length != width) {
        throw new IllegalArgumentException("a row of " + cells.length + " cells in a table of " + width + " columns");
      }
      lines.add(line(cells));
    }

    String render() {
      return String.join("\n", lines) + "\n";
    }

    private static String line(String[] cells) {
      StringBuilder b = new StringBuilder("|");
      for (String c : cells) {
        String e = escape(c);
        b.append(' ').append(e.isEmpty() ? " " : e).append(" |");
      }
      return b.toString().replace("|  |", "| |");
    }
  }
}
