package io.gpubench.maven.rules;

import io.gpubench.api.result.CaseResult;
import java.util.regex.Pattern;

/**
 * Selects cases by a pattern with wildcards: {@code *} (any run of characters) and {@code ?} (one character); every
 * other character, brackets included, stands for itself.
 *
 * <p>A pattern matches a case when it matches the whole case id ({@code io.x.GemmBenchmark#matmul[m=256][FP16][cpu]}),
 * its class ({@code io.x.GemmBenchmark} or {@code GemmBenchmark}), or its class and workload
 * ({@code GemmBenchmark#matmul}), the class by full or simple name; so {@code GemmBenchmark} selects every case of that class and
 * {@code *[FP16][cuda*} every FP16 case on a CUDA device.
 *
 * @param text the pattern as written
 * @param regex the compiled pattern
 */
public record CasePattern(String text, Pattern regex) {

  /**
   * Compiles a pattern.
   *
   * @param text the pattern
   * @return the compiled pattern
   * @throws IllegalArgumentException when it is blank
   */
  public static CasePattern of(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("a case pattern is empty");
    }
    String t = text.trim();
    StringBuilder re = new StringBuilder();
    for (char ch : t.toCharArray()) {
      switch (ch) {
        case '*' -> re.append(".*");
        case '?' -> re.append('.');
        default -> re.append(Pattern.quote(String.valueOf(ch)));
      }
    }
    return new CasePattern(t, Pattern.compile(re.toString()));
  }

  /**
   * Whether the pattern selects a case.
   *
   * @param c the case
   * @return true when it matches the id, the class or the class and workload (by full or simple class name)
   */
  public boolean matches(CaseResult c) {
    if (regex.matcher(c.id()).matches()) {
      return true;
    }
    String benchmark = c.benchmark() == null ? "" : c.benchmark();
    String simple = benchmark.substring(benchmark.lastIndexOf('.') + 1);
    String workload = "#" + c.workload();
    int hash = c.id().indexOf('#');
    String simpleId = hash < 0 ? c.id() : simple + c.id().substring(hash);
    return regex.matcher(simpleId).matches()
        || regex.matcher(benchmark).matches()
        || regex.matcher(simple).matches()
        || regex.matcher(benchmark + workload).matches()
        || regex.matcher(simple + workload).matches();
  }

  @Override
  public String toString() {
    return text;
  }
}
