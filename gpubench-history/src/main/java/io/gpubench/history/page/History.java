package io.gpubench.history.page;

import io.gpubench.history.changes.Change;
import io.gpubench.history.changes.ChangePointDetector;
import io.gpubench.history.series.Figure;
import io.gpubench.history.series.Point;
import io.gpubench.history.series.RunInfo;
import io.gpubench.history.series.Series;
import io.gpubench.history.series.SeriesQuery;
import io.gpubench.history.store.AcceptedChanges;
import io.gpubench.history.store.HistoryStore;
import io.gpubench.history.store.RunReader;
import io.gpubench.history.store.SeriesReader;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the page and the Markdown summary show, read once from a store: every run, every series, the change points of
 * each series and the accepted changes, and which change points fall within the last commits. The series are those of
 * the query's figure (the cases the page lists) and, beside them, each case's memory series.
 *
 * @param store the store's name, for titles
 * @param figure the figure of the cases the page lists (the query's: time)
 * @param runs every run, oldest first
 * @param series every series: the query's figure's first, then the memory figures'
 * @param changes every change point, oldest first
 * @param accepted every accepted change
 */
public record History(String store, Figure figure, List<RunInfo> runs, List<Series> series, List<Change> changes,
    List<AcceptedChanges.Accepted> accepted) {

  /**
   * Copies.
   *
   * @param store store
   * @param figure the listed figure
   * @param runs runs
   * @param series series
   * @param changes changes
   * @param accepted accepted
   */
  public History {
    runs = List.copyOf(runs);
    series = List.copyOf(series);
    changes = List.copyOf(changes);
    accepted = List.copyOf(accepted);
  }

  /**
   * Reads a store.
   *
   * @param store the store
   * @param query which series (testbed, branch)
   * @param detector the change-point detector
   * @return the history
   * @throws io.gpubench.history.store.HistoryException naming the store
   */
  public static History read(HistoryStore store, SeriesQuery query, ChangePointDetector detector) {
    List<AcceptedChanges.Accepted> accepted = AcceptedChanges.all(store);
    List<Series> series = new ArrayList<>(SeriesReader.read(store, query));
    for (Figure f : Figure.memoryFigures()) {
      if (f != query.figure()) {
        series.addAll(SeriesReader.read(store, new SeriesQuery(f, query.testbed(), query.branch(), false)));
      }
    }
    List<Change> changes = new ArrayList<>();
    for (Series s : series) {
      changes.addAll(Change.of(s, detector, accepted));
    }
    changes.sort(Comparator.comparingLong((Change c) -> c.at().run().startedMillis())
        .thenComparing(c -> c.series().caseId()));
    return new History(store.location().toString(), query.figure(), RunReader.runs(store), series, changes,
        accepted);
  }

  /**
   * The series the page lists, one per case and testbed: the listed figure's.
   *
   * @return the series
   */
  public List<Series> cases() {
    return of(figure);
  }

  /**
   * The series of one figure.
   *
   * @param figure the figure
   * @return its series, in the order read
   */
  public List<Series> of(Figure figure) {
    return series.stream().filter(s -> s.figure() == figure).toList();
  }

  /**
   * The commits of the runs, newest first, each once.
   *
   * @return the commits (a run without one counts by its id)
   */
  public List<String> commitsNewestFirst() {
    Set<String> seen = new LinkedHashSet<>();
    for (int i = runs.size() - 1; i >= 0; i--) {
      RunInfo r = runs.get(i);
      seen.add(r.commit() != null ? r.commit() : "run " + r.runId());
    }
    return List.copyOf(seen);
  }

  /**
   * The change points whose new level starts in one of the last commits.
   *
   * @param commits how many of the newest commits
   * @return the changes, newest first
   */
  public List<Change> changedInLast(int commits) {
    Set<String> recent = new LinkedHashSet<>(commitsNewestFirst().subList(0, Math.min(commits,
        commitsNewestFirst().size())));
    List<Change> out = new ArrayList<>();
    for (int i = changes.size() - 1; i >= 0; i--) {
      Change c = changes.get(i);
      RunInfo r = c.at().run();
      if (recent.contains(r.commit() != null ? r.commit() : "run " + r.runId())) {
        out.add(c);
      }
    }
    return out;
  }

  /**
   * The last clean point of a series.
   *
   * @param s the series
   * @return the point, or null when it has none
   */
  static Point lastClean(Series s) {
    List<Point> clean = s.clean();
    return clean.isEmpty() ? null : clean.get(clean.size() - 1);
  }
}
