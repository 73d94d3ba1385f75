package io.gpubench.engine.worker;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * The real Slurm the launcher's tests run on: the one-node cluster of {@code .ci/start-slurm} (SLURM_CONF in the
 * environment). Without it the tests skip, saying why; with {@code -Dgpubench.slurmTests=required} (CI) its absence
 * fails them. A test takes an allocation of its own ({@code salloc --no-shell}) and runs its workers as steps of it
 * ({@code gpubench.slurm.srunArgs=--jobid=N}), as a build inside {@code salloc} or {@code sbatch} would.
 */
final class SlurmCluster {
  private SlurmCluster() {}

  /** Skips the test without a cluster, or fails it where the build requires one. */
  static void require() {
    String why = absent();
    if (why != null && "required".equals(System.getProperty("gpubench.slurmTests"))) {
      throw new IllegalStateException("gpubench.slurmTests=required, but " + why);
    }
    Assumptions.assumeTrue(why == null, () -> "no Slurm cluster: " + why
        + " (source the variables .ci/start-slurm prints; CI passes -Dgpubench.slurmTests=required)");
  }

  private static String absent() {
    if (System.getenv("SLURM_CONF") == null) {
      return "SLURM_CONF is not set";
    }
    try {
      Run r = run(List.of("sinfo", "-h", "-o", "%a"), 30);
      return r.code == 0 && r.output.contains("up") ? null : "sinfo answered " + r.code + ": " + r.output.strip();
    } catch (IOException e) {
      return "sinfo cannot run: " + e.getMessage();
    }
  }

  /**
   * Takes an allocation and returns its job id.
   *
   * @param tasks how many tasks (CPUs) it holds
   * @param name the job's name
   * @return the job id
   * @throws IOException when Slurm grants none within two minutes
   */
  static String allocate(int tasks, String name) throws IOException {
    Run r = run(List.of("salloc", "--no-shell", "--ntasks=" + tasks, "--time=30", "--immediate=120",
        "--job-name=slurm-" + name), 150);
    Matcher m = Pattern.compile("Granted job allocation (\\d+)").matcher(r.output);
    if (!m.find()) {
      throw new IOException("salloc granted no allocation of " + tasks + " tasks: " + r.output.strip());
    }
    return m.group(1);
  }

  /**
   * Ends an allocation.
   *
   * @param job its id
   */
  static void cancel(String job) {
    if (job != null) {
      try {
        run(List.of("scancel", job), 30);
      } catch (IOException e) {
        // the allocation's time limit ends it
      }
    }
  }

  record Run(int code, String output) {}

  static Run run(List<String> command, int seconds) throws IOException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    try {
      if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException(String.join(" ", command) + " did not end within " + seconds + " s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
    return new Run(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
  }
}
