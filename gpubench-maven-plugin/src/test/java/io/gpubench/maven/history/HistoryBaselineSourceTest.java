package io.gpubench.maven.history;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.RunResult;
import io.gpubench.api.result.Timing;
import io.gpubench.api.result.Trial;
import io.gpubench.history.record.Provenance;
import io.gpubench.history.record.RunRecord;
import io.gpubench.history.series.Figure;
import io.gpubench.history.store.AcceptedChanges;
import io.gpubench.history.store.Credentials;
import io.gpubench.history.store.HistoryStore;
import io.gpubench.history.store.StoreLocation;
import io.gpubench.maven.baseline.BaselineCase;
import io.gpubench.maven.baseline.MemoryRun;
import io.gpubench.maven.gate.BaselineSource;
import io.gpubench.maven.verdict.ComparedFigure;
import io.gpubench.maven.verdict.EnvironmentPolicy;
import io.gpubench.maven.verdict.RegressionCheck;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.compare.CaseComparator;
import io.gpubench.results.compare.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The history as the gate's baseline: which stored runs it takes (the newest clean runs of main on this testbed,
 * from an accepted change on, never this build's own) and that the one comparison judges them as it judges a
 * baseline file's.
 */
class HistoryBaselineSourceTest {

  @TempDir
  Path dir;

  private RunResult model() throws Exception {
    Path f = dir.resolve("model.json");
    try (var in = getClass().getResourceAsStream("/recorded/cpu-run-a.json")) {
      Files.write(f, in.readAllBytes());
    }
    return ResultsFile.read(f);
  }

  private static RunResult run(RunResult model, String id, int hour, UnaryOperator<CaseResult> change) {
    Instant start = Instant.parse("2026-11-01T00:00:00Z").plusSeconds(3600L * hour);
    return new RunResult(RunResult.SCHEMA, id, start.toString(), start.plusSeconds(60).toString(),
        model.environment(), model.cases().stream().map(change).toList());
  }

  private static CaseResult scaled(CaseResult c, double f) {
    Timing t = c.timing();
    Timing timing = new Timing(t.deviceClock(), t.deviceTiming(), t.deviceTimingReason(), t.cache(), t.warmupCalls(),
        t.callsPerTrial(), t.firstCallNanos() * f, t.trials().stream().map(x -> new Trial(x.hostNanos() * f,
        x.deviceNanos() == null ? null : x.deviceNanos() * f, x.launchInclusiveNanos())).toList(), t.host(),
        t.device(), t.launchInclusive(), t.stop(), t.stopDetail(), t.timedSeconds(), t.warmup(), t.discardedTrials(),
        t.forks());
    return new CaseResult(c.id(), c.benchmark(), c.workload(), c.displayName(), c.backend(), c.precision(),
        c.shape(), c.status(), c.message(), timing, c.correctness(), c.throughput(), c.telemetry(), c.memory(),
        c.metrics(), c.audit(), c.worldSize(), c.flags());
  }

  private HistoryStore store() {
    return HistoryStore.open(StoreLocation.sqlite(dir.resolve("history.db")), Credentials.NONE,
        Duration.ofSeconds(10));
  }

  /** What a stored run of main makes of a case: the run's number, its noise (1%, log-normal), the model's case. */
  @FunctionalInterface
  private interface MainCase {
    CaseResult of(int run, double noise, CaseResult c);
  }

  /** Publishes runs main-0 to main-(runs - 1) of the model, an hour apart, each with a noise of its own. */
  private static void publishMain(HistoryStore s, RunResult model, int runs, long seed, MainCase each) {
    Random r = new Random(seed);
    for (int i = 0; i < runs; i++) {
      double noise = Math.exp(0.01 * r.nextGaussian());
      int run = i;
      publish(s, run(model, "main-" + i, i, c -> each.of(run, noise, c)), "main");
    }
  }

  private static void publish(HistoryStore s, RunResult r, String branch) {
    s.publish(RunRecord.of(r, true, null, r.cases().size(), new Provenance("c-" + r.runId(), branch, false, null,
        null, null), "results"));
  }

  private HistoryBaselineSource source(int runs) {
    return new HistoryBaselineSource(StoreLocation.sqlite(dir.resolve("history.db")), Credentials.NONE,
        Duration.ofSeconds(10), "main", runs, List.of());
  }

  @Test
  void takesTheNewestCleanRunsOfMainOnThisTestbedAndNeverThisBuildsOwn() throws Exception {
    RunResult model = model();
    HistoryStore s = store();
    publishMain(s, model, 14, 1, (run, f, c) -> run == 12 && c.id().equals(model.cases().get(0).id())
        ? scaled(c, f).withFlag(new Flag(Flag.CONTENDED, "contended")) : scaled(c, f));
    publish(s, run(model, "feature-1", 20, c -> scaled(c, 3)), "feature");
    RunResult current = run(model, "main-13", 13, c -> c);

    BaselineSource.Loaded loaded = source(10).load(List.of(current));

    BaselineCase first = loaded.set().environments().get(0).find(model.cases().get(0).id()).orElseThrow();
    // main-13 is this build's own; main-12 was contended for this case: main-11 back to main-2.
    assertThat(first.runs()).extracting(x -> x.runId()).containsExactly("main-2", "main-3", "main-4", "main-5",
        "main-6", "main-7", "main-8", "main-9", "main-10", "main-11");
    BaselineCase second = loaded.set().environments().get(0).find(model.cases().get(1).id()).orElseThrow();
    assertThat(second.runs()).extracting(x -> x.runId()).startsWith("main-3").endsWith("main-12").hasSize(10);
    assertThat(loaded.notes()).anySatisfy(n -> assertThat(n).contains("the last 10 clean runs of branch main")
        .contains("25 of 25 cases found 10 runs each").contains("14 complete runs"));
    assertThat(loaded.notes()).anySatisfy(n -> assertThat(n).contains("1 of this build's own runs left out"));
    assertThat(loaded.notes()).anySatisfy(n -> assertThat(n).contains("1 flagged case runs"));
  }

  @Test
  void theOneComparisonCatchesA2xSlowdownAndPassesUnchangedCode() throws Exception {
    RunResult model = model();
    HistoryStore s = store();
    publishMain(s, model, 10, 2, (run, f, c) -> scaled(c, f));
    RegressionCheck gate = new RegressionCheck(CaseComparator.DEFAULT, ComparedFigure.TIME, EnvironmentPolicy.FAIL,
        List.of(), true, false, null);
    RunResult slowed = run(model, "pr", 11, c -> scaled(c, 2));
    RunResult same = run(model, "next", 11, c -> scaled(c, 1.003));

    RegressionCheck.Outcome bad = gate.check(List.of(slowed), source(10).load(List.of(slowed)).set(), "history");
    RegressionCheck.Outcome good = gate.check(List.of(same), source(10).load(List.of(same)).set(), "history");

    // 2x slower: SLOWER, except a case whose one current run has too few trials to bound its median (AMBIGUOUS).
    assertThat(bad.comparisons()).hasSize(25).allSatisfy(c -> assertThat(c.comparison().verdict())
        .isIn(Verdict.SLOWER, Verdict.AMBIGUOUS));
    long slower = bad.comparisons().stream().filter(c -> c.comparison().verdict() == Verdict.SLOWER).count();
    assertThat(slower).isGreaterThanOrEqualTo(20);
    assertThat(bad.violations()).hasSize((int) slower);
    // Unchanged code: never SLOWER or FASTER (a case whose own trials scatter widely is AMBIGUOUS, not SAME).
    assertThat(good.comparisons()).hasSize(25).allSatisfy(c -> assertThat(c.comparison().verdict())
        .isIn(Verdict.SAME, Verdict.AMBIGUOUS));
    assertThat(good.violations()).isEmpty();
  }

  @Test
  void anAcceptedChangeMakesTheGateCompareWithTheNewLevelOnly() throws Exception {
    RunResult model = model();
    HistoryStore s = store();
    publishMain(s, model, 12, 3, (run, f, c) -> scaled(c, f * (run >= 8 ? 1.5 : 1.0)));
    String id = model.cases().get(0).id();
    String testbed = RunRecord.of(model, true, null, null, Provenance.UNKNOWN, "results").testbed();
    RunResult now = run(model, "now", 13, c -> scaled(c, 1.5));
    assertThat(source(10).load(List.of(now)).set().environments().get(0).find(id).orElseThrow().runs()).hasSize(10);

    AcceptedChanges.accept(s, id, testbed, Figure.TIME, "main-8", "a deliberate 1.5x: more accurate kernel", "test");

    BaselineSource.Loaded after = source(10).load(List.of(now));
    assertThat(after.set().environments().get(0).find(id).orElseThrow().runs()).extracting(x -> x.runId())
        .containsExactly("main-8", "main-9", "main-10", "main-11");
    assertThat(after.notes()).anySatisfy(n -> assertThat(n).contains(id + " compared from its accepted change at run "
        + "main-8"));
    RegressionCheck gate = new RegressionCheck(CaseComparator.DEFAULT, ComparedFigure.TIME, EnvironmentPolicy.FAIL,
        List.of(), true, false, null);
    assertThat(gate.check(List.of(now), after.set(), "history").comparisons().stream()
        .filter(c -> c.caseId().equals(id)).findFirst().orElseThrow().comparison().verdict())
        .isNotEqualTo(Verdict.SLOWER);
  }

  /**
   * A runner whose probe flags every run (two vCPUs of one core: every case of every run contended, its slowdown
   * measured): the cases have no clean run, and are timed by their flagged runs, each bounded by its slowdown as a
   * baseline file's are. A 4x slower build is SLOWER; unchanged code, as contended, is not. Before, such a baseline
   * compared memory only, and a 4x slower build passed.
   */
  @Test
  void casesWithoutACleanRunAreTimedByTheirRunsBoundedByTheMeasuredSlowdown() throws Exception {
    RunResult model = model();
    HistoryStore s = store();
    String first = model.cases().get(0).id();
    // The first case has one clean run among them.
    publishMain(s, model, 6, 4, (run, noise, c) -> c.id().equals(first) && run == 2 ? scaled(c, noise)
        : scaled(c, noise * (1.7 + 0.05 * run)).withFlag(new Flag(Flag.CONTENDED, "all kept trials contended",
            1.7 + 0.05 * run)));
    RegressionCheck gate = new RegressionCheck(CaseComparator.DEFAULT, ComparedFigure.TIME, EnvironmentPolicy.FAIL,
        List.of(), true, false, null);
    Flag contended = new Flag(Flag.CONTENDED, "all kept trials contended", 1.8);
    RunResult slowed = run(model, "pr", 7, c -> scaled(c, 4 * 1.8).withFlag(contended));
    RunResult same = run(model, "next", 7, c -> scaled(c, 1.8).withFlag(contended));

    BaselineSource.Loaded loaded = source(10).load(List.of(slowed));

    BaselineCase second = loaded.set().environments().get(0).find(model.cases().get(1).id()).orElseThrow();
    assertThat(second.runs()).hasSize(6).allSatisfy(b -> {
      assertThat(b.flags()).singleElement().asString().startsWith("contended CPU (1.");
      assertThat(b.slowdown()).isBetween(1.7, 1.95);
    });
    assertThat(second.runs()).extracting(b -> b.flags().get(0)).contains("contended CPU (1.70x slower)",
        "contended CPU (1.95x slower)");
    BaselineCase one = loaded.set().environments().get(0).find(first).orElseThrow();
    // its clean run, and beside it its flagged runs, which the comparison leaves out (none ran better than it)
    assertThat(one.runs()).extracting(b -> b.runId())
        .containsExactlyInAnyOrder("main-5", "main-4", "main-3", "main-2", "main-1", "main-0");
    assertThat(one.runs()).filteredOn(b -> b.flags().isEmpty()).extracting(b -> b.runId()).containsExactly("main-2");
    assertThat(loaded.notes()).anySatisfy(n -> assertThat(n).contains("1 of 25 cases found 1 run;"));
    assertThat(loaded.notes()).anySatisfy(n -> assertThat(n).contains("24 cases have no clean run: their time is "
        + "compared with the last runs whose flags measured how much they slowed them (24 of 24 cases found 6 runs "
        + "each), each run bounded by its flags"));

    RegressionCheck.Outcome bad = gate.check(List.of(slowed), loaded.set(), "history");
    assertThat(bad.comparisons()).hasSize(25);
    assertThat(bad.warnings()).noneMatch(w -> w.contains("time not compared"));
    // Against the flagged runs both sides ran contended alike: 4x is SLOWER. Against the clean run, the bound of the
    // current side's whole 1.8x still leaves 2.2x: SLOWER too, or AMBIGUOUS where one run's trials are too few.
    assertThat(bad.comparisons()).allSatisfy(c -> assertThat(c.comparison().verdict())
        .isIn(Verdict.SLOWER, Verdict.AMBIGUOUS));
    assertThat(bad.comparisons().stream().filter(c -> c.comparison().verdict() == Verdict.SLOWER).count())
        .isGreaterThanOrEqualTo(20);
    RegressionCheck.Outcome good = gate.check(List.of(same), source(10).load(List.of(same)).set(), "history");
    assertThat(good.comparisons()).hasSize(25).allSatisfy(c -> assertThat(c.comparison().verdict())
        .isNotIn(Verdict.SLOWER, Verdict.FASTER));
    assertThat(good.violations()).isEmpty();
  }

  /**
   * CI, 2026-12-07: a case's only clean run, kept to one fork, settled at 3x the level its contended runs read (an
   * outcome of its JVM), and as the case's whole baseline it called a 4x slower build SAME. The history hands its
   * contended runs over beside it, and the comparison, seeing a contended run beat the clean one, stands on all of
   * them: the slowed build is no longer SAME.
   */
  @Test
  void aCleanRunThatItsContendedRunsBeatDoesNotTimeTheCaseAlone() throws Exception {
    RunResult model = model();
    HistoryStore s = store();
    publishMain(s, model, 4, 9, (run, noise, c) -> run == 1 ? scaled(c, 3 * noise)
        : scaled(c, noise * 1.9).withFlag(new Flag(Flag.CONTENDED, "all kept trials contended", 1.9)));
    CaseComparator sample = new CaseComparator(CaseComparator.DEFAULT_SIGNIFICANCE, 1.0);
    RegressionCheck gate = new RegressionCheck(sample, ComparedFigure.TIME, EnvironmentPolicy.FAIL, List.of(), true,
        false, null);
    RunResult slowed = run(model, "pr", 7, c -> scaled(c, 4));

    BaselineSource.Loaded loaded = source(10).load(List.of(slowed));
    BaselineCase one = loaded.set().environments().get(0).find(model.cases().get(0).id()).orElseThrow();
    assertThat(one.runs()).hasSize(4);
    assertThat(loaded.notes()).anySatisfy(n -> assertThat(n).contains("25 of 25 cases found 1 run each"));

    RegressionCheck.Outcome bad = gate.check(List.of(slowed), loaded.set(), "history");
    assertThat(bad.comparisons()).hasSize(25).allSatisfy(c -> {
      assertThat(c.comparison().verdict()).as(c.comparison().reason()).isIn(Verdict.SLOWER, Verdict.AMBIGUOUS);
      assertThat(c.comparison().reason()).contains("than its clean run", "the side stands on all 4 of its runs");
    });
  }

  /**
   * Memory against the history by the baseline file's rule (MemoryCheck): a doubled allocation is MORE MEMORY, an
   * unchanged one passes; runs flagged throttled, shared or contended count for the memory on both sides, since a
   * slow or shared device does not make a call allocate more; a case whose every stored run was flagged is compared
   * in memory and not in time.
   */
  @Test
  void memoryIsComparedWithTheHistoryByTheMemoryRuleFlaggedRunsIncluded() throws Exception {
    RunResult model = model();
    HistoryStore s = store();
    String first = model.cases().get(0).id();
    String second = model.cases().get(1).id();
    Flag throttled = new Flag(Flag.THROTTLED, "throttled (HW_SLOWDOWN)");
    Flag contended = new Flag(Flag.CONTENDED, "12 of 20 kept trials ran on a contended core");
    for (int i = 0; i < 6; i++) {
      int run = i;
      // Every run of the first case throttled; every other run of the second contended: left out of the times.
      publish(s, run(model, "main-" + i, i, c -> {
        CaseResult k = allocating(c, 4016 + 0.01 * run);
        return c.id().equals(first) ? k.withFlag(throttled) : c.id().equals(second) && run % 2 == 1
            ? k.withFlag(contended) : k;
      }), "main");
    }
    RegressionCheck gate = new RegressionCheck(CaseComparator.DEFAULT, ComparedFigure.TIME, EnvironmentPolicy.FAIL,
        List.of(), true, false, null);
    // This build's runs: the first case contended, its allocation doubled; the second unchanged.
    RunResult doubled = run(model, "pr", 7, c -> c.id().equals(first)
        ? allocating(c, 8056).withFlag(contended) : allocating(c, 4016.02));

    BaselineSource.Loaded loaded = source(10).load(List.of(doubled));
    RegressionCheck.Outcome out = gate.check(List.of(doubled), loaded.set(), "history");

    BaselineCase one = loaded.set().environments().get(0).find(first).orElseThrow();
    assertThat(one.runs()).isEmpty();
    assertThat(one.memoryOnly()).extracting(MemoryRun::runId).containsExactly("main-0", "main-1", "main-2", "main-3",
        "main-4", "main-5");
    BaselineCase two = loaded.set().environments().get(0).find(second).orElseThrow();
    assertThat(two.runs()).extracting(x -> x.runId()).containsExactly("main-0", "main-2", "main-4");
    assertThat(two.memory()).hasSize(6).allSatisfy(m -> assertThat(m.get("allocatedBytesPerCall")).isBetween(4016.0,
        4016.06));
    assertThat(loaded.notes()).anySatisfy(n -> assertThat(n).contains("1 case has only runs flagged without a measured "
        + "bound (a throttled or shared GPU): its memory is compared, its time is not (" + first + ")"));
    assertThat(out.violations()).singleElement().satisfies(v -> assertThat(v.message()).isEqualTo(first
        + ": MORE MEMORY than the baseline: allocatedBytesPerCall 3.922 KiB → 7.867 KiB (+100.6%), allowed ±1.039 KiB "
        + "(1% + 1024 B a trial over its calls)"));
    assertThat(out.comparisons()).extracting(RegressionCheck.CaseComparisonEntry::caseId).doesNotContain(first)
        .contains(second);
    assertThat(out.warnings()).contains(first + ": time not compared: every baseline run of it was flagged "
        + "without a measured bound (a throttled or shared GPU); its memory was compared");

    RunResult same = run(model, "next", 7, c -> allocating(c, 4016.03));
    assertThat(gate.check(List.of(same), source(10).load(List.of(same)).set(), "history").violations()).isEmpty();
  }

  @Test
  void anAcceptedChangeOfAMemoryFigureStartsItsLevelThereAndLeavesTheTimesAlone() throws Exception {
    RunResult model = model();
    HistoryStore s = store();
    for (int i = 0; i < 8; i++) {
      double bytes = i >= 5 ? 8056 : 4016;
      publish(s, run(model, "main-" + i, i, c -> allocating(c, bytes)), "main");
    }
    String id = model.cases().get(0).id();
    String testbed = RunRecord.of(model, true, null, null, Provenance.UNKNOWN, "results").testbed();
    AcceptedChanges.accept(s, id, testbed, Figure.ALLOCATED_BYTES_PER_CALL, "main-5", "keeps a copy, on purpose",
        "test");
    RunResult now = run(model, "now", 9, c -> allocating(c, 8056));

    BaselineCase c = source(10).load(List.of(now)).set().environments().get(0).find(id).orElseThrow();

    assertThat(c.runs()).hasSize(8);
    assertThat(c.memory()).filteredOn(m -> !m.isEmpty()).extracting(m -> m.get("allocatedBytesPerCall"))
        .containsOnly(8056.0).hasSize(3);
    RegressionCheck gate = new RegressionCheck(CaseComparator.DEFAULT, ComparedFigure.TIME, EnvironmentPolicy.FAIL,
        List.of(), true, false, null);
    assertThat(gate.check(List.of(now), source(10).load(List.of(now)).set(), "history").violations())
        .noneSatisfy(v -> assertThat(v.message()).contains(id + ": MORE MEMORY"));
  }

  private static CaseResult allocating(CaseResult c, double perCall) {
    int trials = c.timing().trials().size();
    long calls = (long) trials * c.timing().callsPerTrial();
    var host = new io.gpubench.api.result.HostMemory(perCall, Math.round(perCall * calls), calls, 0L, 0.0,
        List.of(), trials, null, null, java.util.Map.of());
    return new CaseResult(c.id(), c.benchmark(), c.workload(), c.displayName(), c.backend(), c.precision(),
        c.shape(), c.status(), c.message(), c.timing(), c.correctness(), c.throughput(), c.telemetry(),
        new io.gpubench.api.result.Memory(null, null, null, host), c.metrics(), c.audit(), c.worldSize(), c.flags());
  }

  @Test
  void aStoreThatDoesNotExistIsAMissingBaselineAndIsNotCreated() throws Exception {
    BaselineSource.Loaded loaded = source(10).load(List.of(model()));
    assertThat(loaded.set()).isNull();
    assertThat(loaded.missingNote()).contains("does not exist yet").contains("nothing compared");
    assertThat(dir.resolve("history.db")).doesNotExist();
  }
}
