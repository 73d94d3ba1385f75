package io.gpubench.history.page;

import io.gpubench.history.changes.Change;
import io.gpubench.history.changes.ChangePointDetector;
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
 * each series and the accepted changes, and which change points fall within the last commits.
 *
 * @param store the store's name, for titles
 * @param runs every run, oldest first
 * @param series every series
 * @param changes every change point, oldest first
 * @param accepted every accepted change
 */
public record History(String store, List<RunInfo> runs, List<Series> series, List<Change> changes,
    List<AcceptedChanges.Accepted> accepted) {

  /**
   * Copies.
   *
   * @param store store
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
    List<Series> series = SeriesReader.read(store, query);
    List<Change> changes = new ArrayList<>();
    for (Series s : series) {
      changes.addAll(Change.of(s, detector, accepted));
    }
    changes.sort(Comparator.comparingLong((Change c) -> c.at().run().startedMillis())
        .thenComparing(c -> c.series().caseId()));
    return new History(store.location().toString(), RunReader.runs(store), series, changes, accepted);
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
