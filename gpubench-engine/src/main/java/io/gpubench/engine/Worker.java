package io.gpubench.engine;

import io.gpubench.engine.backend.Backends;
import io.gpubench.engine.bench.CaseSession;
import io.gpubench.engine.support.Frameworks;
import io.gpubench.engine.worker.WorkerMain;
import java.io.IOException;

/**
 * The main class of a worker process, which the engine starts: it puts the process's runner of benchmark code
 * together (the backends and frameworks on the class path, found with the run's settings) and hands it to the
 * worker's loop ({@link WorkerMain}), which knows it only through the step protocol. Arguments and environment are
 * the loop's.
 */
public final class Worker {

  private Worker() {}

  /**
   * Runs the worker until the engine says {@code exit} or closes the connection.
   *
   * @param args the engine's {@code host:port}, the launch's id and the system properties file
   * @throws IOException when the connection cannot be made
   */
  public static void main(String[] args) throws IOException {
    WorkerMain.serve(args, settings -> {
      ClassLoader loader = Thread.currentThread().getContextClassLoader();
      return new CaseSession(Backends.discover(settings, loader), Frameworks.discover(loader));
    });
  }
}
