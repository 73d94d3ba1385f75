package io.gpubench.maven.gate;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.RunResult;
import io.gpubench.maven.rules.Bound;
import io.gpubench.maven.rules.RuleChecker;
import io.gpubench.maven.rules.Violation;
import io.gpubench.maven.summary.MarkdownSummary;
import io.gpubench.maven.verdict.RegressionCheck;
import io.gpubench.results.compare.Ambiguity;
import io.gpubench.results.compare.CaseDigest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@code check} goal without Maven: checks the rules on this build's runs, compares them with the baseline, and
 * says what failed. Every violation is collected before anything fails, so one build shows them all. A run that did
 * not end normally (its journal has no end line) is a violation unless {@code failOnIncomplete} is off, and then a
 * note: a gate never passes an incomplete run silently.
 *
 * @param build the runs to judge
 * @param bounds the compiled rules
 * @param baseline where the baseline runs come from: a file, or the history
 * @param baselineRequired whether the baseline must be used: the user named it (or asked that the default be
 *     there); then a baseline that is absent, holds no environment of this testbed or shares no case with the build
 *     is a violation, never a "nothing compared" note
 * @param failOnIncomplete whether an incomplete run is a violation rather than a note
 * @param failOnNotPassed whether a case this build failed or could not run (an ERROR, such as a class whose
 *     declaration is invalid) is a violation rather than a note: with {@code -Dmaven.test.failure.ignore} Surefire
 *     passes such a build, and the gate must not pass beside a benchmark that never ran
 * @param regression how to compare with the baseline
 * @param failOnMissingShards whether a sharded run with shards missing is a violation rather than a note: the
 *     cases of a missing shard never ran, and a gate that passed the rest would pass a suite it did not see
 */
public record Gate(
    BuildRuns build, List<Bound> bounds, BaselineSource baseline, boolean baselineRequired,
    boolean failOnIncomplete, boolean failOnNotPassed, RegressionCheck regression, boolean failOnMissingShards) {

  /**
   * Makes the gate, copying the bounds.
   *
   * @param build runs
   * @param bounds rules
   * @param baseline baseline source
   * @param baselineRequired whether the baseline must be used
   * @param failOnIncomplete whether an incomplete run fails
   * @param failOnNotPassed whether a failed or errored case fails
   * @param regression comparison settings
   */
  public Gate {
    bounds = List.copyOf(bounds);
  }

  /**
   * The gate, failing on missing shards.
   *
   * @param build runs
   * @param bounds rules
   * @param baseline baseline source
   * @param baselineRequired whether the baseline must be used
   * @param failOnIncomplete whether an incomplete run fails
   * @param failOnNotPassed whether a failed or errored case fails
   * @param regression comparison settings
   */
  public Gate(BuildRuns build, List<Bound> bounds, BaselineSource baseline, boolean baselineRequired,
      boolean failOnIncomplete, boolean failOnNotPassed, RegressionCheck regression) {
    this(build, bounds, baseline, baselineRequired, failOnIncomplete, failOnNotPassed, regression, true);
  }

  /**
   * The gate against a baseline file.
   *
   * @param build runs
   * @param bounds rules
   * @param baseline baseline file
   * @param baselineRequired whether the baseline must be used
   * @param failOnIncomplete whether an incomplete run fails
   * @param failOnNotPassed whether a failed or errored case fails
   * @param regression comparison settings
   */
  public Gate(BuildRuns build, List<Bound> bounds, Path baseline, boolean baselineRequired,
      boolean failOnIncomplete, boolean failOnNotPassed, RegressionCheck regression) {
    this(build, bounds, BaselineSource.file(baseline), baselineRequired, failOnIncomplete, failOnNotPassed,
        regression);
  }

  /**
   * Runs the gate.
   *
   * @return the report
   * @throws io.gpubench.maven.baseline.InvalidBaselineException when the baseline file exists but is unusable
   */
  public Report run() {
    RunResult merged = build.merged();
    List<String> notes = new ArrayList<>(build.notes());
    List<Violation> violations = new ArrayList<>();
    if (build.shards() != null && !build.shards().whole()) {
      var shards = build.shards();
      String what = "sharded run " + shards.runId() + ": " + shards.missingText() + "; the " + shards.shards().size()
          + " shards present (" + String.join(", ", shards.shards().keySet().stream().map(String::valueOf).toList())
          + ") are judged";
      if (failOnMissingShards) {
        violations.add(new Violation("shards", "missing", what + " (run the missing shards into the same folder with"
            + " gpubench.shard=" + (shards.missing().size() == 1 ? shards.missing().get(0) : "I") + "/"
            + shards.count() + (shards.mark().run() == null ? ""
                : " and gpubench.shard.run=" + shards.mark().run()) + ", or set failOnMissingShards to false to judge"
            + " the shards present)"));
      } else {
        notes.add(what + " (failOnMissingShards=false)");
      }
    }
    for (BuildRuns.Judged j : build.incomplete()) {
      String what = "run " + j.run().runId() + " (" + j.file() + ") is incomplete: " + j.incomplete() + "; its "
          + j.run().cases().size() + " recorded cases are judged, "
          + (j.planned() > j.run().cases().size() ? "the other " + (j.planned() - j.run().cases().size()) : "any other")
          + " planned cases are not" + NotJudged.list(j.undecided(), j.unfinished());
      if (failOnIncomplete) {
        violations.add(new Violation("run " + j.run().runId(), "incomplete", what
            + " (rerun the benchmarks, or set failOnIncomplete to false to judge what was recorded)"));
      } else {
        notes.add(what + " (failOnIncomplete=false)");
      }
    }
    for (CaseResult c : merged.cases()) {
      if (c.status() == CaseStatus.FAILED || c.status() == CaseStatus.ERROR) {
        String what = c.id() + ": " + c.status() + " in this build: "
            + (c.message() == null ? "no message" : CaseDigest.oneLine(c.message()));
        if (failOnNotPassed) {
          violations.add(new Violation(c.id(), "status", what + " (fix it, or set failOnNotPassed to false to "
              + "judge the other cases only)"));
        } else {
          notes.add(what + " (failOnNotPassed=false)");
        }
      }
    }
    RuleChecker.Outcome rules = RuleChecker.check(merged, bounds);
    violations.addAll(rules.violations());
    notes.addAll(rules.notes());

    RegressionCheck.Outcome compared = null;
    BaselineSource.Loaded loaded = baseline.load(build.results());
    notes.addAll(loaded.notes());
    if (loaded.set() != null) {
      compared = regression.check(build.results(), loaded.set(), baseline.name());
      violations.addAll(compared.violations());
      notes.addAll(compared.warnings());
      if (baselineRequired && compared.violations().stream().noneMatch(v -> v.subject().equals("baseline"))
          && compared.comparisons().stream().noneMatch(c -> c.comparison().ambiguity() != Ambiguity.NOT_COMPARABLE)
          && !sharesAPassedCase(build.results(), compared)) {
        violations.add(new Violation("baseline", "compared", "baseline " + baseline.name() + " was named but "
            + "compared nothing: " + nothingCompared(compared) + " (record it on this testbed with mvn verify "
            + "gpubench:baseline, or leave -Dgpubench.baseline unset to compare only where a baseline exists)"));
      }
    } else if (loaded.failure() != null) {
      violations.add(new Violation("baseline", "history", loaded.failure()));
    } else if (baselineRequired) {
      violations.add(new Violation("baseline", "file", loaded.missing()));
    } else {
      notes.add(loaded.missingNote());
    }
    // the summary takes plain values, so that it does not depend back on the gate's records (a package cycle)
    Map<String, String> incomplete = new java.util.LinkedHashMap<>();
    build.incomplete().forEach(j -> incomplete.put(j.run().runId(), j.incomplete()));
    String md = MarkdownSummary.render(build.describe(), incomplete, merged, rules, compared, violations);
    return new Report(md, violations, notes);
  }

  /**
   * Whether the baseline holds a case this build passed: its memory was compared even where its time was not (a
   * history baseline whose every run of the case was flagged contended, as on a runner whose two vCPUs share a core,
   * where an unchanged build failed on "compared nothing" though its memory had been judged).
   */
  private static boolean sharesAPassedCase(List<RunResult> runs, RegressionCheck.Outcome compared) {
    return compared.baselineEnvironment() != null && runs.stream().flatMap(r -> r.cases().stream())
        .filter(c -> c.status() == CaseStatus.PASSED).anyMatch(c -> !compared.unrecorded().contains(c.id()));
  }

  private static String nothingCompared(RegressionCheck.Outcome compared) {
    if (compared.baselineEnvironment() == null) {
      return String.join("; ", compared.warnings());
    }
    if (compared.comparisons().isEmpty()) {
      return "it shares no passed case with this build (it holds " + compared.absent().size() + " other cases; this "
          + "build passed " + compared.unrecorded().size() + " it does not hold)";
    }
    return "no case of this build could be compared with it (" + compared.comparisons().get(0).comparison().reason()
        + (compared.comparisons().size() > 1 ? ", and " + (compared.comparisons().size() - 1) + " more" : "") + ")";
  }

  /**
   * What the gate found.
   *
   * @param markdown the summary, for the log and the CI job summary
   * @param violations every violation
   * @param notes warnings that fail nothing
   */
  public record Report(String markdown, List<Violation> violations, List<String> notes) {

    /**
     * Makes the report, copying the lists.
     *
     * @param markdown summary
     * @param violations violations
     * @param notes notes
     */
    public Report {
      violations = List.copyOf(violations);
      notes = List.copyOf(notes);
    }
  }
}
