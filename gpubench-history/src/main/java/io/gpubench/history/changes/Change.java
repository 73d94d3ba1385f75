package io.gpubench.history.changes;

import io.gpubench.api.Better;
import io.gpubench.history.series.Point;
import io.gpubench.history.series.Series;
import io.gpubench.history.store.AcceptedChanges;
import java.util.ArrayList;
import java.util.List;

/**
 * A change point of a stored series: the run the new level starts at, the last clean run before it, the shift and
 * its confidence, and whether a team accepted it. Only clean points (passed, no device-state flag) are searched, so
 * a throttled or contended run can neither make a change point nor hide one; it is still drawn on the page.
 *
 * @param series the series
 * @param at the first run of the new level
 * @param before the last clean run before it
 * @param stats the shift (means of log values) and its p-value
 * @param accepted the acceptance, or null when nobody accepted it
 */
public record Change(Series series, Point at, Point before, ChangePoint stats, AcceptedChanges.Accepted accepted) {

  /**
   * The change points of a series.
   *
   * @param s the series
   * @param detector the detector
   * @param accepted every accepted change of the store
   * @return the changes, oldest first
   */
  public static List<Change> of(Series s, ChangePointDetector detector, List<AcceptedChanges.Accepted> accepted) {
    List<Point> clean = s.clean();
    double[] logs = clean.stream().mapToDouble(p -> Math.log(p.value())).toArray();
    List<Change> out = new ArrayList<>();
    for (ChangePoint cp : detector.detect(logs)) {
      Point at = clean.get(cp.index());
      AcceptedChanges.Accepted a = accepted.stream().filter(x -> x.caseId().equals(s.caseId())
          && x.testbed().equals(s.testbed()) && x.figure() == s.figure() && x.runId().equals(at.run().runId()))
          .findFirst().orElse(null);
      out.add(new Change(s, at, clean.get(cp.index() - 1), cp, a));
    }
    return out;
  }

  /**
   * Whether the new level is worse: slower, or a lower rate.
   *
   * @return true for a regression
   */
  public boolean regression() {
    return series.figure().better() == Better.LOWER ? stats.ratio() > 1 : stats.ratio() < 1;
  }
}
