package io.gpubench.history.series;

import java.util.List;

/**
 * One case on one testbed over runs, in the order the runs started.
 *
 * @param caseId the case's stable id
 * @param displayName its display name (the newest run's)
 * @param testbed the hardware key
 * @param backend the backend id, such as {@code cuda:0}
 * @param precision the precision
 * @param figure the figure followed
 * @param points the runs, oldest first
 */
public record Series(String caseId, String displayName, String testbed, String backend, String precision,
    Figure figure, List<Point> points) {

  /**
   * Copies the points.
   *
   * @param caseId case
   * @param displayName name
   * @param testbed testbed
   * @param backend backend
   * @param precision precision
   * @param figure figure
   * @param points points
   */
  public Series {
    points = List.copyOf(points);
  }

  /**
   * The points that take part in change detection, in order.
   *
   * @return the clean points
   */
  public List<Point> clean() {
    return points.stream().filter(Point::clean).toList();
  }

  /**
   * The points that are clean or bounded by their flags' measured slowdown ({@link Point#bounded()}), in order.
   *
   * @return those points
   */
  public List<Point> bounded() {
    return points.stream().filter(Point::bounded).toList();
  }
}
