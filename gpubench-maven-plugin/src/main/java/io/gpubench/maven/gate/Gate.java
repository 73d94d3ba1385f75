package io.gpubench.maven.gate;

import io.gpubench.api.result.RunResult;
import io.gpubench.maven.baseline.BaselineFile;
import io.gpubench.maven.rules.Bound;
import io.gpubench.maven.rules.RuleChecker;
import io.gpubench.maven.rules.Violation;
import io.gpubench.maven.summary.MarkdownSummary;
import io.gpubench.maven.verdict.RegressionCheck;
import io.gpubench.results.ResultsFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code check} goal without Maven: reads the results, checks the rules, compares with the baseline, and says
 * what failed. Every violation is collected before anything fails, so one build shows them all.
 *
 * @param results the results file
 * @param bounds the compiled rules
 * @param baseline the baseline file
 * @param failOnMissingBaseline whether an absent baseline file is a violation rather than a note
 * @param regression how to compare with the baseline
 */
public record Gate(
    Path results, List<Bound> bounds, Path baseline, boolean failOnMissingBaseline, RegressionCheck regression) {

  /**
   * Makes the gate, copying the bounds.
   *
   * @param results results file
   * @param bounds rules
   * @param baseline baseline file
   * @param failOnMissingBaseline whether a missing baseline fails
   * @param regression comparison settings
   */
  public Gate {
    bounds = List.copyOf(bounds);
  }

  /**
   * Runs the gate.
   *
   * @return the report
   * @throws ResultsFile.InvalidResultsException when the results file is missing or unusable, naming it and why
   * @throws io.gpubench.maven.baseline.InvalidBaselineException when the baseline file exists but is unusable
   */
  public Report run() {
    RunResult run = ResultsFile.read(results);
    List<String> notes = new ArrayList<>();
    RuleChecker.Outcome rules = RuleChecker.check(run, bounds);
    List<Violation> violations = new ArrayList<>(rules.violations());
    notes.addAll(rules.notes());

    RegressionCheck.Outcome compared = null;
    if (BaselineFile.exists(baseline)) {
      compared = regression.check(run, BaselineFile.read(baseline), baseline.toString());
      violations.addAll(compared.violations());
      notes.addAll(compared.warnings());
    } else if (failOnMissingBaseline) {
      violations.add(new Violation("baseline", "file", "baseline " + baseline
          + " does not exist; record it with gpubench:baseline (or set failOnMissingBaseline to false)"));
    } else {
      notes.add("no baseline " + baseline + ": nothing compared (record one with gpubench:baseline)");
    }
    String md = MarkdownSummary.render(results.toString(), run, rules, compared, violations);
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
