package io.gpubench.maven.summary;

import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.RunResult;
import io.gpubench.maven.rules.RuleChecker;
import io.gpubench.maven.rules.Unit;
import io.gpubench.maven.rules.Violation;
import io.gpubench.maven.verdict.Comparison;
import io.gpubench.maven.verdict.RegressionCheck;
import io.gpubench.maven.verdict.Verdict;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The gate's outcome as Markdown: for the build log and for a CI job summary ({@code $GITHUB_STEP_SUMMARY}). Case
 * ids go in code spans because their brackets and {@code #} mean something to Markdown.
 */
public final class MarkdownSummary {

  private MarkdownSummary() {}

  /**
   * Renders the summary.
   *
   * @param resultsFile the results file's name
   * @param run the results
   * @param rules what the rules found
   * @param regression what the baseline comparison found, or null when there was none
   * @param violations every violation, rules and baseline together
   * @return the Markdown, ending in a newline
   */
  public static String render(String resultsFile, RunResult run, RuleChecker.Outcome rules,
      RegressionCheck.Outcome regression, List<Violation> violations) {
    StringBuilder md = new StringBuilder();
    md.append("## gpubench gate: ").append(violations.isEmpty() ? "passed" : "FAILED").append("\n\n");
    md.append("Results `").append(resultsFile).append("`: ").append(statusCounts(run)).append("; limits checked: ")
        .append(rules.checked()).append(".\n");
    if (regression != null && regression.baselineEnvironment() != null) {
      md.append('\n').append(verdictTable(regression));
    }
    if (!violations.isEmpty()) {
      md.append("\n### ").append(violations.size())
          .append(violations.size() == 1 ? " violation\n\n" : " violations\n\n");
      for (Violation v : violations) {
        md.append("- ").append(v.message()).append('\n');
      }
    }
    return md.toString();
  }

  private static String verdictTable(RegressionCheck.Outcome r) {
    StringBuilder md = new StringBuilder();
    md.append("Baseline environment `").append(r.baselineEnvironment()).append("`");
    if (!r.baselineEnvironment().equals(r.environment())) {
      md.append(" (this run: `").append(r.environment()).append("`)");
    }
    md.append(".\n\n");
    if (r.comparisons().isEmpty()) {
      return md.append("No case of this run is in the baseline.\n").toString();
    }
    String figure = r.figure().name();
    md.append("| Case | Baseline median ").append(figure).append(" | Current median ").append(figure)
        .append(" | Change | p | Verdict |\n");
    md.append("|---|---:|---:|---:|---:|---|\n");
    Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
    for (RegressionCheck.CaseComparison cc : r.comparisons()) {
      Comparison c = cc.comparison();
      counts.merge(c.verdict(), 1, Integer::sum);
      // A case not compared in the figure (clocks differ, no declared work) is shown in time.
      Unit unit = cc.compared() ? r.figure().unit() : Unit.NANOS;
      md.append("| `").append(cc.caseId()).append("` | ")
          .append(unit.format(c.baselineMedian())).append(" | ")
          .append(unit.format(c.currentMedian())).append(" | ")
          .append(percent(c.change())).append(" | ")
          .append(Double.isNaN(c.pValue()) ? "–" : String.format(Locale.ROOT, "%.2g", c.pValue())).append(" | ")
          .append(c.verdict() == Verdict.SLOWER ? "**SLOWER**" : c.verdict().name()).append(" |\n");
    }
    md.append('\n').append("Verdicts: ");
    counts.forEach((v, n) -> md.append(v).append(' ').append(n).append("; "));
    if (r.geomean().cases() > 0) {
      md.append(String.format(Locale.ROOT, "geomean %s ratio %.3f (%s, n=%d).", figure,
          r.geomean().ratio(), percent(r.geomean().change()), r.geomean().cases()));
    }
    md.append('\n');
    if (!r.unrecorded().isEmpty()) {
      md.append("\nNot in the baseline: ").append(r.unrecorded().size()).append(" cases (")
          .append(code(r.unrecorded())).append(").\n");
    }
    if (!r.absent().isEmpty()) {
      md.append("\nIn the baseline but not run: ").append(r.absent().size()).append(" cases (")
          .append(code(r.absent())).append(").\n");
    }
    return md.toString();
  }

  private static String code(List<String> ids) {
    int shown = Math.min(ids.size(), 5);
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < shown; i++) {
      s.append(i == 0 ? "" : ", ").append('`').append(ids.get(i)).append('`');
    }
    return ids.size() > shown ? s.append(", …").toString() : s.toString();
  }

  // Rounded to a tenth; a change that rounds to zero prints as +0.0%, not -0.0%.
  static String percent(double change) {
    double tenths = Math.round(change * 1000) / 10.0;
    return Double.isNaN(change) ? "–" : String.format(Locale.ROOT, "%+.1f%%", tenths == 0 ? 0.0 : tenths);
  }

  private static String statusCounts(RunResult run) {
    Map<CaseStatus, Integer> counts = new EnumMap<>(CaseStatus.class);
    run.cases().forEach(c -> counts.merge(c.status(), 1, Integer::sum));
    StringBuilder s = new StringBuilder("cases: ").append(run.cases().size()).append(" (");
    counts.forEach((k, n) -> s.append(s.charAt(s.length() - 1) == '(' ? "" : ", ").append(n).append(' ')
        .append(k.name().toLowerCase(Locale.ROOT)));
    return s.append(')').toString();
  }
}
