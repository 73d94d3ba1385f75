package io.gpubench.maven.baseline;

import java.util.Map;
import java.util.TreeMap;

/**
 * A run a baseline keeps for its memory only: the history's runs of a case flagged throttled, shared or contended,
 * whose times are left out while their memory counts (a busy or shared device does not change what the code
 * allocates). A recorded baseline file has none: the baseline goal records a flagged run whole (with
 * {@code acceptFlagged}, its memory then on the run) or refuses the build.
 *
 * @param runId the run
 * @param recordedAt ISO-8601 instant the run finished
 * @param memory its memory figures by {@link io.gpubench.results.compare.MemoryFigure} name, bytes
 */
public record MemoryRun(String runId, String recordedAt, Map<String, Double> memory) {

  /**
   * Copies the figures, sorted by name.
   *
   * @param runId run id
   * @param recordedAt when
   * @param memory memory figures
   */
  public MemoryRun {
    memory = memory == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(memory));
  }
}
