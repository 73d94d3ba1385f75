package io.gpubench.engine.worker;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Workers as the tasks of one {@code srun} job step per launch, inside the allocation the build runs in: a device's
 * worker is a step of one task, a world of W ranks one step of W tasks, so that Slurm starts the ranks together
 * (or not at all) on the nodes it picks. Each task's rank is its {@code SLURM_PROCID}; a task that needs a GPU asks
 * for one with {@code --gpus-per-task=1} and sees it alone ({@code CUDA_VISIBLE_DEVICES} as Slurm sets it); a CPU
 * task asks for no GPU. {@code --kill-on-bad-exit=1} ends a world's step once one of its tasks dies, so that srun's
 * exit status and its lines on stderr ({@code srun: error: node1: task 1: Killed}) are there to be read when the
 * engine learns of the death from the closed connection. The tasks' output goes to a file per task in the workers'
 * folder, srun's own to {@code <name>-srun.log}.
 */
final class SrunLauncher implements Launcher {
  private final String srun;
  private final List<String> extra;

  /**
   * A launcher.
   *
   * @param srun the {@code srun} command
   * @param extra options for every step ({@code gpubench.slurm.srunArgs})
   */
  SrunLauncher(String srun, List<String> extra) {
    this.srun = srun;
    this.extra = List.copyOf(extra);
  }

  /**
   * The {@code srun} command line of a launch.
   *
   * @param name the launch's name
   * @param tasks its tasks
   * @param gpus whether each task needs a GPU
   * @param dir the workers' folder
   * @param worker a worker's command line
   * @return the command
   */
  List<String> command(String name, int tasks, boolean gpus, Path dir, List<String> worker) {
    List<String> cmd = new ArrayList<>();
    cmd.add(srun);
    cmd.add("--job-name=gpubench-" + name);
    cmd.add("--ntasks=" + tasks);
    if (tasks == 1 && extra.stream().noneMatch(a -> a.startsWith("--nodes") || a.startsWith("-N"))) {
      cmd.add("--nodes=1"); // in an allocation of several nodes, one task asks for one (srun would warn)
    }
    cmd.add("--kill-on-bad-exit=1");
    cmd.add("--input=none");
    cmd.add("--output=" + (tasks == 1 ? dir.resolve(name + ".log") : dir.resolve(name + "-r%t.log")));
    if (gpus) {
      cmd.add("--gpus-per-task=1");
    }
    cmd.addAll(extra);
    cmd.addAll(worker);
    return cmd;
  }

  /** The {@code scancel} beside the {@code srun} the launcher was given ({@code gpubench.slurm.srun}). */
  private String scancel() {
    Path parent = Path.of(srun).getParent();
    return parent == null ? "scancel" : parent.resolve("scancel").toString();
  }

  @Override
  public List<WorkerHandle> launch(String name, int tasks, List<String> command, Map<String, String> environment,
      boolean gpus, Path dir) throws IOException {
    Path srunLog = dir.resolve(name + "-srun.log");
    ProcessBuilder pb = new ProcessBuilder(command(name, tasks, gpus, dir, command)).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(srunLog.toFile()));
    pb.environment().putAll(environment);
    pb.environment().remove(LocalLauncher.RANK_VARIABLE);
    if (gpus) {
      pb.environment().remove("CUDA_VISIBLE_DEVICES"); // Slurm sets each task's own
    }
    Process process;
    try {
      process = pb.start();
    } catch (IOException e) {
      throw new IOException(e.getMessage() + " (" + io.gpubench.engine.config.Constants.LAUNCHER + "=slurm starts"
          + " workers with srun: put it on the PATH or name it with " + io.gpubench.engine.config.Constants.SLURM_SRUN
          + ")", e);
    }
    Step step = new Step(process, srunLog, scancel());
    List<WorkerHandle> out = new ArrayList<>();
    for (int r = 0; r < tasks; r++) {
      out.add(new Task(step, r, Launcher.log(dir, name, tasks, r), dir));
    }
    return out;
  }

  /** One {@code srun}: its process and what it printed. */
  private static final class Step {
    private final Process srun;
    private final Path log;
    private final String scancel;
    private volatile String id; // job.step, from a task's hello

    Step(Process srun, Path log, String scancel) {
      this.srun = srun;
      this.log = log;
      this.scancel = scancel;
    }

    boolean ended(Duration wait) {
      try {
        return srun.waitFor(wait.toMillis(), TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return !srun.isAlive();
      }
    }

    /** Ends the step: srun forwards SIGTERM to its tasks and ends them all; SIGKILL where it does not. */
    void end() {
      if (srun.isAlive()) {
        srun.destroy();
        if (!ended(Duration.ofSeconds(10))) {
          srun.destroyForcibly();
          ended(Duration.ofSeconds(10));
        }
      }
    }

    /** What srun said: its exit status and its lines. */
    String said() {
      StringBuilder sb = new StringBuilder();
      if (srun.isAlive()) {
        sb.append("srun (pid ").append(srun.pid()).append(") still runs");
      } else {
        int code = srun.exitValue();
        // srun passes on its tasks' end: 128 + N where a task died of signal N
        sb.append("srun exited with code ").append(code)
            .append(ProcessDeath.signal(code).map(sig -> " (a task's " + sig + ")").orElse(""));
      }
      if (id != null) {
        sb.append(" (step ").append(id).append("; with accounting, sacct -j ").append(id)
            .append(" has the state)");
      }
      String lines = ProcessDeath.tail(log, 12);
      if (!lines.isBlank()) {
        sb.append("; srun said (").append(log).append("):\n    ").append(lines.replace("\n", "\n    "));
      }
      return sb.toString();
    }
  }

  /** One task of a step. */
  private static final class Task implements WorkerHandle {
    private final Step step;
    private final int rank;
    private final Path log;
    private final Path dir;
    private volatile long pid = -1;
    private volatile String host = "";

    Task(Step step, int rank, Path log, Path dir) {
      this.step = step;
      this.rank = rank;
      this.log = log;
      this.dir = dir;
    }

    @Override
    public void hello(io.gpubench.engine.protocol.Hello hello) {
      pid = hello.pid();
      host = hello.host() == null ? "" : hello.host();
      if (hello.slurmStep() != null && !hello.slurmStep().isEmpty()) {
        step.id = hello.slurmStep();
      }
    }

    @Override
    public boolean alive() {
      return step.srun.isAlive();
    }

    @Override
    public boolean awaitEnd(Duration wait) {
      return step.ended(wait);
    }

    @Override
    public void destroy() {
      step.end();
    }

    @Override
    public String death() {
      // srun ends the step once a task ends badly (--kill-on-bad-exit): give it the seconds it takes
      if (!step.ended(Duration.ofSeconds(15))) {
        step.end();
      }
      StringBuilder sb = new StringBuilder("the Slurm task of rank " + rank
          + (host.isEmpty() ? "" : " on " + host) + (pid < 0 ? "" : " (pid " + pid + ")")
          + " ended without a word; " + slurmstepd() + step.said());
      sb.append(ProcessDeath.fatalErrorReport(pid, dir));
      sb.append(Launcher.logTail(log));
      return sb.toString();
    }

    /**
     * What Slurm's step daemon wrote into the task's output: the cause where Slurm ended the task itself
     * ({@code *** STEP 12.3 ON node1 CANCELLED AT ... ***}, {@code DUE TO TIME LIMIT}, {@code DUE TO NODE FAILURE}).
     */
    private String slurmstepd() {
      List<String> said = ProcessDeath.tail(log, 400).lines().filter(l -> l.startsWith("slurmstepd"))
          .map(String::strip).toList();
      return said.isEmpty() ? "" : "Slurm said: " + String.join("; ", said.subList(Math.max(0, said.size() - 3),
          said.size())) + "; ";
    }

    /**
     * The JVM's own dump of the task, asked of Slurm: {@code scancel --signal=QUIT <job.step>} reaches the step's
     * tasks on whatever node they run (the engine cannot signal a process on another node), and each JVM prints its
     * threads into its task's output. Every rank of a world's step gets it; a JVM only prints and goes on.
     */
    @Override
    public String signalledDump() {
      String id = step.id;
      String why = "its step's id is unknown";
      if (id != null) {
        try {
          Process p = new ProcessBuilder(step.scancel, "--signal=QUIT", id).redirectErrorStream(true).start();
          if (p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0) {
            Thread.sleep(1000);
            return "(the task did not answer for its thread dump; the JVM's dump on SIGQUIT through " + step.scancel
                + " --signal=QUIT " + id + ", from " + log + "):\n" + ProcessDeath.tail(log, 200);
          }
          p.destroyForcibly();
          why = step.scancel + " --signal=QUIT " + id + " failed: "
              + new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
          why = step.scancel + " could not be run: " + e.getMessage();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          why = "interrupted";
        }
      }
      return "(the task did not answer for its thread dump, and no SIGQUIT reached it (" + why + "): its output is in "
          + log + ")";
    }

    @Override
    public long pid() {
      return pid;
    }
  }
}
