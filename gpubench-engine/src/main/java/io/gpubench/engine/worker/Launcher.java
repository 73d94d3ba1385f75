package io.gpubench.engine.worker;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Starts the processes of one launch: a device's worker, or the ranks of a world. They find the engine by the
 * address on their command line and prove themselves with the secret in their environment ({@link WireServer}).
 */
interface Launcher {

  /**
   * One launch.
   *
   * @param name its name, for logs and messages ({@code cpu-3}, {@code cuda-w2-4})
   * @param tasks how many workers (ranks), each connecting with its rank
   * @param command a worker's command line
   * @param environment variables for every worker beyond the engine's own (the secret among them)
   * @param gpus whether each worker needs a GPU of its own
   * @param dir the workers' folder (logs)
   * @return a handle per worker, in rank order
   * @throws IOException when the launch cannot be made
   */
  List<WorkerHandle> launch(String name, int tasks, List<String> command, Map<String, String> environment,
      boolean gpus, Path dir) throws IOException;

  /**
   * Whether this launcher's workers keep a {@link StepMarker} the engine can read (they share its host and folder).
   *
   * @return true for workers on this host
   */
  default boolean marksSteps() {
    return false;
  }

  /**
   * The log of one worker of a launch.
   *
   * @param dir the workers' folder
   * @param name the launch's name
   * @param tasks how many workers it has
   * @param rank the worker's rank
   * @return the file
   */
  static Path log(Path dir, String name, int tasks, int rank) {
    return dir.resolve(tasks == 1 ? name + ".log" : name + "-r" + rank + ".log");
  }

  /**
   * What a worker's log says at the end, for a failure.
   *
   * @param log the log
   * @return a paragraph, or empty
   */
  static String logTail(Path log) {
    String tail = ProcessDeath.tail(log, ProcessDeath.TAIL_LINES);
    return tail.isBlank() ? "" : "\n  last lines of its output (" + log + "):\n    " + tail.replace("\n", "\n    ");
  }
}
