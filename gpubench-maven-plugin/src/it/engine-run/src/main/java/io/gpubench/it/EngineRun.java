package io.gpubench.it;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.RunResult;
import io.gpubench.api.result.Telemetry;
import io.gpubench.api.result.Timing;
import io.gpubench.api.result.Trial;
import io.gpubench.results.Glob;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.journal.Journal;
import io.gpubench.results.journal.JournalHeader;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;

/**
 * One engine run, as the sample builds' tests make it: the cases of a results file, replayed into a journal in
 * {@code target/gpubench/journal/<runId>.jsonl} (or under {@code gpubench.output-dir} when set) (header, one line per case, the end line) and, when the run ends,
 * {@code target/gpubench/results.json}, exactly as gpubench-engine writes them, with the run starting now. Each run's
 * times move by a random factor of about 1% (as runs do), so baselines of several runs have a spread.
 */
public final class EngineRun {

  private final RunResult source;
  private final List<Glob> only = new ArrayList<>();
  private final List<Glob> throttled = new ArrayList<>();
  private final List<Glob> shared = new ArrayList<>();
  private double factor = 1;
  private int killedAfter = -1;

  private EngineRun(RunResult source) {
    this.source = source;
  }

  /**
   * A run of the cases in a results file.
   *
   * @param resultsFile the file, relative to the sample's folder
   * @return the run
   */
  public static EngineRun of(String resultsFile) {
    return new EngineRun(ResultsFile.read(Path.of(resultsFile)));
  }

  /**
   * Runs only the cases whose ids match.
   *
   * @param globs id patterns
   * @return this
   */
  public EngineRun only(String... globs) {
    for (String g : globs) {
      only.add(Glob.of(g));
    }
    return this;
  }

  /**
   * Multiplies every time by a factor (2 is a 2x slowdown).
   *
   * @param f the factor
   * @return this
   */
  public EngineRun slower(double f) {
    factor = f;
    return this;
  }

  /**
   * Flags the matching cases throttled, as NVML telemetry would; a blank pattern flags none.
   *
   * @param glob id pattern, or blank
   * @return this
   */
  public EngineRun throttled(String glob) {
    if (glob != null && !glob.isBlank()) {
      throttled.add(Glob.of(glob));
    }
    return this;
  }

  /**
   * Flags the matching cases shared (another process on the GPU); a blank pattern flags none.
   *
   * @param glob id pattern, or blank
   * @return this
   */
  public EngineRun shared(String glob) {
    if (glob != null && !glob.isBlank()) {
      shared.add(Glob.of(glob));
    }
    return this;
  }

  /**
   * Ends the run as a SIGKILL would after some cases: no end line, no results file.
   *
   * @param cases how many cases are recorded first
   * @return this
   */
  public EngineRun killedAfter(int cases) {
    killedAfter = cases;
    return this;
  }

  /**
   * Writes the journal (and, for a run that ends, the results file).
   *
   * @return the journal
   */
  public Path write() {
    // Where the engine would write: the run's configured folder (an A/B run sets it), else target/gpubench.
    Path out = Path.of(System.getProperty("gpubench.output-dir", "target/gpubench"));
    String runId = UUID.randomUUID().toString();
    Instant start = Instant.now();
    Random random = new Random();
    double runEffect = factor * Math.exp(0.01 * random.nextGaussian());
    List<CaseResult> cases = new ArrayList<>();
    for (CaseResult c : source.cases()) {
      if (only.isEmpty() || only.stream().anyMatch(g -> g.matches(c.id()))) {
        cases.add(changed(c, runEffect));
      }
    }
    RunResult run = new RunResult(RunResult.SCHEMA, runId, start.toString(), null, source.environment(), cases);
    try (Journal journal = Journal.create(out, new JournalHeader(runId, start.toString(), ProcessHandle.current().pid(),
        cases.size(), source.environment()))) {
      int n = killedAfter < 0 ? cases.size() : Math.min(killedAfter, cases.size());
      for (int i = 0; i < n; i++) {
        journal.append(cases.get(i));
      }
      if (killedAfter < 0) {
        Instant end = Instant.now();
        journal.end(end);
        ResultsFile.write(new RunResult(RunResult.SCHEMA, runId, start.toString(), end.toString(),
            source.environment(), cases), out.resolve("results.json"));
      }
      return journal.file();
    }
  }

  private CaseResult changed(CaseResult c, double f) {
    Timing t = c.timing();
    Timing timing = t == null ? null : new Timing(t.deviceClock(), t.deviceTiming(), t.deviceTimingReason(), t.cache(),
        t.warmupCalls(), t.callsPerTrial(), t.firstCallNanos() * f, t.trials().stream().map(x -> new Trial(
            x.hostNanos() * f, x.deviceNanos() == null ? null : x.deviceNanos() * f, x.launchInclusiveNanos()))
            .toList(), t.host(), t.device(), t.launchInclusive(), t.stop(), t.stopDetail(), t.timedSeconds());
    boolean hot = throttled.stream().anyMatch(g -> g.matches(c.id()));
    boolean busy = shared.stream().anyMatch(g -> g.matches(c.id()));
    Telemetry telemetry = c.telemetry();
    if (hot || busy) {
      telemetry = new Telemetry(20, 1410.0, 1200.0, 1980.0, 690.0, 700.0, 87.0,
          hot ? List.of("HW_THERMAL_SLOWDOWN") : List.of(), hot, busy,
          busy ? List.of("4242 python3 train.py") : List.of(), List.of());
    }
    CaseResult changed = new CaseResult(c.id(), c.benchmark(), c.workload(), c.displayName(), c.backend(),
        c.precision(), c.shape(), c.status(), c.message(), timing, c.correctness(), c.throughput(), telemetry,
        c.memory(), c.metrics());
    // The engine raises these flags from such telemetry; reports and the gate read the flags.
    if (hot) {
      changed = changed.withFlag(new Flag(Flag.THROTTLED, "the device stayed throttled (HW_THERMAL_SLOWDOWN)"));
    }
    if (busy) {
      changed = changed.withFlag(new Flag(Flag.SHARED, "other processes used the device: 4242 python3 train.py"));
    }
    return changed;
  }
}
