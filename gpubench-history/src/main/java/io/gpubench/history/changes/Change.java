package io.gpubench.history.changes;

import io.gpubench.api.Better;
import io.gpubench.history.series.Figure;
import io.gpubench.history.series.Point;
import io.gpubench.history.series.Series;
import io.gpubench.history.store.AcceptedChanges;
import io.gpubench.results.compare.Figures;
import io.gpubench.results.compare.MemoryComparison;
import io.gpubench.results.compare.MemoryFigure;
import java.util.ArrayList;
import java.util.List;

/**
 * A change point of a stored series: the run the new level starts at, the last run searched before it, the shift and
 * its confidence, and whether a team accepted it. Clean points are searched (for a time: passed, not throttled,
 * shared or contended; see {@link Figure#setAsideBy()}), so a run set aside can neither make a change point nor hide
 * one; it is still drawn on the page. But where a time's flagged points that measured their slowdown (a contended
 * core, by the CPU's probe: {@link Point#bounded()}) outnumber its clean ones, as on a runner that contends most runs,
 * those are searched with the clean ones, and a change point holds only where it holds with the stretch that got
 * worse taken at its best ({@link BoundedShift}, the gate's rule for flagged runs): the history of such a runner had
 * found no change point in 25 series of 2× slower runs, searching 59 clean points of 500.
 *
 * <p>Times and rates are searched as logarithms, so a shift is a ratio and must be at least the detector's minimum
 * share. Memory is nearly deterministic, and its rule is the gate's ({@link MemoryFigure}): a shift counts where the
 * levels either side differ by more than the figure's allowance (1% + 1 MiB for device memory; 1% + 1024 B a trial over
 * its calls for the bytes a call allocates), so the trial's bookkeeping never makes a change point, and a change the
 * gate would call {@code MORE MEMORY} does. Device memory must also move by more than one page of
 * {@value #DEVICE_PAGE_BYTES} bytes (2 MiB): a caching allocator's blocks and NVML's count come in whole pages, and
 * below about 100 MiB a page is more than the allowance. Measured ({@code MemoryChangesTest}, 200 series of 150 peaks
 * from 4 MiB to 64 GiB, each run a page more, less or the same): the allowance alone made 1 false change point, at
 * 8 MiB (8.1 → 6.5 MiB over the last 14 runs); with the page, none. Memory is searched as {@code log(1 + bytes)}: a
 * case may allocate nothing.
 *
 * @param series the series
 * @param at the first run of the new level
 * @param before the last run searched before it (clean, or bounded where flagged points were searched)
 * @param stats the shift (means of the searched values) and its p-value
 * @param accepted the acceptance, or null when nobody accepted it
 */
public record Change(Series series, Point at, Point before, ChangePoint stats, AcceptedChanges.Accepted accepted) {

  /** The smallest move of a device-memory level that can be a change: one page of a caching allocator, 2 MiB. */
  public static final long DEVICE_PAGE_BYTES = 2L << 20;

  /**
   * The change points of a series.
   *
   * @param s the series
   * @param detector the detector
   * @param accepted every accepted change of the store
   * @return the changes, oldest first
   */
  public static List<Change> of(Series s, ChangePointDetector detector, List<AcceptedChanges.Accepted> accepted) {
    Figure figure = s.figure();
    List<Point> clean = s.clean();
    // On a runner that contends most runs, the clean points are too few to search (59 of 500 on a 2-vCPU VM whose
    // vCPUs share a core): the points its flags bounded are searched with them, each shift tested with the flagged
    // points at their best.
    List<Point> bounded = figure.memory() == null ? s.bounded() : clean;
    boolean flagged = bounded.size() - clean.size() > clean.size();
    List<Point> searched = flagged ? bounded : clean;
    double[] z = searched.stream().mapToDouble(p -> searched(figure, p.value())).toArray();
    List<ChangePoint> found;
    if (flagged) {
      found = detector.detect(z, new BoundedShift(searched, figure.better(), detector));
    } else if (figure.memory() == null) {
      found = detector.detect(z);
    } else {
      // The allocation figure's allowance spreads a trial's bookkeeping over its calls: the fewest calls of the
      // series give the widest allowance, so a series whose runs changed their calls per trial is not split by it.
      int calls = searched.stream().mapToInt(Point::callsPerTrial).filter(n -> n > 0).min().orElse(1);
      found = detector.detect(z, cp -> beyondAllowance(figure.memory(), level(figure, cp.meanBefore()),
          level(figure, cp.meanAfter()), calls));
    }
    List<Change> out = new ArrayList<>();
    for (ChangePoint cp : found) {
      Point at = searched.get(cp.index());
      AcceptedChanges.Accepted a = accepted.stream().filter(x -> x.caseId().equals(s.caseId())
          && x.testbed().equals(s.testbed()) && x.figure() == s.figure() && x.runId().equals(at.run().runId()))
          .findFirst().orElse(null);
      out.add(new Change(s, at, searched.get(cp.index() - 1), cp, a));
    }
    return out;
  }

  /**
   * Whether two levels of a memory figure differ by the gate's rule, and a device figure's by more than a page.
   *
   * @param f the figure
   * @param before the level before, bytes
   * @param after the level after, bytes
   * @param callsPerTrial the calls per trial the allowance is spread over
   * @return true where they differ by more than the allowance
   */
  static boolean beyondAllowance(MemoryFigure f, double before, double after, int callsPerTrial) {
    boolean paged = f != MemoryFigure.ALLOCATED_BYTES_PER_CALL;
    return f.compare(before, after, callsPerTrial, false).outcome() != MemoryComparison.Outcome.SAME
        && (!paged || Math.abs(after - before) > DEVICE_PAGE_BYTES);
  }

  // The value the detector searches: the logarithm, and for memory of 1 + bytes, since a case may allocate nothing.
  private static double searched(Figure f, double value) {
    return f.memory() == null ? Math.log(value) : Math.log1p(value);
  }

  private static double level(Figure f, double searched) {
    return f.memory() == null ? Math.exp(searched) : Math.expm1(searched);
  }

  /**
   * The level before the change, in the figure's unit: the geometric mean of the stretch before.
   *
   * @return the level
   */
  public double levelBefore() {
    return level(series.figure(), stats.meanBefore());
  }

  /**
   * The level after the change, in the figure's unit.
   *
   * @return the level
   */
  public double levelAfter() {
    return level(series.figure(), stats.meanAfter());
  }

  /**
   * The new level over the old.
   *
   * @return the ratio; infinite for memory that grew from nothing
   */
  public double ratio() {
    return levelAfter() / levelBefore();
  }

  /**
   * Whether the new level is worse: slower, a lower rate, or more memory.
   *
   * @return true for a regression
   */
  public boolean regression() {
    return series.figure().better() == Better.LOWER ? levelAfter() > levelBefore() : levelAfter() < levelBefore();
  }

  /**
   * The shift for people: {@code +30.0% slower}, {@code -4.8% faster}, {@code +100.0% more memory}, {@code +2.0 MiB
   * more memory} (from nothing).
   *
   * @return the text
   */
  public String shift() {
    if (series.figure().memory() != null) {
      String more = regression() ? " more memory" : " less memory";
      return levelBefore() > 0 ? Figures.signedPercent(ratio() - 1) + more
          : "+" + Figures.bytes(levelAfter()) + more;
    }
    return Figures.signedPercent(ratio() - 1) + (regression() ? " slower" : " faster");
  }

  /**
   * The levels either side for people: {@code 1.234 ms → 1.604 ms}, {@code 3.922 KiB → 7.867 KiB}.
   *
   * @return the text
   */
  public String levels() {
    return series.figure().format(levelBefore()) + " → " + series.figure().format(levelAfter());
  }
}
