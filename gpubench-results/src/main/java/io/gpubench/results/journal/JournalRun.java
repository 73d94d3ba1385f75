package io.gpubench.results.journal;

import io.gpubench.api.result.RunResult;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A run read back from its journal.
 *
 * @param file the journal
 * @param run the run: header, environment and every case recorded; {@code finishedAt} is the end line's time, or
 *     the last write's time for an incomplete run
 * @param plannedCases how many cases the run planned
 * @param incomplete why the run is incomplete (no end line: the process died or was killed; a torn last line), or
 *     null for a complete run
 */
public record JournalRun(Path file, RunResult run, int plannedCases, String incomplete) {

  /**
   * Whether the run ended normally.
   *
   * @return true when the journal has its end line
   */
  public boolean complete() {
    return incomplete == null;
  }

  /**
   * Why the run is incomplete.
   *
   * @return the reason, or empty for a complete run
   */
  public Optional<String> incompleteReason() {
    return Optional.ofNullable(incomplete);
  }
}
