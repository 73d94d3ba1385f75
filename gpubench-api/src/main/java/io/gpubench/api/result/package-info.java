/**
 * The results of a run, as the engine writes them to {@code results.json} and as the Maven plugin, the reports
 * and users' own assertions read them. Immutable records; absent figures are {@code null}.
 *
 * <p>The schema is versioned by {@link io.gpubench.api.result.RunResult#SCHEMA}; {@code docs/results-schema.md}
 * in the repository describes every field.
 */
package io.gpubench.api.result;
