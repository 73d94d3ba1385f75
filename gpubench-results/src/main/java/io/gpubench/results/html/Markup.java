package io.gpubench.results.html;

/**
 * Builds HTML text in which everything that comes from results goes through escaping: element text and attribute
 * values are escaped by the builder itself, so a section cannot forget to. Tag and attribute names are constants of
 * the sections; {@link #raw} is for constant fragments and the inlined, checked assets only.
 */
public final class Markup {

  private final StringBuilder out = new StringBuilder(1 << 16);

  /** An empty builder. */
  public Markup() {}

  /**
   * Opens an element.
   *
   * @param tag the tag name, a constant
   * @param attrs name/value pairs; a null value leaves the attribute out
   * @return this
   */
  public Markup open(String tag, String... attrs) {
    out.append('<').append(tag);
    attributes(attrs);
    out.append('>');
    return this;
  }

  /**
   * Closes an element.
   *
   * @param tag the tag name
   * @return this
   */
  public Markup close(String tag) {
    out.append("</").append(tag).append('>');
    return this;
  }

  /**
   * An element holding only text.
   *
   * @param tag the tag name
   * @param text the text, escaped; null for none
   * @param attrs name/value pairs
   * @return this
   */
  public Markup el(String tag, String text, String... attrs) {
    return open(tag, attrs).text(text).close(tag);
  }

  /**
   * An empty element with no end tag ({@code meta}, {@code input}).
   *
   * @param tag the tag name
   * @param attrs name/value pairs
   * @return this
   */
  public Markup empty(String tag, String... attrs) {
    return open(tag, attrs);
  }

  /**
   * Escaped text.
   *
   * @param text the text; null writes nothing
   * @return this
   */
  public Markup text(String text) {
    if (text != null) {
      out.append(escape(text));
    }
    return this;
  }

  /**
   * Text written as is: only for constant markup and inlined assets that were checked for a closing tag.
   *
   * @param html the markup
   * @return this
   */
  public Markup raw(String html) {
    out.append(html);
    return this;
  }

  @Override
  public String toString() {
    return out.toString();
  }

  private void attributes(String[] attrs) {
    if (attrs.length % 2 != 0) {
      throw new IllegalArgumentException("attributes come in name/value pairs; got " + attrs.length + " strings");
    }
    for (int i = 0; i < attrs.length; i += 2) {
      if (attrs[i + 1] != null) {
        out.append(' ').append(attrs[i]).append("=\"").append(escape(attrs[i + 1])).append('"');
      }
    }
  }

  /**
   * Escapes text for element content and double-quoted attribute values: the five characters that can end either.
   *
   * @param s the text
   * @return the escaped text
   */
  public static String escape(String s) {
    StringBuilder b = null;
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      String rep = switch (ch) {
        case '&' -> "&amp;";
        case '<' -> "&lt;";
        case '>' -> "&gt;";
        case '"' -> "&quot;";
        case '\'' -> "&#39;";
        default -> null;
      };
      if (rep != null && b == null) {
        b = new StringBuilder(s.length() + 16).append(s, 0, i);
      }
      if (b != null) {
        if (rep != null) {
          b.append(rep);
        } else {
          b.append(ch);
        }
      }
    }
    return b == null ? s : b.toString();
  }
}
