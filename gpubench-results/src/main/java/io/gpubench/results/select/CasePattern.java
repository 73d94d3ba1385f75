package io.gpubench.results.select;

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
 * <p>The one case selection of gpubench: the Maven plugin's rules and the engine's keys that pick cases (profiler
 * capture, JFR recordings) read patterns through it, so a pattern selects the same cases everywhere.
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
    return matches(c.id(), c.benchmark(), c.workload());
  }

  /**
   * Whether the pattern selects a case, by its parts (for a case not yet run).
   *
   * @param id the case's id
   * @param benchmarkClass its class's fully qualified name, or null
   * @param workloadName its workload's name
   * @return true when it matches the id, the class or the class and workload (by full or simple class name)
   */
  public boolean matches(String id, String benchmarkClass, String workloadName) {
    if (glob.matches(id)) {
      return true;
    }
    String benchmark = benchmarkClass == null ? "" : benchmarkClass;
    String simple = benchmark.substring(benchmark.lastIndexOf('.') + 1);
    String workload = "#" + workloadName;
    int hash = id.indexOf('#');
    String simpleId = hash < 0 ? id : simple + id.substring(hash);
    return glob.matches(simpleId)
        || glob.matches(benchmark)
        || glob.matches(simple)
        || glob.matches(benchmark + workload)
        || glob.matches(simple + workload);
  }

  /**
   * Patterns separated by whitespace, as rules and keys write them (case ids hold commas: {@code m=256,n=256}).
   *
   * @param text the patterns
   * @return them compiled, in order; empty for blank text
   */
  public static java.util.List<CasePattern> list(String text) {
    if (text == null || text.isBlank()) {
      return java.util.List.of();
    }
    return java.util.Arrays.stream(text.trim().split("\\s+")).map(CasePattern::of).toList();
  }

  @Override
  public String toString() {
    return text();
  }
}
