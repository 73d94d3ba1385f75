package io.gpubench.results.glance;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.results.compare.CaseDigest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Folds a run's skipped cases into one group per reason, the largest group first. */
public final class SkipGroups {

  private SkipGroups() {}

  /**
   * Groups the skipped cases by the first line of their reason (the lines after it are the same detail repeated:
   * the library paths tried, the fix).
   *
   * @param cases the run's cases
   * @return the groups, largest first, then in order of first appearance
   */
  public static List<SkipGroup> of(List<CaseResult> cases) {
    Map<String, List<CaseResult>> byReason = new LinkedHashMap<>();
    for (CaseResult c : cases) {
      if (c.status() == CaseStatus.SKIPPED) {
        byReason.computeIfAbsent(reason(c), r -> new ArrayList<>()).add(c);
      }
    }
    List<SkipGroup> groups = new ArrayList<>();
    byReason.forEach((reason, list) -> groups.add(new SkipGroup(reason, list)));
    // A stable sort: groups of equal size keep the order in which the run met them.
    groups.sort((a, b) -> Integer.compare(b.cases().size(), a.cases().size()));
    return groups;
  }

  /**
   * The cases that were not skipped, in run order.
   *
   * @param cases the run's cases
   * @return the cases that ran (or failed to)
   */
  public static List<CaseResult> notSkipped(List<CaseResult> cases) {
    return cases.stream().filter(c -> c.status() != CaseStatus.SKIPPED).toList();
  }

  /**
   * The reason of a skipped case, as its group is named.
   *
   * @param c the case
   * @return the first line of its message, or "no reason given"
   */
  public static String reason(CaseResult c) {
    return c.message() == null || c.message().isBlank() ? "no reason given" : CaseDigest.firstLine(c.message());
  }
}
