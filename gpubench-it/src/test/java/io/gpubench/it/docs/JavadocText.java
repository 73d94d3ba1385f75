package io.gpubench.it.docs;

import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A Javadoc comment as Markdown text: one paragraph, {@code {@code x}} as a code span, links as their names. */
final class JavadocText {
  private static final Pattern TAG = Pattern.compile("\\{@(code|literal|link|linkplain|value)\\s+([^{}]*(?:\\{[^{}]*}[^{}]*)*)}");

  private JavadocText() {}

  /**
   * Converts a comment's body.
   *
   * @param comment the text between {@code /**} and its end, with the leading stars
   * @param value resolves {@code {@value #NAME}} to the constant's value
   * @return one line of Markdown
   */
  static String markdown(String comment, Function<String, String> value) {
    StringBuilder text = new StringBuilder();
    for (String line : comment.split("\n")) {
      String l = line.strip();
      if (l.startsWith("*")) {
        l = l.substring(1).strip();
      }
      if (l.startsWith("@")) {
        break;
      }
      text.append(text.length() == 0 ? "" : " ").append(l);
    }
    String s = text.toString().replaceAll("<p>", " ").replaceAll("</?(ul|li|em|b|i)>", " ").replaceAll("\\s+", " ")
        .strip();
    Matcher m = TAG.matcher(s);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String body = m.group(2).strip();
      String rep = switch (m.group(1)) {
        case "code", "literal" -> "`" + body + "`";
        case "value" -> "`" + value.apply(body.replace("#", "")) + "`";
        default -> {
          String[] parts = body.split("\\s+", 2);
          yield parts.length > 1 ? parts[1] : "`" + simple(parts[0]) + "`";
        }
      };
      m.appendReplacement(out, Matcher.quoteReplacement(rep));
    }
    m.appendTail(out);
    return out.toString().replace("|", "\\|");
  }

  private static String simple(String ref) {
    String r = ref.startsWith("#") ? ref.substring(1) : ref;
    int hash = r.indexOf('#');
    String type = hash < 0 ? r : r.substring(0, hash);
    String member = hash < 0 ? "" : "." + r.substring(hash + 1);
    return type.substring(type.lastIndexOf('.') + 1) + member;
  }
}
