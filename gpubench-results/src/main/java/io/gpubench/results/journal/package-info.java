/**
 * The journal of a run: one line per case, appended the moment the case is decided, so that a run killed midway
 * (SIGKILL, a Surefire timeout, a crash of the build's JVM) still leaves every finished case; and the reading of
 * journals back into runs, complete or not, for the reports and the Maven gate.
 *
 * <p>File: {@code <output-dir>/journal/<runId>.jsonl}, one JSON object a line: a {@code header} first (schema
 * {@value io.gpubench.results.journal.Journal#SCHEMA}, run id, start, process id, planned cases, environment), a
 * {@code case} line per decided case (a {@code CaseResult} as in results.json), and an {@code end} line when the run
 * finishes. A journal without its end line is an incomplete run; a torn last line (the process died while writing)
 * is ignored and reported. Several engine runs (Surefire forks) write several journals, never one file.
 */
package io.gpubench.results.journal;
