package io.gpubench.maven.rules;

import io.gpubench.results.select.CasePattern;
import java.util.ArrayList;
import java.util.List;

/** Turns the rules written in the POM into checked {@link Bound}s, so a typo fails before any figure is read. */
public final class Bounds {

  private Bounds() {}

  /**
   * Compiles rules.
   *
   * @param rules the rules from the POM, possibly null
   * @return one bound per limit, in order
   * @throws IllegalArgumentException naming the rule, the limit and what is wrong with it
   */
  public static List<Bound> compile(List<Rule> rules) {
    List<Bound> bounds = new ArrayList<>();
    if (rules == null) {
      return bounds;
    }
    for (int i = 0; i < rules.size(); i++) {
      Rule r = rules.get(i);
      String label = "rule " + (i + 1) + " ("
          + (r.getCases() == null ? "no cases" : r.getCases().trim().replaceAll("\\s+", " ")) + ")";
      if (r.getCases() == null || r.getCases().isBlank()) {
        throw new IllegalArgumentException(label + ": <cases> is required: a pattern such as GemmBenchmark#matmul*");
      }
      if (r.getLimits() == null || r.getLimits().isEmpty()) {
        throw new IllegalArgumentException(label + ": has no <limits>");
      }
      List<CasePattern> includes = patterns(r.getCases());
      List<CasePattern> excludes = r.getExcludes() == null ? List.of() : patterns(r.getExcludes());
      for (Limit l : r.getLimits()) {
        bounds.add(bound(label, includes, excludes, l));
      }
    }
    return bounds;
  }

  private static Bound bound(String label, List<CasePattern> includes, List<CasePattern> excludes, Limit l) {
    Figure figure;
    try {
      figure = Figure.parse(l.getFigure());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(label + ": " + e.getMessage());
    }
    if (l.getMinimum() == null && l.getMaximum() == null) {
      throw new IllegalArgumentException(label + ": the limit on " + figure + " has neither <minimum> nor <maximum>");
    }
    Double min = value(label, figure, "minimum", l.getMinimum());
    Double max = value(label, figure, "maximum", l.getMaximum());
    if (min != null && max != null && min > max) {
      throw new IllegalArgumentException(label + ": the limit on " + figure + " has minimum " + l.getMinimum()
          + " above its maximum " + l.getMaximum());
    }
    return new Bound(label, includes, excludes, figure, min, max);
  }

  private static Double value(String label, Figure figure, String which, String text) {
    if (text == null) {
      return null;
    }
    try {
      return figure.unit().parse(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(label + ": " + which + " of " + figure + ": " + e.getMessage());
    }
  }

  // Whitespace separates patterns, not commas: case ids have commas of their own ([m=256,n=256,k=256]).
  private static List<CasePattern> patterns(String text) {
    return CasePattern.list(text);
  }
}
