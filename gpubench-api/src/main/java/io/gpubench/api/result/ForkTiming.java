package io.gpubench.api.result;

/**
 * The part of a case's timing that one fork (worker process) measured. A case measured in several forks reports the
 * trials of all of them ({@link Timing#trials()}, fork after fork) and an interval that spans them; this record keeps
 * what each one found, so that a reader can see forks that disagree.
 *
 * @param trials the trials this fork kept (the next {@code trials} entries of {@link Timing#trials()})
 * @param discardedTrials trials this fork discarded because the device ran throttled during them
 * @param primary statistics of this fork's trials on the case's primary clock (device where there is one)
 * @param stop why this fork's trials stopped
 * @param stopDetail the figures behind the stop
 * @param warmup how this fork's warm-up ended
 * @param timedSeconds host seconds this fork spent in timed trials, discarded ones included
 */
public record ForkTiming(int trials, int discardedTrials, Statistics primary, StopReason stop, String stopDetail,
    Warmup warmup, double timedSeconds) {}
