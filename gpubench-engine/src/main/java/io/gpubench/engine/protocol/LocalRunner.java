package io.gpubench.engine.protocol;

/**
 * The runner of cases in this process, as the engine side holds it: the steps of a case ({@link CaseChannel}) and
 * what one rank of a world needs beyond them. The bench implements it; the engine's execution (a case with
 * {@code fork=none}) and a worker's loop name only this, so that neither reaches benchmark code except through the
 * steps, as a worker on another host is reached.
 */
public interface LocalRunner extends CaseChannel {

  /**
   * Sets the barrier the ranks of a world meet at around each trial.
   *
   * @param barrier waits for the world's other ranks; throws when the world was aborted
   */
  void barrier(Runnable barrier);

  /** Aborts the world of the case running now, from another thread than the one running its step; never throws. */
  void abortWorld();

  /**
   * What the rank running the step waits for now, when it waits for the other ranks of its world.
   *
   * @return what it waits for, or null while it runs code of its own
   */
  String waitingFor();

  /** Compiles the code that reads the JIT's activity, once, before the first case. */
  void primeJitReadings();
}
