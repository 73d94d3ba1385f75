package io.gpubench.maven.ab;

import io.gpubench.api.result.RunResult;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.journal.JournalRun;
import io.gpubench.results.journal.Journals;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs two builds' benchmarks in turns on this machine, each run in a JVM of its own ({@link ForkMain}), in the
 * order {@link Interleaving} gives, and collects every run's results: the A/B mode of the gate. Each run writes into
 * its own folder ({@code <work>/<n>-<side>}), so no run can read another's results.
 *
 * @param javaExecutable the {@code java} executable
 * @param includes class-name regular expressions of the benchmarks to run
 * @param engines the JUnit Platform engines to run (normally {@code gpubench})
 * @param config configuration parameters for every run ({@code gpubench.*} keys)
 * @param work the folder for the runs' output
 * @param timeoutSeconds the longest one run may take
 * @param log where progress goes, one line per run
 */
public record AbRunner(String javaExecutable, List<String> includes, List<String> engines, Map<String, String> config, Path work,
    long timeoutSeconds, Consumer<String> log) {

  /**
   * Makes the runner, copying the lists and the map.
   *
   * @param javaExecutable java
   * @param includes includes
   * @param engines engines
   * @param config configuration
   * @param work work folder
   * @param timeoutSeconds per-run limit
   * @param log progress
   */
  public AbRunner {
    includes = List.copyOf(includes);
    engines = List.copyOf(engines);
    config = Map.copyOf(config);
  }

  /**
   * Runs the rounds.
   *
   * @param a the baseline build
   * @param b this build
   * @param rounds rounds of A B B A
   * @return the runs of each side
   * @throws AbException naming the run, its exit status and its output's tail when a run fails to run
   */
  public Runs run(Side a, Side b, int rounds) {
    List<String> order = Interleaving.order(rounds);
    List<RunResult> aRuns = new ArrayList<>();
    List<RunResult> bRuns = new ArrayList<>();
    for (int i = 0; i < order.size(); i++) {
      Side side = order.get(i).equals("A") ? a : b;
      Path dir = work.resolve(String.format("%02d-%s", i + 1, side.name()));
      long start = System.nanoTime();
      RunResult run = runOnce(side, dir);
      (side == a ? aRuns : bRuns).add(run);
      log.accept(String.format(Locale.ROOT, "gpubench A/B: run %d of %d (%s) took %.1f s: %d cases", i + 1,
          order.size(), side.name(), (System.nanoTime() - start) / 1e9, run.cases().size()));
    }
    return new Runs(aRuns, bRuns);
  }

  /**
   * Runs one side's benchmarks once in a new JVM.
   *
   * @param side the build
   * @param dir the run's output folder, emptied first
   * @return the run's results
   * @throws AbException when the JVM cannot start, times out, exits with an error or leaves no results
   */
  public RunResult runOnce(Side side, Path dir) {
    try {
      deleteTree(dir);
      Files.createDirectories(dir);
      List<String> cmd = new ArrayList<>();
      cmd.add(javaExecutable);
      cmd.addAll(side.jvmArgs());
      // Also as a system property, which JUnit Platform configuration falls back to: code of the benchmark's own
      // that reads it sees the run's folder too.
      cmd.add("-Dgpubench.output-dir=" + dir.toAbsolutePath());
      cmd.add("-cp");
      cmd.add(String.join(File.pathSeparator, side.classpath()));
      cmd.add(ForkMain.class.getName());
      side.roots().forEach(r -> cmd.addAll(List.of("--root", r)));
      includes.forEach(r -> cmd.addAll(List.of("--include", r)));
      engines.forEach(e -> cmd.addAll(List.of("--engine", e)));
      config.forEach((k, v) -> cmd.addAll(List.of("--config", k + "=" + v)));
      cmd.addAll(List.of("--config", "gpubench.output-dir=" + dir.toAbsolutePath()));
      Path output = dir.resolve("fork.log");
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(output.toFile()).start();
      // A build stopped while a run is under way (Ctrl-C, a CI job cancelled) stops the run too: left behind, it
      // would go on loading the machine for minutes with no one to read it.
      Thread stopRun = new Thread(p::destroyForcibly, "gpubench-ab-stop-run");
      Runtime.getRuntime().addShutdownHook(stopRun);
      try {
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
          p.destroyForcibly().waitFor();
          throw new AbException("the " + side.name() + " run in " + dir + " took longer than " + timeoutSeconds
              + " s and was stopped" + tail(output));
        }
      } finally {
        try {
          Runtime.getRuntime().removeShutdownHook(stopRun);
        } catch (IllegalStateException shuttingDown) {
          // the hook is running or has run
        }
      }
      if (p.exitValue() == 2) {
        throw new AbException("the " + side.name() + " run found no benchmark to run (engines " + engines
            + ", classes " + includes + ", roots " + side.roots() + ")" + tail(output));
      }
      if (p.exitValue() != 0) {
        throw new AbException("the " + side.name() + " run in " + dir + " exited with status " + p.exitValue()
            + tail(output));
      }
      return results(side, dir, output);
    } catch (IOException e) {
      throw new AbException("cannot run the " + side.name() + " benchmarks in " + dir + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AbException("interrupted while the " + side.name() + " benchmarks ran in " + dir);
    }
  }

  private RunResult results(Side side, Path dir, Path output) {
    List<JournalRun> journals = Journals.in(dir, null);
    if (!journals.isEmpty()) {
      for (JournalRun j : journals) {
        if (!j.complete()) {
          throw new AbException("the " + side.name() + " run in " + dir + " is incomplete: " + j.incomplete()
              + tail(output));
        }
      }
      return Journals.merge(journals);
    }
    Path results = dir.resolve("results.json");
    if (!Files.isRegularFile(results)) {
      throw new AbException("the " + side.name() + " run in " + dir + " wrote no results (no journal, no "
          + "results.json): is the gpubench engine on its test class path?" + tail(output));
    }
    return ResultsFile.read(results);
  }

  private static String tail(Path output) {
    try {
      List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
      return "; the last lines of its output (" + output + "):\n    "
          + String.join("\n    ", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
    } catch (IOException e) {
      return "";
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (var paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /**
   * The runs of both sides.
   *
   * @param a the baseline build's runs, in the order they ran
   * @param b this build's runs
   */
  public record Runs(List<RunResult> a, List<RunResult> b) {

    /**
     * Makes the record, copying the lists.
     *
     * @param a A runs
     * @param b B runs
     */
    public Runs {
      a = List.copyOf(a);
      b = List.copyOf(b);
    }
  }

  /** An A/B run that could not run or left no results, with the run, the reason and its output's tail. */
  public static final class AbException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    AbException(String message) {
      super(message);
    }
  }
}
