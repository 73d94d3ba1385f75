package io.gpubench.results.journal;

import io.gpubench.api.result.Environment;

/**
 * The first line of a journal.
 *
 * @param runId the run's id, also in the file's name
 * @param startedAt ISO-8601 start of the run
 * @param pid the process id of the engine that wrote it
 * @param plannedCases how many cases the run planned, to tell how much an incomplete run is missing
 * @param environment the environment fingerprint, as results.json records it
 */
public record JournalHeader(String runId, String startedAt, long pid, int plannedCases, Environment environment) {}
