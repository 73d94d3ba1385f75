package io.gpubench.maven.rules;

import static java.util.stream.Collectors.joining;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.RunResult;
import io.gpubench.results.select.CasePattern;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks every bound against every case it selects. A missed limit, a figure a selected case lacks, and a rule that
 * selects no case at all are violations: a gate that silently checks nothing is worse than none. Skipped cases (a
 * backend absent on this machine) are noted, not failed, so one POM serves CPU-only and GPU runners.
 */
public final class RuleChecker {

  private RuleChecker() {}

  /**
   * Checks a run.
   *
   * @param run the results
   * @param bounds the compiled rules
   * @return the violations and notes
   */
  public static Outcome check(RunResult run, List<Bound> bounds) {
    List<Violation> violations = new ArrayList<>();
    Set<String> notes = new LinkedHashSet<>();
    int checked = 0;
    for (Bound b : bounds) {
      List<CaseResult> selected = run.cases().stream().filter(b::selects).toList();
      if (selected.isEmpty()) {
        violations.add(new Violation(b.rule(), b.figure().name(),
            b.rule() + ": no case matches " + b.includes().stream().map(CasePattern::text).collect(joining(" "))
                + " (the run has " + run.cases().size() + " cases)"));
        continue;
      }
      for (CaseResult c : selected) {
        if (c.status() == CaseStatus.SKIPPED) {
          notes.add(c.id() + " was skipped (" + c.message() + "); its limits were not checked");
          continue;
        }
        Double actual = b.figure().valueOf(c);
        if (actual == null) {
          violations.add(new Violation(c.id(), b.figure().name(), c.id() + ": " + b.figure() + " cannot be checked: "
              + absence(c) + " (" + b.rule() + ")"));
          continue;
        }
        checked++;
        Violation v = b.check(c.id(), actual);
        if (v != null) {
          violations.add(v);
        }
      }
    }
    return new Outcome(violations, List.copyOf(notes), checked);
  }

  private static String absence(CaseResult c) {
    if (c.status() != CaseStatus.PASSED) {
      return "the case " + c.status() + (c.message() == null ? "" : ": " + c.message());
    }
    return "the case has no such figure";
  }

  /**
   * What the rules found.
   *
   * @param violations every missed limit, in rule order
   * @param notes things worth a line in the log that fail nothing
   * @param checked how many (case, figure) pairs were checked
   */
  public record Outcome(List<Violation> violations, List<String> notes, int checked) {

    /**
     * Makes the outcome, copying the lists.
     *
     * @param violations violations
     * @param notes notes
     * @param checked pairs checked
     */
    public Outcome {
      violations = List.copyOf(violations);
      notes = List.copyOf(notes);
    }
  }
}
