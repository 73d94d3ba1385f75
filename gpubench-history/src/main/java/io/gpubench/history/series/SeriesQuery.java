package io.gpubench.history.series;

import java.util.Objects;

/**
 * Which series to read.
 *
 * @param figure the figure
 * @param testbed only this testbed, or null for every testbed
 * @param branch only runs of this branch, or null for every branch
 * @param withSamples whether each point carries its trials' samples (for comparisons between runs)
 */
public record SeriesQuery(Figure figure, String testbed, String branch, boolean withSamples) {

  /**
   * Checks the figure.
   *
   * @param figure figure
   * @param testbed testbed
   * @param branch branch
   * @param withSamples samples
   */
  public SeriesQuery {
    Objects.requireNonNull(figure, "figure");
  }

  /**
   * Every series of the time figure, with samples.
   *
   * @return the query
   */
  public static SeriesQuery all() {
    return new SeriesQuery(Figure.TIME, null, null, true);
  }
}
