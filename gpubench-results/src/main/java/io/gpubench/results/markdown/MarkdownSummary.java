package io.gpubench.results.markdown;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Check;
import io.gpubench.api.result.Environment;
import io.gpubench.api.result.RunResult;
import io.gpubench.results.compare.CaseComparator;
import io.gpubench.results.compare.CaseComparison;
import io.gpubench.results.compare.CaseDigest;
import io.gpubench.results.compare.Comparison;
import io.gpubench.results.compare.Figures;
import io.gpubench.results.compare.KernelShares;
import io.gpubench.results.compare.MemoryFigures;
import io.gpubench.results.compare.RunFlags;
import io.gpubench.results.compare.Verdict;
import io.gpubench.results.glance.FlagNotes;
import io.gpubench.results.glance.SkipGroups;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The summary of a run for CI logs and job summaries (GitHub's {@code $GITHUB_STEP_SUMMARY}, GitLab's notes): a
 * headline with the counts, the environment in one line, a GitHub-flavoured table of every case that ran (with the
 * kernels of each audited case: {@code cuBLASLt 100%, 1 kernel}, and its flags as short codes), one line per skip
 * reason with a count, the meaning of each flag code used, and the reasons of the cases that did not pass and of
 * the kernel audits that were skipped. Every string from the results is escaped, so a case name cannot break the
 * table or become markup.
 */
public final class MarkdownSummary {

  private MarkdownSummary() {}

  /**
   * Summarises one run.
   *
   * @param run the results
   * @return the Markdown, ending with a newline
   */
  public static String render(RunResult run) {
    StringBuilder md = new StringBuilder();
    md.append("### gpubench: ").append(counts(run.cases())).append("\n\n");
    md.append(Md.escape(Comparison.labels(List.of(run)).get(0))).append(" — ")
        .append(Md.escape(environment(run.environment()))).append("\n\n");
    // The kernels column only where a case was audited (CUDA), so a CPU run's table stays as it was.
    boolean audited = run.cases().stream().anyMatch(c -> c.audit() != null);
    // The memory column likewise, only where a case has a memory figure.
    boolean memory = run.cases().stream().anyMatch(MemoryFigures::any);
    List<String> headers = new ArrayList<>(List.of("Case", "Status", "Median (95% CI)", "Rate"));
    if (memory) {
      headers.add("Memory");
    }
    if (audited) {
      headers.add("Kernels");
    }
    headers.addAll(List.of("Tightest check", "Flags"));
    Md.Table table = new Md.Table(headers.toArray(String[]::new));
    List<CaseResult> ran = SkipGroups.notSkipped(run.cases());
    for (CaseResult c : ran) {
      CaseDigest d = CaseDigest.of(c);
      String flags = String.join(", ", FlagNotes.codes(FlagNotes.of(c)));
      List<String> cells = new ArrayList<>(java.util.Arrays.asList(name(c), c.status().name(), d.time(), d.rate()));
      if (memory) {
        cells.add(MemoryFigures.cell(c));
      }
      if (audited) {
        cells.add(c.audit() == null ? "" : KernelShares.line(c.audit()));
      }
      cells.addAll(java.util.Arrays.asList(check(d.tightest()), flags));
      table.row(cells.toArray(String[]::new));
    }
    if (!ran.isEmpty()) {
      md.append(table.render()).append('\n');
    }
    md.append(GlanceLines.skipped(run.cases()));
    md.append(GlanceLines.flags(ran));
    md.append(skippedAudits(run.cases()));
    StringBuilder problems = new StringBuilder();
    for (CaseResult c : ran) {
      if (c.status() != CaseStatus.PASSED) {
        // The class too: a display name is the workload's, and two classes may have a workload of that name.
        problems.append("- ").append(Md.escape(simpleName(c.benchmark()) + " › " + name(c))).append(": ")
            .append(Md.escape(CaseDigest.of(c).verdict())).append('\n');
      }
    }
    if (problems.length() > 0) {
      md.append("\n**Not passed**\n\n").append(problems);
    }
    return md.toString();
  }

  /**
   * Compares a run with a baseline, case by case, with the default level and minimum effect.
   *
   * @param baseline the baseline run
   * @param current the run to judge
   * @return the Markdown, ending with a newline
   */
  public static String render(RunResult baseline, RunResult current) {
    return render(baseline, current, CaseComparator.DEFAULT);
  }

  /**
   * Compares a run with a baseline, case by case: both medians with their intervals, the ratio and the verdict of
   * {@link CaseComparator}, the rule the Maven gate applies, with the reason of every verdict that is not SAME.
   *
   * @param baseline the baseline run
   * @param current the run to judge
   * @param comparator the level and minimum effect
   * @return the Markdown, ending with a newline
   */
  public static String render(RunResult baseline, RunResult current, CaseComparator comparator) {
    Comparison cmp = Comparison.of(List.of(baseline, current), comparator);
    Map<Verdict, Integer> tally = new EnumMap<>(Verdict.class);
    Md.Table table = new Md.Table("Case", "Baseline median (95% CI)", "Current median (95% CI)", "Ratio", "Verdict",
        "Flags");
    StringBuilder reasons = new StringBuilder();
    for (Comparison.Row row : cmp.rows()) {
      CaseComparison change = row.changes().get(0);
      tally.merge(change.verdict(), 1, Integer::sum);
      List<String> flags = new ArrayList<>();
      for (CaseResult c : row.cases()) {
        if (c != null) {
          RunFlags.deviceStateFlags(c).stream().filter(f -> !flags.contains(f)).forEach(flags::add);
        }
      }
      table.row(row.displayName(), side(row.cases().get(0)), side(row.cases().get(1)), Figures.ratio(change.ratio()),
          change.verdictText(), String.join(", ", flags));
      if (change.verdict() != Verdict.SAME) {
        reasons.append("- ").append(Md.escape(row.displayName())).append(": ").append(Md.escape(change.reason()))
            .append('\n');
      }
    }
    StringJoiner counts = new StringJoiner(", ");
    tally.forEach((v, n) -> counts.add(n + " " + v.name()));
    return "### gpubench: current vs baseline — " + counts + "\n\n"
        + "Baseline: " + Md.escape(cmp.labels().get(0)) + "  \n"
        + "Current: " + Md.escape(cmp.labels().get(1)) + "\n\n"
        + table.render()
        + "\nRatio: current median time over baseline's (below ×1 is faster). Verdict: the gate's comparison at "
        + Md.escape(Figures.percent(1 - comparator.significance())) + " with a minimum effect of "
        + Md.escape(Figures.percent(comparator.minEffect()))
        + "; one run on each side is provisional (the spread between runs is not measured).\n"
        + (reasons.length() == 0 ? "" : "\n**Why**\n\n" + reasons);
  }

  /**
   * Why audits were skipped, each reason once with the cases it concerns: a refusal (CUPTI without the permission to
   * profile) is the same for every case of a run.
   */
  private static String skippedAudits(List<CaseResult> cases) {
    Map<String, List<String>> byReason = new LinkedHashMap<>();
    for (CaseResult c : cases) {
      if (c.audit() != null && c.audit().isSkipped()) {
        byReason.computeIfAbsent(CaseDigest.firstLine(c.audit().skipReason()), r -> new ArrayList<>())
            .add(name(c));
      }
    }
    if (byReason.isEmpty()) {
      return "";
    }
    StringBuilder b = new StringBuilder("\n**Kernel audits skipped**\n\n");
    byReason.forEach((reason, names) -> b.append("- ").append(Md.escape(names.size() == 1 ? names.get(0)
        : names.size() + " cases (" + names.get(0) + ", ...)")).append(": ").append(Md.escape(reason)).append('\n'));
    return b.toString();
  }

  private static String side(CaseResult c) {
    if (c == null) {
      return "absent";
    }
    return c.status() == CaseStatus.PASSED ? CaseDigest.time(c) : c.status().name();
  }

  private static String simpleName(String className) {
    return className == null ? "?" : className.substring(className.lastIndexOf('.') + 1);
  }

  private static String name(CaseResult c) {
    return c.displayName() != null ? c.displayName() : c.id();
  }

  private static String check(Check k) {
    if (k == null) {
      return "";
    }
    return k.metric().label() + " used " + Figures.percent(k.usedShare()) + " of its allowance";
  }

  private static String counts(List<CaseResult> cases) {
    Map<CaseStatus, Integer> n = new EnumMap<>(CaseStatus.class);
    cases.forEach(c -> n.merge(c.status(), 1, Integer::sum));
    StringJoiner parts = new StringJoiner(", ");
    n.forEach((status, count) -> parts.add(count + " " + status.name().toLowerCase(Locale.ROOT)));
    return cases.size() + (cases.size() == 1 ? " case" : " cases") + (cases.isEmpty() ? "" : " — " + parts);
  }

  private static String environment(Environment env) {
    if (env == null) {
      return "environment not recorded";
    }
    StringJoiner parts = new StringJoiner(", ");
    String driver = env.libraries().get("driver");
    String cuda = env.libraries().get("cuda");
    if (driver != null) {
      parts.add("driver " + driver);
    }
    if (cuda != null) {
      parts.add("CUDA " + cuda);
    }
    if (env.jvm() != null) {
      parts.add(env.jvm());
    }
    parts.add("gpubench " + env.gpubenchVersion() + (env.gitRevision() == null ? "" : " @ " + env.gitRevision()));
    return parts.toString();
  }
}
