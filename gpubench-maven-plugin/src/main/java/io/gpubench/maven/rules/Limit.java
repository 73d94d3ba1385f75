package io.gpubench.maven.rules;

/**
 * One limit of a rule as configured in the POM: a figure and a minimum, a maximum, or both, written with their
 * unit ({@code 2.5ms}, {@code 50T}, {@code 80%}). A mutable bean because Maven fills it in field by field.
 */
public final class Limit {

  private String figure;
  private String minimum;
  private String maximum;

  /** For Maven. */
  public Limit() {}

  /**
   * Makes a limit in code (tests, embedders).
   *
   * @param figure the figure's name
   * @param minimum the minimum as written, or null
   * @param maximum the maximum as written, or null
   */
  public Limit(String figure, String minimum, String maximum) {
    this.figure = figure;
    this.minimum = minimum;
    this.maximum = maximum;
  }

  /**
   * The figure's name.
   *
   * @return the name, or null
   */
  public String getFigure() {
    return figure;
  }

  /**
   * Sets the figure.
   *
   * @param figure the name
   */
  public void setFigure(String figure) {
    this.figure = figure;
  }

  /**
   * The minimum as written.
   *
   * @return the minimum, or null
   */
  public String getMinimum() {
    return minimum;
  }

  /**
   * Sets the minimum.
   *
   * @param minimum the minimum with its unit
   */
  public void setMinimum(String minimum) {
    this.minimum = minimum;
  }

  /**
   * The maximum as written.
   *
   * @return the maximum, or null
   */
  public String getMaximum() {
    return maximum;
  }

  /**
   * Sets the maximum.
   *
   * @param maximum the maximum with its unit
   */
  public void setMaximum(String maximum) {
    this.maximum = maximum;
  }
}
