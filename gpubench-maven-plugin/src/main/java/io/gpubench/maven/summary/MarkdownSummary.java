package io.gpubench.maven.summary;

import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.RunResult;
import io.gpubench.maven.rules.RuleChecker;
import io.gpubench.maven.rules.Unit;
import io.gpubench.maven.rules.Violation;
import io.gpubench.maven.verdict.RegressionCheck;
import io.gpubench.results.compare.Ambiguity;
import io.gpubench.results.compare.CaseComparison;
import io.gpubench.results.compare.Figures;
import io.gpubench.results.compare.Verdict;
import io.gpubench.results.markdown.Md;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The gate's outcome as Markdown: for the build log and for a CI job summary ({@code $GITHUB_STEP_SUMMARY}). Case
 * ids go in code spans because their brackets and {@code #} mean something to Markdown; every other string from the
 * results is escaped ({@link Md}).
 */
public final class MarkdownSummary {

  private MarkdownSummary() {}

  /**
   * Renders the summary.
   *
   * @param described what the runs judged are (their files), as the gate names them
   * @param incomplete the runs that did not decide every case they planned: run id and why
   * @param run the runs merged
   * @param rules what the rules found
   * @param regression what the baseline comparison found, or null when there was none
   * @param violations every violation, rules and baseline together
   * @return the Markdown, ending in a newline
   */
  public static String render(String described, Map<String, String> incomplete, RunResult run,
      RuleChecker.Outcome rules, RegressionCheck.Outcome regression, List<Violation> violations) {
    StringBuilder md = new StringBuilder();
    md.append("## gpubench gate: ").append(violations.isEmpty() ? "passed" : "FAILED").append("\n\n");
    md.append("Results ").append(Md.code(described)).append(": ").append(statusCounts(run))
        .append("; limits checked: ").append(rules.checked()).append(".\n");
    incomplete.forEach((runId, why) -> md.append("\n**Incomplete run** ").append(Md.code(runId)).append(": ")
        .append(Md.escape(why)).append(".\n"));
    if (regression != null && regression.baselineEnvironment() != null) {
      md.append('\n').append(verdictTable(regression));
    }
    if (!violations.isEmpty()) {
      md.append("\n### ").append(violations.size())
          .append(violations.size() == 1 ? " violation\n\n" : " violations\n\n");
      for (Violation v : violations) {
        md.append("- ").append(Md.escape(v.message())).append('\n');
      }
    }
    return md.toString();
  }

  /**
   * Renders the outcome of an A/B comparison: this build's runs (B) judged against the baseline build's (A).
   *
   * @param baseline what the baseline build is
   * @param rounds the rounds of A B B A
   * @param outcome the comparison
   * @return the Markdown, ending in a newline
   */
  public static String renderAb(String baseline, int rounds, RegressionCheck.Outcome outcome) {
    StringBuilder md = new StringBuilder();
    md.append("## gpubench A/B: ").append(outcome.violations().isEmpty() ? "passed" : "FAILED").append("\n\n");
    md.append("A: ").append(Md.escape(baseline)).append("; B: this build; ").append(rounds)
        .append(rounds == 1 ? " round" : " rounds").append(" of A B B A on this machine.\n\n");
    md.append(verdictTable(outcome));
    if (!outcome.violations().isEmpty()) {
      md.append("\n### ").append(outcome.violations().size())
          .append(outcome.violations().size() == 1 ? " violation\n\n" : " violations\n\n");
      for (Violation v : outcome.violations()) {
        md.append("- ").append(Md.escape(v.message())).append('\n');
      }
    }
    return md.toString();
  }

  private static String verdictTable(RegressionCheck.Outcome r) {
    StringBuilder md = new StringBuilder();
    md.append("Baseline environment ").append(Md.code(r.baselineEnvironment()));
    if (!r.baselineEnvironment().equals(r.environment())) {
      md.append(" (this run: ").append(Md.code(r.environment())).append(')');
    }
    md.append(".\n\n");
    if (r.comparisons().isEmpty()) {
      return md.append("No case of this run is in the baseline.\n").toString();
    }
    String figure = r.figure().name();
    Md.Table table = new Md.Table("Case", "Baseline median " + figure, "Current median " + figure,
        "Change (interval)", "Runs", "Verdict");
    Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
    StringBuilder why = new StringBuilder();
    for (RegressionCheck.CaseComparisonEntry cc : r.comparisons()) {
      CaseComparison c = cc.comparison();
      counts.merge(c.verdict(), 1, Integer::sum);
      // A case whose figure could not be made (no declared work) is shown in time.
      Unit unit = c.ambiguity() == Ambiguity.NO_FIGURE ? Unit.NANOS : r.figure().unit();
      table.markdownRow(Md.code(cc.caseId()), Md.escape(unit.format(c.baselineMedian())),
          Md.escape(unit.format(c.currentMedian())), Md.escape(change(c)),
          c.baselineRuns() + " / " + c.currentRuns(),
          c.verdict() == Verdict.SLOWER ? "**" + c.verdictText() + "**" : Md.escape(c.verdictText()));
      if (c.verdict() != Verdict.SAME) {
        why.append("- ").append(Md.code(cc.caseId())).append(": ").append(Md.escape(c.reason())).append('\n');
      }
    }
    md.append(table.render());
    md.append('\n').append("Verdicts: ");
    counts.forEach((v, n) -> md.append(v).append(' ').append(n).append("; "));
    if (r.geomean().cases() > 0) {
      md.append(String.format(Locale.ROOT, "geomean %s ratio %.3f (%s, n=%d).", figure,
          r.geomean().ratio(), Figures.signedPercent(r.geomean().change()), r.geomean().cases()));
    }
    md.append('\n');
    long provisional = r.provisional();
    if (provisional > 0) {
      md.append("\n").append(provisional).append(provisional == 1 ? " verdict is" : " verdicts are")
          .append(" provisional: one baseline run and one run of this build, so the spread between runs is not "
              + "measured. Record more runs (`mvn verify gpubench:baseline` again) to judge against it.\n");
    }
    if (why.length() > 0) {
      md.append("\n**Why**\n\n").append(why);
    }
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

  private static String change(CaseComparison c) {
    String change = Figures.signedPercent(c.change());
    if (Double.isNaN(c.ratioLow()) || Double.isNaN(c.ratioHigh())) {
      return change;
    }
    return change + " (" + CaseComparison.intervalEnd(c.ratioLow()) + " to " + CaseComparison.intervalEnd(c.ratioHigh())
        + ")";
  }

  private static String code(List<String> ids) {
    int shown = Math.min(ids.size(), 5);
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < shown; i++) {
      s.append(i == 0 ? "" : ", ").append(Md.code(ids.get(i)));
    }
    return ids.size() > shown ? s.append(", …").toString() : s.toString();
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
