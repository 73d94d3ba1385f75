package io.gpubench.results.glance;

import io.gpubench.api.result.CaseResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Skipped cases that share one reason: a machine without a GPU skips every CUDA case for the same one, and a report
 * that repeats it a hundred times hides the cases that ran.
 *
 * @param reason the reason's first line, as every case of the group gives it
 * @param cases the cases, in run order
 */
public record SkipGroup(String reason, List<CaseResult> cases) {
  /**
   * Copies the cases.
   *
   * @param reason the reason
   * @param cases the cases
   */
  public SkipGroup {
    cases = List.copyOf(cases);
  }

  /**
   * The group in one line: {@code 96 skipped: no CUDA driver here}.
   *
   * @return the line
   */
  public String line() {
    return cases.size() + " skipped: " + reason;
  }

  /**
   * Which classes the group's cases belong to, with a count each, the first few only: {@code CudaGemmBenchmark 40,
   * SaxpyLatencyBenchmark 2}, so a folded line still says what was not run.
   *
   * @param most how many classes to name before "and N more"
   * @return the text
   */
  public String classes(int most) {
    Map<String, Integer> byClass = new LinkedHashMap<>();
    for (CaseResult c : cases) {
      byClass.merge(simpleName(c.benchmark() == null ? c.id() : c.benchmark()), 1, Integer::sum);
    }
    StringJoiner j = new StringJoiner(", ");
    int named = 0;
    for (Map.Entry<String, Integer> e : byClass.entrySet()) {
      if (named++ == most) {
        j.add("and " + (byClass.size() - most) + " more " + (byClass.size() - most == 1 ? "class" : "classes"));
        break;
      }
      j.add(e.getKey() + " " + e.getValue());
    }
    return j.toString();
  }

  private static String simpleName(String className) {
    int hash = className.indexOf('#');
    String type = hash < 0 ? className : className.substring(0, hash);
    return type.substring(type.lastIndexOf('.') + 1);
  }
}
