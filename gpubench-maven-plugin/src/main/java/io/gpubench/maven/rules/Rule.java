package io.gpubench.maven.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * A rule as configured in the POM: which cases, and the limits on their figures.
 *
 * <pre>{@code
 * <rule>
 *   <cases>GemmBenchmark#matmul*[FP16]*</cases>      <!-- patterns, separated by spaces or lines -->
 *   <excludes>*[cpu]</excludes>                      <!-- optional -->
 *   <limits>
 *     <limit><figure>median</figure><maximum>2.5ms</maximum></limit>
 *     <limit><figure>flopsPerSecond</figure><minimum>50T</minimum></limit>
 *   </limits>
 * </rule>
 * }</pre>
 *
 * <p>A mutable bean because Maven fills it in field by field; {@link Bounds#compile} turns it into checked, immutable
 * {@link Bound}s before anything is evaluated.
 */
public final class Rule {

  private String cases;
  private String excludes;
  private List<Limit> limits = new ArrayList<>();

  /** For Maven. */
  public Rule() {}

  /**
   * Makes a rule in code (tests, embedders).
   *
   * @param cases case patterns separated by whitespace
   * @param limits the limits
   */
  public Rule(String cases, List<Limit> limits) {
    this.cases = cases;
    this.limits = new ArrayList<>(limits);
  }

  /**
   * The case patterns, separated by whitespace (case ids contain commas, never whitespace).
   *
   * @return the patterns as written, or null
   */
  public String getCases() {
    return cases;
  }

  /**
   * Sets the case patterns.
   *
   * @param cases patterns separated by whitespace
   */
  public void setCases(String cases) {
    this.cases = cases;
  }

  /**
   * Patterns of cases the rule leaves out, separated by whitespace.
   *
   * @return the patterns, or null
   */
  public String getExcludes() {
    return excludes;
  }

  /**
   * Sets the excluded patterns.
   *
   * @param excludes patterns separated by whitespace
   */
  public void setExcludes(String excludes) {
    this.excludes = excludes;
  }

  /**
   * The limits.
   *
   * @return the limits
   */
  public List<Limit> getLimits() {
    return limits;
  }

  /**
   * Sets the limits.
   *
   * @param limits the limits
   */
  public void setLimits(List<Limit> limits) {
    this.limits = limits;
  }
}
