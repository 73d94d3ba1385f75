package io.gpubench.maven;

import io.gpubench.maven.rules.Unit;
import io.gpubench.results.compare.CaseComparator;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * The goals that compare runs ({@code check}, {@code ab}, {@code report}): one comparison, from the same two
 * settings, so that the report and the gate give the same verdict on the same two runs.
 */
abstract class ComparingGoal extends StoreGoal {

  /** The smallest change of a case's median that counts as FASTER or SLOWER: {@code 5%} or {@code 0.05}. */
  @Parameter(property = "gpubench.minEffect", defaultValue = "5%")
  String minEffect;

  /**
   * The level of the comparison: its intervals cover {@code 1 - significance}. Unchanged code is called SLOWER or
   * FASTER in at most this share of case verdicts only where runs scatter as the model assumes; docs/maven-plugin.md
   * gives the share measured on a loaded runner.
   */
  @Parameter(property = "gpubench.significance", defaultValue = "0.01")
  double significance;

  /**
   * The goal's name in its messages: {@code gpubench check}.
   *
   * @return the name
   */
  @Override
  abstract String goal();

  /**
   * The comparison these settings make.
   *
   * @return the comparator
   * @throws MojoExecutionException naming the setting and value at fault
   */
  CaseComparator comparator() throws MojoExecutionException {
    try {
      return comparator(minEffect, significance);
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException(goal() + ": invalid comparison setting: " + e.getMessage());
    }
  }

  /**
   * The comparison from its two settings as written in the POM.
   *
   * @param minEffect such as {@code 5%} or {@code 0.05}
   * @param significance such as {@code 0.01}
   * @return the comparator
   * @throws IllegalArgumentException naming the setting and value at fault
   */
  static CaseComparator comparator(String minEffect, double significance) {
    double effect = Unit.RATIO.parse(minEffect);
    if (effect >= 1 && !minEffect.strip().endsWith("%")) {
      // "5" meant as 5% would silently make every change SAME; "100%" says what it means.
      throw new IllegalArgumentException("minEffect " + minEffect + " reads as " + Math.round(effect * 100)
          + "%; write 5% or 0.05 for five percent, or " + Math.round(effect * 100) + "% if that is meant");
    }
    return new CaseComparator(significance, effect);
  }
}
