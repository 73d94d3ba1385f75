package io.gpubench.history.record;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Environment;
import io.gpubench.api.result.RunResult;
import io.gpubench.results.compare.Fingerprint;
import io.gpubench.results.journal.JournalRun;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One run as the store keeps it: its id, when it ran and whether it ended normally, where it comes from (commit,
 * branch, CI build), its testbed (the hardware key of {@link Fingerprint}, with the software versions beside it) and
 * every case it recorded.
 *
 * @param runId the run's id, unique in a store: publishing the same id again changes nothing
 * @param startedAt ISO-8601 start
 * @param finishedAt ISO-8601 end, or null when unknown
 * @param complete whether the run ended normally (its journal has its end line)
 * @param incompleteReason why not, or null
 * @param plannedCases how many cases the run planned, or null when the source does not say (a results file)
 * @param provenance commit, branch, CI build
 * @param testbed the hardware key, such as {@code cpu: AMD EPYC 7B13 + cuda: NVIDIA H200}
 * @param software the software versions that can change on the same hardware, by name
 * @param environment the run's whole environment, or null when the source has none (a baseline file)
 * @param source what the run was read from: {@code journal}, {@code results} or {@code baseline}
 * @param cases every case recorded
 */
public record RunRecord(String runId, String startedAt, String finishedAt, boolean complete, String incompleteReason,
    Integer plannedCases, Provenance provenance, String testbed, Map<String, String> software, Environment environment,
    String source, List<CaseResult> cases) {

  /**
   * Checks the parts and copies the collections.
   *
   * @param runId id
   * @param startedAt start
   * @param finishedAt end
   * @param complete complete
   * @param incompleteReason why incomplete
   * @param plannedCases planned cases
   * @param provenance provenance
   * @param testbed testbed
   * @param software software
   * @param environment environment
   * @param source source
   * @param cases cases
   * @throws IllegalArgumentException naming the run when its id or start is missing or the start is not ISO-8601
   */
  public RunRecord {
    if (runId == null || runId.isBlank()) {
      throw new IllegalArgumentException("a run to publish needs its run id");
    }
    startMillis(runId, startedAt);
    Objects.requireNonNull(testbed, "testbed");
    provenance = provenance == null ? Provenance.UNKNOWN : provenance;
    software = Map.copyOf(software == null ? Map.of() : software);
    cases = List.copyOf(cases);
  }

  /**
   * A run read from its journal.
   *
   * @param journal the journal's run
   * @param provenance where it comes from
   * @return the record
   */
  public static RunRecord of(JournalRun journal, Provenance provenance) {
    return of(journal.run(), journal.complete(), journal.incomplete(), journal.plannedCases(), provenance, "journal");
  }

  /**
   * A run as results hold it.
   *
   * @param run the run
   * @param complete whether it ended normally
   * @param incompleteReason why not, or null
   * @param plannedCases the planned cases, or null
   * @param provenance where it comes from; a commit the run's environment names is used where this has none
   * @param source what it was read from
   * @return the record
   */
  public static RunRecord of(RunResult run, boolean complete, String incompleteReason, Integer plannedCases,
      Provenance provenance, String source) {
    Environment env = run.environment();
    Fingerprint fp = env == null ? new Fingerprint("unknown", Map.of()) : Fingerprint.of(env);
    // The commit the run measured wins over the publisher's: a backfill runs on another commit.
    Provenance p = provenance;
    if (env != null && env.gitRevision() != null && !env.gitRevision().isBlank()) {
      p = new Provenance(env.gitRevision(), p.branch(), p.dirty(), p.ciProvider(), p.ciBuildId(), p.ciBuildUrl());
    }
    return new RunRecord(run.runId(), run.startedAt(), run.finishedAt(), complete, incompleteReason, plannedCases, p,
        fp.key(), fp.details(), env, source, run.cases());
  }

  /**
   * The start in milliseconds since the epoch: the order of a series.
   *
   * @return the start
   */
  public long startedMillis() {
    return startMillis(runId, startedAt);
  }

  /**
   * The end in milliseconds since the epoch.
   *
   * @return the end, or null when unknown or not ISO-8601
   */
  public Long finishedMillis() {
    try {
      return finishedAt == null ? null : Instant.parse(finishedAt).toEpochMilli();
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  private static long startMillis(String runId, String startedAt) {
    if (startedAt == null) {
      throw new IllegalArgumentException("run " + runId + " has no start time");
    }
    try {
      return Instant.parse(startedAt).toEpochMilli();
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("run " + runId + " has a start time that is not ISO-8601: " + startedAt);
    }
  }
}
