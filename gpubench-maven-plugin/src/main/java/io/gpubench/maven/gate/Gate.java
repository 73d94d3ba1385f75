package io.gpubench.maven.gate;

import io.gpubench.api.result.RunResult;
import io.gpubench.maven.rules.Bound;
import io.gpubench.maven.rules.RuleChecker;
import io.gpubench.maven.rules.Violation;
import io.gpubench.maven.summary.MarkdownSummary;
import io.gpubench.maven.verdict.RegressionCheck;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code check} goal without Maven: checks the rules on this build's runs, compares them with the baseline, and
 * says what failed. Every violation is collected before anything fails, so one build shows them all. A run that did
 * not end normally (its journal has no end line) is a violation unless {@code failOnIncomplete} is off, and then a
 * note: a gate never passes an incomplete run silently.
 *
 * @param build the runs to judge
 * @param bounds the compiled rules
 * @param baseline where the baseline runs come from: a file, or the history
 * @param failOnMissingBaseline whether an absent baseline file is a violation rather than a note
 * @param failOnIncomplete whether an incomplete run is a violation rather than a note
 * @param regression how to compare with the baseline
 */
public record Gate(
    BuildRuns build, List<Bound> bounds, BaselineSource baseline, boolean failOnMissingBaseline,
    boolean failOnIncomplete, RegressionCheck regression) {

  /**
   * Makes the gate, copying the bounds.
   *
   * @param build runs
   * @param bounds rules
   * @param baseline baseline source
   * @param failOnMissingBaseline whether a missing baseline fails
   * @param failOnIncomplete whether an incomplete run fails
   * @param regression comparison settings
   */
  public Gate {
    bounds = List.copyOf(bounds);
  }

  /**
   * The gate against a baseline file.
   *
   * @param build runs
   * @param bounds rules
   * @param baseline baseline file
   * @param failOnMissingBaseline whether a missing baseline fails
   * @param failOnIncomplete whether an incomplete run fails
   * @param regression comparison settings
   */
  public Gate(BuildRuns build, List<Bound> bounds, Path baseline, boolean failOnMissingBaseline,
      boolean failOnIncomplete, RegressionCheck regression) {
    this(build, bounds, BaselineSource.file(baseline), failOnMissingBaseline, failOnIncomplete, regression);
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
    for (BuildRuns.Judged j : build.incomplete()) {
      String what = "run " + j.run().runId() + " (" + j.file() + ") is incomplete: " + j.incomplete() + "; its "
          + j.run().cases().size() + " recorded cases are judged, "
          + (j.planned() > j.run().cases().size() ? "the other " + (j.planned() - j.run().cases().size()) : "any other")
          + " planned cases are not";
      if (failOnIncomplete) {
        violations.add(new Violation("run " + j.run().runId(), "incomplete", what
            + " (rerun the benchmarks, or set failOnIncomplete to false to judge what was recorded)"));
      } else {
        notes.add(what + " (failOnIncomplete=false)");
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
    } else if (loaded.failure() != null) {
      violations.add(new Violation("baseline", "history", loaded.failure()));
    } else if (failOnMissingBaseline) {
      violations.add(new Violation("baseline", "file", loaded.missing()));
    } else {
      notes.add(loaded.missingNote());
    }
    String md = MarkdownSummary.render(build, merged, rules, compared, violations);
    return new Report(md, violations, notes);
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
