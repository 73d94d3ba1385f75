package io.gpubench.engine.worker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Keeps a worker's own bookkeeping out of C2: its wire, the stopping rule, the warm-up's and the trials' accounting
 * run in C1's code, through a HotSpot compiler directive the worker is started with. The code that is timed is not
 * touched: the workload, the trial loop (a hidden copy of {@code CallLoopTemplate}), the clock around it and the CPU
 * contention probe (whose times are compared with its own quiet time) compile as the JVM decides.
 *
 * <p>Why: a worker's C2 compiled its own code for the whole run, a method at a time as each crossed its threshold,
 * 50–370 ms a method on a 2-vCPU runner (the wire's reflective reader and writer, the stopping rule); each compile
 * either ran beside a case's trials on the sibling vCPU, slowing them (the probe then discarded them), or made a
 * case's warm-up wait for the JIT to go quiet. In 1,000 cases of an empty call, 20 warm-ups took 4.2 s of the 6.3 s
 * all warm-ups took, nearly all of it such a wait. C1's code is slower, but this code does little per case, and
 * nothing it does is timed. Measured with {@code gpubench-figures/scripts/suite-overhead.sh} (3 rounds, the builds
 * before and after side by side, 2026-12-08): the warm-ups of the 1,000 cases took 4.94, 2.86, 3.38 s against
 * 5.81, 3.71, 3.62 s, and the 20 longest 2.87, 1.09, 1.44 s against 3.76, 1.80, 1.71 s; the builds' times moved
 * more than that between rounds (11–16 s of Surefire's time for either engine).
 *
 * <p>A JVM other than HotSpot ignores the options (OpenJ9 ignores {@code -XX} options it does not know); a
 * {@code -XX:CompilerDirectivesFile} of the run's own JVM arguments comes later on the command line and wins.
 */
final class HarnessCompilation {
  /**
   * The harness's code, as directive patterns ({@code package/Class.method}, a {@code *} at either end of a part):
   * whole packages the worker runs only around the timed code, and the classes of {@code bench} that do so.
   */
  static final List<String> HARNESS = List.of(
      "io/gpubench/engine/protocol/*.*",
      "io/gpubench/engine/statistics/*.*",
      "io/gpubench/engine/worker/*.*",
      "io/gpubench/engine/memory/*.*",
      "io/gpubench/engine/bench/CaseSession.*",
      "io/gpubench/engine/bench/CasePreparation.*",
      "io/gpubench/engine/bench/CaseInstruments.*",
      "io/gpubench/engine/bench/CaseTrials.*",
      "io/gpubench/engine/bench/SteadyWarmup*.*",
      "io/gpubench/engine/bench/WarmupRounds.*",
      "io/gpubench/engine/bench/JitActivity*.*",
      "io/gpubench/engine/bench/JitThresholds.*",
      "io/gpubench/engine/bench/LogHistogram.*");

  private HarnessCompilation() {}

  /**
   * The directive: C2 excluded for the harness's methods, which tiered compilation then leaves in C1's code.
   *
   * @return its JSON
   */
  static String directive() {
    return "[{ match: [" + HARNESS.stream().map(p -> "\"" + p + "\"").collect(Collectors.joining(", "))
        + "], c2: { Exclude: true } }]\n";
  }

  /**
   * Writes the directive into a file and gives the JVM options that apply it.
   *
   * @param file the file, in the run's worker folder
   * @return the options, for before the run's own JVM arguments
   * @throws UncheckedIOException naming the file when it cannot be written
   */
  static List<String> options(Path file) {
    try {
      Files.writeString(file, directive());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
    }
    return List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:CompilerDirectivesFile=" + file);
  }
}
