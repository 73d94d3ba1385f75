package io.gpubench.results;

import java.util.regex.Pattern;

/**
 * A name pattern with wildcards, the one glob of gpubench: {@code *} matches any run of characters (none included),
 * {@code ?} exactly one; every other character, brackets and dots included, stands for itself, so a case id such as
 * {@code GemmBenchmark#matmul[m=256,n=256,k=256][FP16][cuda:0]} can be written as it reads. A glob matches a whole
 * name, never a part of it.
 *
 * @param text the pattern as written, trimmed
 * @param regex the pattern compiled
 */
public record Glob(String text, Pattern regex) {

  /**
   * Compiles a glob.
   *
   * @param text the pattern
   * @return the glob
   * @throws IllegalArgumentException when the pattern is null or blank
   */
  public static Glob of(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("a name pattern is empty");
    }
    String t = text.trim();
    StringBuilder re = new StringBuilder();
    StringBuilder literal = new StringBuilder();
    for (char ch : t.toCharArray()) {
      if (ch == '*' || ch == '?') {
        if (literal.length() > 0) {
          re.append(Pattern.quote(literal.toString()));
          literal.setLength(0);
        }
        re.append(ch == '*' ? ".*" : ".");
      } else {
        literal.append(ch);
      }
    }
    if (literal.length() > 0) {
      re.append(Pattern.quote(literal.toString()));
    }
    return new Glob(t, Pattern.compile(re.toString(), Pattern.DOTALL));
  }

  /**
   * Whether the glob matches a whole name.
   *
   * @param name the name, null never matches
   * @return true when it matches
   */
  public boolean matches(String name) {
    return name != null && regex.matcher(name).matches();
  }

  @Override
  public String toString() {
    return text;
  }
}
