package io.gpubench.maven.rules;

import io.gpubench.api.result.CaseResult;
import io.gpubench.results.Glob;

/**
 * Selects cases by a {@link Glob}: {@code *} (any run of characters) and {@code ?} (one character); every other
 * character, brackets included, stands for itself.
 *
 * <p>A pattern matches a case when it matches the whole case id ({@code io.x.GemmBenchmark#matmul[m=256][FP16][cpu]}),
 * its class ({@code io.x.GemmBenchmark} or {@code GemmBenchmark}), or its class and workload
 * ({@code GemmBenchmark#matmul}), the class by full or simple name; so {@code GemmBenchmark} selects every case of that class and
 * {@code *[FP16][cuda*} every FP16 case on a CUDA device.
 *
 * @param glob the pattern
 */
public record CasePattern(Glob glob) {

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
    return new CasePattern(Glob.of(text));
  }

  /**
   * The pattern as written.
   *
   * @return the text
   */
  public String text() {
    return glob.text();
  }

  /**
   * Whether the pattern selects a case.
   *
   * @param c the case
   * @return true when it matches the id, the class or the class and workload (by full or simple class name)
   */
  public boolean matches(CaseResult c) {
    if (glob.matches(c.id())) {
      return true;
    }
    String benchmark = c.benchmark() == null ? "" : c.benchmark();
    String simple = benchmark.substring(benchmark.lastIndexOf('.') + 1);
    String workload = "#" + c.workload();
    int hash = c.id().indexOf('#');
    String simpleId = hash < 0 ? c.id() : simple + c.id().substring(hash);
    return glob.matches(simpleId)
        || glob.matches(benchmark)
        || glob.matches(simple)
        || glob.matches(benchmark + workload)
        || glob.matches(simple + workload);
  }

  @Override
  public String toString() {
    return text();
  }
}
