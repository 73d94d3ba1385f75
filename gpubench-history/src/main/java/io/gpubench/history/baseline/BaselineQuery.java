package io.gpubench.history.baseline;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which earlier runs make a case's baseline: the newest {@code runs} runs of {@code branch} on this build's testbed,
 * under the same software (the details that {@code ignoredDetails} does not name), complete, with the case passed and
 * no device-state flag, started at or after the case's last accepted change, and none of this build's own runs. For
 * the case's memory, a device-state flag does not leave a run out: memory does not depend on it.
 *
 * @param testbed the hardware key of this build
 * @param software this build's software versions
 * @param ignoredDetails software details whose difference does not count, as globs ({@code library junit*})
 * @param branch the branch whose runs are the reference, such as {@code main}
 * @param runs how many runs per case, at least 1
 * @param excludeRunIds this build's runs (a build that published before it checks)
 * @param caseIds the cases to find baselines for
 */
public record BaselineQuery(String testbed, Map<String, String> software, List<String> ignoredDetails, String branch,
    int runs, Set<String> excludeRunIds, Set<String> caseIds) {

  /**
   * Checks and copies.
   *
   * @param testbed testbed
   * @param software software
   * @param ignoredDetails ignored details
   * @param branch branch
   * @param runs runs
   * @param excludeRunIds excluded runs
   * @param caseIds cases
   * @throws IllegalArgumentException when runs is below 1 or the branch is blank
   */
  public BaselineQuery {
    if (runs < 1) {
      throw new IllegalArgumentException("gpubench.history.runs " + runs + " must be at least 1");
    }
    if (branch == null || branch.isBlank()) {
      throw new IllegalArgumentException("gpubench.history.baselineBranch must name a branch, such as main");
    }
    software = Map.copyOf(software);
    ignoredDetails = List.copyOf(ignoredDetails);
    excludeRunIds = Set.copyOf(excludeRunIds);
    caseIds = Set.copyOf(caseIds);
  }
}
