package io.gpubench.engine.config;

import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * How the run's keys that select by pattern ({@link Constants#INCLUDE}, {@link Constants#FIT}) read one: {@code *}
 * matches any characters, nothing else is special.
 */
public final class Wildcards {

  private Wildcards() {}

  /**
   * The pattern as a regular expression.
   *
   * @param pattern a name with {@code *} wildcards
   * @return the expression that matches what the pattern means, the rest of it taken literally
   */
  public static Pattern compile(String pattern) {
    return Pattern.compile(Arrays.stream(pattern.split("\\*", -1)).map(Pattern::quote)
        .reduce((a, b) -> a + ".*" + b).orElse(""));
  }
}
