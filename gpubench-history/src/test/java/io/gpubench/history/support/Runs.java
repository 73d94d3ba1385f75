package io.gpubench.history.support;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.HostMemory;
import io.gpubench.api.result.Memory;
import io.gpubench.api.result.RunResult;
import io.gpubench.api.result.Timing;
import io.gpubench.api.result.Trial;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.journal.Journal;
import io.gpubench.results.journal.JournalHeader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Runs for the tests: the results files real engine runs wrote (25 CPU cases on a 2-core VM; 16 GPU cases on an
 * H200), and copies of them as other runs of the same code would be (another id and start, times scaled, flags).
 */
public final class Runs {

  private Runs() {}

  /**
   * A recorded run.
   *
   * @param name {@code cpu-run-a}, {@code cpu-run-b} or {@code h200-run}
   * @return the run
   */
  public static RunResult recorded(String name) {
    try (InputStream in = Runs.class.getResourceAsStream("/recorded/" + name + ".json")) {
      Path tmp = Files.createTempFile("recorded-", ".json");
      try {
        Files.write(tmp, in.readAllBytes());
        return ResultsFile.read(tmp);
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Another run of the same cases.
   *
   * @param run the model
   * @param runId the new id
   * @param start the new start
   * @param factor every time multiplied by this
   * @return the run
   */
  public static RunResult rerun(RunResult run, String runId, Instant start, double factor) {
    return rerun(run, runId, start, c -> scaled(c, factor));
  }

  /**
   * Another run of the same cases, each changed.
   *
   * @param run the model
   * @param runId the new id
   * @param start the new start
   * @param change what happens to each case
   * @return the run
   */
  public static RunResult rerun(RunResult run, String runId, Instant start, UnaryOperator<CaseResult> change) {
    List<CaseResult> cases = new ArrayList<>();
    run.cases().forEach(c -> cases.add(change.apply(c)));
    return new RunResult(RunResult.SCHEMA, runId, start.toString(), start.plusSeconds(60).toString(),
        run.environment(), cases);
  }

  /**
   * A case with every time scaled.
   *
   * @param c the case
   * @param f the factor
   * @return the case
   */
  public static CaseResult scaled(CaseResult c, double f) {
    Timing t = c.timing();
    if (t == null || f == 1) {
      return c;
    }
    Timing timing = new Timing(t.deviceClock(), t.deviceTiming(), t.deviceTimingReason(), t.cache(),
        t.warmupCalls(), t.callsPerTrial(), t.firstCallNanos() * f, t.trials().stream().map(x -> new Trial(
            x.hostNanos() * f, x.deviceNanos() == null ? null : x.deviceNanos() * f, x.launchInclusiveNanos()))
            .toList(), t.host(), t.device(), t.launchInclusive(), t.stop(), t.stopDetail(), t.timedSeconds(),
        t.warmup(), t.discardedTrials(), t.forks());
    return new CaseResult(c.id(), c.benchmark(), c.workload(), c.displayName(), c.backend(), c.precision(),
        c.shape(), c.status(), c.message(), timing, c.correctness(), c.throughput(), c.telemetry(), c.memory(),
        c.metrics(), c.audit(), c.worldSize(), c.flags());
  }

  /**
   * A case whose calls allocated so many bytes each on the calling thread, as the engine's host memory meter
   * records it.
   *
   * @param c the case
   * @param perCall bytes a call
   * @return the case
   */
  public static CaseResult allocating(CaseResult c, double perCall) {
    int trials = c.timing() == null ? 0 : c.timing().trials().size();
    long calls = c.timing() == null ? 0 : (long) trials * c.timing().callsPerTrial();
    HostMemory host = new HostMemory(perCall, Math.round(perCall * calls), calls, 0L, 0.0, List.of(), trials, null,
        null, java.util.Map.of("allocatedBytesPerCall", "a sample history's stand-in"));
    Memory m = c.memory() == null ? new Memory(null, null, null, host, null) : c.memory().withHost(host);
    return new CaseResult(c.id(), c.benchmark(), c.workload(), c.displayName(), c.backend(), c.precision(),
        c.shape(), c.status(), c.message(), c.timing(), c.correctness(), c.throughput(), c.telemetry(), m,
        c.metrics(), c.audit(), c.worldSize(), c.flags());
  }

  /**
   * A case flagged as the engine flags a contended CPU core.
   *
   * @param c the case
   * @return the case
   */
  public static CaseResult contended(CaseResult c) {
    return c.withFlag(new Flag(Flag.CONTENDED, "12 of 20 kept trials ran on a contended core"));
  }

  /**
   * A case flagged as the engine flags a contended CPU core whose probe measured the slowdown.
   *
   * @param c the case
   * @param slowdown the measured slowdown
   * @return the case
   */
  public static CaseResult contended(CaseResult c, double slowdown) {
    return c.withFlag(new Flag(Flag.CONTENDED, "the median trial kept ran " + slowdown + "x slower than at speed",
        slowdown));
  }

  /**
   * Writes a run as the engine writes its journal: header, one line per case, and the end line unless killed.
   *
   * @param run the run
   * @param outputDir the output folder
   * @param killedAfter how many cases are written before the "kill", or -1 for a run that ends
   * @return the journal
   */
  public static Path journal(RunResult run, Path outputDir, int killedAfter) {
    try (Journal j = Journal.create(outputDir, new JournalHeader(run.runId(), run.startedAt(), 4242,
        run.cases().size(), run.environment()))) {
      int n = killedAfter < 0 ? run.cases().size() : killedAfter;
      for (int i = 0; i < n; i++) {
        j.append(run.cases().get(i));
      }
      if (killedAfter < 0) {
        j.end(Instant.parse(run.finishedAt()));
      }
      return j.file();
    }
  }
}
