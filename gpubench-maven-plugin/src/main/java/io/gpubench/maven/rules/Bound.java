package io.gpubench.maven.rules;

import io.gpubench.api.result.CaseResult;
import io.gpubench.results.select.CasePattern;
import java.util.List;

/**
 * A checked limit of a rule: the cases it selects, the figure and its bounds in base units.
 *
 * @param rule the rule's number (from 1) and patterns, for messages: {@code rule 2 (GemmBenchmark*)}
 * @param includes patterns that select cases
 * @param excludes patterns that leave selected cases out
 * @param figure the figure bounded
 * @param minimum the least allowed value in base units, or null
 * @param maximum the greatest allowed value in base units, or null
 */
public record Bound(
    String rule, List<CasePattern> includes, List<CasePattern> excludes, Figure figure, Double minimum, Double maximum) {

  /**
   * Makes the bound, copying the pattern lists.
   *
   * @param rule rule label
   * @param includes selecting patterns
   * @param excludes excluding patterns
   * @param figure the figure
   * @param minimum the minimum, or null
   * @param maximum the maximum, or null
   */
  public Bound {
    includes = List.copyOf(includes);
    excludes = List.copyOf(excludes);
  }

  /**
   * Whether the bound applies to a case.
   *
   * @param c the case
   * @return true when an include matches and no exclude does
   */
  public boolean selects(CaseResult c) {
    return includes.stream().anyMatch(p -> p.matches(c)) && excludes.stream().noneMatch(p -> p.matches(c));
  }

  /**
   * Checks a value.
   *
   * @param caseId the case, for the message
   * @param actual the figure's value
   * @return the violation, or null when the value is within bounds
   */
  public Violation check(String caseId, double actual) {
    Unit unit = figure.unit();
    if (minimum != null && actual < minimum) {
      return new Violation(caseId, figure.name(), caseId + ": " + figure + " " + unit.format(actual)
          + " is below the minimum of " + unit.format(minimum) + " (" + rule + ")");
    }
    if (maximum != null && actual > maximum) {
      return new Violation(caseId, figure.name(), caseId + ": " + figure + " " + unit.format(actual)
          + " is above the maximum of " + unit.format(maximum) + " (" + rule + ")");
    }
    return null;
  }
}
