package io.gpubench.engine.worker;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Workers as child processes of this JVM, on this host: the local launcher ({@code gpubench.launcher=local}, over
 * the loopback interface) and the TCP one ({@code tcp}, over the interface Slurm's tasks would use). Each process
 * learns its rank from {@value #RANK_VARIABLE}.
 */
final class LocalLauncher implements Launcher {
  /** The variable that gives a child worker its rank in its launch (a Slurm task reads {@code SLURM_PROCID}). */
  static final String RANK_VARIABLE = "GPUBENCH_WORKER_RANK";

  @Override
  public boolean marksSteps() {
    return true;
  }

  @Override
  public List<WorkerHandle> launch(String name, int tasks, List<String> command, Map<String, String> environment,
      boolean gpus, Path dir) throws IOException {
    List<WorkerHandle> out = new ArrayList<>();
    try {
      for (int r = 0; r < tasks; r++) {
        Path log = Launcher.log(dir, name, tasks, r);
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().putAll(environment);
        pb.environment().put(RANK_VARIABLE, String.valueOf(r));
        pb.environment().put(StepMarker.VARIABLE, StepMarker.file(dir, name, tasks, r).toString());
        out.add(new Child(pb.start(), log, dir));
      }
    } catch (IOException e) {
      out.forEach(WorkerHandle::destroy);
      throw e;
    }
    return out;
  }

  /** A child process. */
  private static final class Child implements WorkerHandle {
    private final Process process;
    private final Path log;
    private final Path dir;

    Child(Process process, Path log, Path dir) {
      this.process = process;
      this.log = log;
      this.dir = dir;
    }

    @Override
    public boolean alive() {
      return process.isAlive();
    }

    @Override
    public boolean awaitEnd(Duration wait) {
      try {
        return process.waitFor(wait.toMillis(), TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }

    @Override
    public void destroy() {
      process.destroyForcibly();
      exitCode();
    }

    @Override
    public String death() {
      return ProcessDeath.describe(exitCode(), process.pid(), dir, log);
    }

    private int exitCode() {
      try {
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
          process.destroyForcibly();
          process.waitFor(10, TimeUnit.SECONDS);
        }
        return process.isAlive() ? -1 : process.exitValue();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return -1;
      }
    }

    @Override
    public String signalledDump() {
      try {
        new ProcessBuilder("kill", "-QUIT", String.valueOf(process.pid())).start().waitFor(2, TimeUnit.SECONDS);
        Thread.sleep(1000);
      } catch (IOException e) {
        return "(no thread dump: the worker did not answer and SIGQUIT could not be sent: " + e.getMessage() + ")";
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return "(the worker did not answer; the JVM's dump on SIGQUIT, from " + log + "):\n"
          + ProcessDeath.tail(log, 200);
    }

    @Override
    public long pid() {
      return process.pid();
    }
  }
}
