package io.gpubench.api.spi;

/**
 * The calls of one trial, as the engine makes them: {@code callsPerTrial} calls of the workload, what they return
 * kept for release after the clock stops. A {@link TrialClock} runs them inside its timed region; a clock that
 * captured them (a CUDA graph) runs them once, to capture, and replays what they queued afterwards.
 */
@FunctionalInterface
public interface TrialCalls {

  /**
   * Makes the calls of one trial.
   *
   * @throws Throwable what a call threw
   */
  void run() throws Throwable;
}
