package io.gpubench.maven.baseline;

import io.gpubench.results.compare.Fingerprint;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The baseline of one environment (one hardware key) in a baseline file.
 *
 * @param key the hardware key, see {@link Fingerprint}
 * @param details the software versions of the latest recording
 * @param recordedAt ISO-8601 instant of the latest recording
 * @param cases the cases, sorted by id so the committed file diffs cleanly
 */
public record EnvironmentBaseline(String key, Map<String, String> details, String recordedAt, List<BaselineCase> cases) {

  /**
   * Makes the record, sorting the cases by id and copying the details.
   *
   * @param key hardware key
   * @param details versions
   * @param recordedAt when
   * @param cases the cases
   */
  public EnvironmentBaseline {
    details = new Fingerprint(key, details == null ? Map.of() : details).details();
    // Sorted by id so the committed file diffs cleanly; a null id sorts first and is reported by BaselineFile.
    cases = cases == null ? List.of() : cases.stream()
        .sorted(Comparator.comparing(BaselineCase::id, Comparator.nullsFirst(Comparator.naturalOrder()))).toList();
  }

  /**
   * Finds a case.
   *
   * @param id the case id
   * @return the case, if recorded
   */
  public Optional<BaselineCase> find(String id) {
    return cases.stream().filter(c -> c.id().equals(id)).findFirst();
  }

  /**
   * Merges a newer recording of the same environment into this one: a case in both gets the newer runs added to its
   * old ones (the newest {@code maxRuns} kept), cases the newer one did not run are kept as they were (a run of a
   * subset of benchmarks must not erase the rest), and the details and time become the newer ones. Only for
   * recordings under the same software: see {@link BaselineSet#softwareChanges}.
   *
   * @param newer the newer recording
   * @param maxRuns the most runs to keep per case
   * @return the merged baseline
   */
  public EnvironmentBaseline mergedWith(EnvironmentBaseline newer, int maxRuns) {
    Map<String, BaselineCase> byId = new LinkedHashMap<>();
    cases.forEach(c -> byId.put(c.id(), c));
    newer.cases().forEach(c -> byId.merge(c.id(), c, (old, now) -> old.plus(now, maxRuns)));
    return new EnvironmentBaseline(key, newer.details(), newer.recordedAt(), List.copyOf(byId.values()));
  }
}
