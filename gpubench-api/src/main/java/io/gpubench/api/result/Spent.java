package io.gpubench.api.result;

/**
 * Where a case's seconds went, as the engine saw them: its forks' worker starts, set-ups, warm-ups, trials and ends,
 * summed over the forks. A case whose answer is slow says here why: a class's first case pays a worker's start and
 * the class's loading, a case waiting for its JIT pays warm-up rounds, a case of several forks pays each of them.
 *
 * @param workerStartSeconds starting the worker processes that ran it (0 where they were kept from earlier cases)
 * @param setupSeconds setting it up: the instance, the backend, {@code @Setup}, the reference; a worker's first case
 *     of a class also loads and initialises the class
 * @param warmupSeconds the checked call, the declared warm-up calls and the warm-up rounds
 * @param warmupRounds rounds of warm-up calls, all forks together
 * @param trialSeconds the timed trials with what runs between them (the contention probe, telemetry, the engine's
 *     questions), discarded trials included
 * @param endSeconds after the trials: the kernel audit's call, the last checks, tear-down
 * @param otherSeconds the rest: the engine's own work and the wire between it and the worker (in a fresh worker, the
 *     first frames also load and compile the protocol's code)
 * @param forks the forks that measured it
 * @param totalSeconds from the engine asking for its first worker to its result
 */
public record Spent(double workerStartSeconds, double setupSeconds, double warmupSeconds, int warmupRounds,
    double trialSeconds, double endSeconds, double otherSeconds, int forks, double totalSeconds) {

  /**
   * Two forks' seconds together.
   *
   * @param other the other fork's
   * @return the sum
   */
  public Spent plus(Spent other) {
    return new Spent(workerStartSeconds + other.workerStartSeconds, setupSeconds + other.setupSeconds,
        warmupSeconds + other.warmupSeconds, warmupRounds + other.warmupRounds, trialSeconds + other.trialSeconds,
        endSeconds + other.endSeconds, otherSeconds + other.otherSeconds, forks + other.forks,
        totalSeconds + other.totalSeconds);
  }
}
