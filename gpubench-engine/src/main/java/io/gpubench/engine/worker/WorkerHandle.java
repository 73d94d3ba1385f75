package io.gpubench.engine.worker;

import java.time.Duration;

/**
 * A started worker as the engine controls it, whoever started it: a child process of this JVM, or a task of an
 * {@code srun} step on a node Slurm picked. What a failure says of a worker's end comes from here.
 */
interface WorkerHandle {

  /**
   * Whether the worker may still be running.
   *
   * @return false once it ended
   */
  boolean alive();

  /**
   * Waits for the worker to end by itself (after its goodbye).
   *
   * @param wait the longest wait
   * @return true when it ended
   */
  boolean awaitEnd(Duration wait);

  /** Ends the worker at once and waits for it; a task of a step ends with its step. */
  void destroy();

  /**
   * What is known of the worker's end: its exit code or signal, and what its launcher and its output said. Waits a
   * few seconds for an end that is under way, and ends a worker that still runs.
   *
   * @return the description
   */
  String death();

  /**
   * Asks the JVM for its own thread dump (SIGQUIT) where the worker did not answer for one, and returns what it
   * printed.
   *
   * @return the dump, or why there is none
   */
  String signalledDump();

  /**
   * The worker's process id on its host, as far as it is known.
   *
   * @return the pid
   */
  long pid();

  /**
   * Notes what the worker said of itself in its hello (its pid, its host, its Slurm step).
   *
   * @param hello the hello
   */
  default void hello(io.gpubench.engine.protocol.Hello hello) {}
}
