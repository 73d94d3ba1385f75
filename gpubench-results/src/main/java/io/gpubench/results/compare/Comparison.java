package io.gpubench.results.compare;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Several runs lined up case by case: the first run is the baseline, every other run is compared with it by
 * {@link CaseComparator}, the same rule the Maven gate applies. Cases are matched by their stable id, so the same
 * benchmark on two GPUs (or before and after a change) meet in one row. Each side is one run, so the verdicts are
 * provisional (see {@link CaseComparator}).
 *
 * @param runs the runs, the baseline first
 * @param labels a distinct label for each run: device, host and start
 * @param rows one row per case id, in the baseline's order, then cases the baseline lacks
 */
public record Comparison(List<RunResult> runs, List<String> labels, List<Row> rows) {

  /**
   * Makes the comparison, copying the lists.
   *
   * @param runs the runs
   * @param labels the labels
   * @param rows the rows
   */
  public Comparison {
    runs = List.copyOf(runs);
    labels = List.copyOf(labels);
    rows = List.copyOf(rows);
  }

  /**
   * Lines the runs up and compares them with the default level and minimum effect.
   *
   * @param runs at least one run; the first is the baseline
   * @return the comparison
   * @throws IllegalArgumentException when there is no run
   */
  public static Comparison of(List<RunResult> runs) {
    return of(runs, CaseComparator.DEFAULT);
  }

  /**
   * Lines the runs up.
   *
   * @param runs at least one run; the first is the baseline
   * @param comparator the comparison's level and minimum effect
   * @return the comparison
   * @throws IllegalArgumentException when there is no run
   */
  public static Comparison of(List<RunResult> runs, CaseComparator comparator) {
    if (runs.isEmpty()) {
      throw new IllegalArgumentException("a comparison needs at least one run; got none");
    }
    Map<String, CaseResult[]> byId = new LinkedHashMap<>();
    for (int r = 0; r < runs.size(); r++) {
      for (CaseResult c : runs.get(r).cases()) {
        // putIfAbsent keeps the first occurrence should a run hold an id twice (a broken file): one row per id.
        CaseResult[] slot = byId.computeIfAbsent(c.id(), k -> new CaseResult[runs.size()]);
        if (slot[r] == null) {
          slot[r] = c;
        }
      }
    }
    List<Row> rows = new ArrayList<>();
    for (Map.Entry<String, CaseResult[]> e : byId.entrySet()) {
      CaseResult[] cases = e.getValue();
      List<CaseComparison> changes = new ArrayList<>();
      for (int r = 1; r < cases.length; r++) {
        changes.add(comparator.compare(cases[0], runs.get(0).runId(), cases[r], runs.get(r).runId()));
      }
      String name = null;
      for (CaseResult c : cases) {
        if (c != null && name == null) {
          name = c.displayName() != null ? c.displayName() : c.id();
        }
      }
      rows.add(new Row(e.getKey(), name, java.util.Arrays.asList(cases), changes));
    }
    return new Comparison(runs, labels(runs), rows);
  }

  /**
   * A label for each run that tells them apart: the main device, the host and the start time, numbered where two
   * would read the same.
   *
   * @param runs the runs
   * @return one label per run
   */
  public static List<String> labels(List<RunResult> runs) {
    List<String> labels = new ArrayList<>();
    for (RunResult run : runs) {
      String host = run.environment() == null ? null : run.environment().host();
      String started = run.startedAt() == null ? "" : run.startedAt();
      // 2026-11-30T00:12:33.123Z -> 2026-11-30 00:12: minutes tell runs apart, the rest is noise in a header.
      if (started.length() >= 16 && started.charAt(10) == 'T') {
        started = started.substring(0, 10) + " " + started.substring(11, 16);
      }
      StringBuilder label = new StringBuilder(Devices.mainDevice(run.environment()));
      if (host != null && !host.isBlank()) {
        label.append(" · ").append(host);
      }
      if (!started.isBlank()) {
        label.append(" · ").append(started);
      }
      labels.add(label.toString());
    }
    for (int i = 0; i < labels.size(); i++) {
      String l = labels.get(i);
      if (labels.indexOf(l) != labels.lastIndexOf(l)) {
        int n = 1;
        for (int j = 0; j < labels.size(); j++) {
          if (labels.get(j).equals(l)) {
            labels.set(j, l + " #" + n++);
          }
        }
      }
    }
    return labels;
  }

  /**
   * One case across the runs.
   *
   * @param id the case's stable id
   * @param displayName its display name, from the first run that has it
   * @param cases the case in each run, null where a run lacks it (same order as the runs)
   * @param changes the comparison of each run after the first with the first
   */
  public record Row(String id, String displayName, List<CaseResult> cases, List<CaseComparison> changes) {

    /**
     * Makes the row; the case list may hold nulls.
     *
     * @param id the id
     * @param displayName the display name
     * @param cases the cases per run
     * @param changes the changes
     */
    public Row {
      cases = java.util.Collections.unmodifiableList(new ArrayList<>(cases));
      changes = List.copyOf(changes);
    }
  }
}
