package io.gpubench.history.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.result.RunResult;
import io.gpubench.history.record.Provenance;
import io.gpubench.history.record.RunRecord;
import io.gpubench.history.series.RunInfo;
import io.gpubench.history.support.Backends;
import io.gpubench.history.support.Runs;
import io.gpubench.results.journal.Journals;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Many publishers into one store at once lose nothing and duplicate nothing: threads of one JVM, each publishing
 * every run in its own order, and separate JVMs (the command line) publishing overlapping sets of journals, as CI
 * jobs and retried jobs do. Each backend.
 */
class ConcurrentPublishTest {

  private static final int RUNS = 12;

  @TempDir
  Path dir;

  private List<RunResult> runs() {
    RunResult model = Runs.recorded("cpu-run-a");
    List<RunResult> out = new ArrayList<>();
    Instant t0 = Instant.parse("2026-11-01T00:00:00Z");
    for (int i = 0; i < RUNS; i++) {
      out.add(Runs.rerun(model, "concurrent-" + i, t0.plusSeconds(600L * i), 1 + 0.01 * i));
    }
    return out;
  }

  @ParameterizedTest
  @MethodSource("io.gpubench.history.support.Backends#names")
  void threadsPublishingTheSameRunsAtOnceStoreEachOnce(String backend) throws Exception {
    StoreLocation at = Backends.fresh(backend, dir);
    List<RunResult> runs = runs();
    int threads = 6;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Integer>> inserted = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int seed = t;
      inserted.add(pool.submit(() -> {
        // Each thread opens the store itself, as a build would: the first opens migrate it, concurrently.
        go.await();
        HistoryStore store = Backends.open(at);
        List<RunResult> order = new ArrayList<>(runs);
        Collections.shuffle(order, new Random(seed));
        int n = 0;
        for (RunResult r : order) {
          n += store.publish(RunRecord.of(r, true, null, 25, Provenance.UNKNOWN, "results")).inserted() ? 1 : 0;
        }
        return n;
      }));
    }
    go.countDown();
    int total = 0;
    for (Future<Integer> f : inserted) {
      total += f.get(5, TimeUnit.MINUTES);
    }
    pool.shutdown();

    assertThat(total).as("runs inserted, over all threads").isEqualTo(RUNS);
    assertStoreHoldsEachRunOnce(Backends.open(at));
  }

  @ParameterizedTest
  @MethodSource("io.gpubench.history.support.Backends#names")
  void processesPublishingOverlappingJournalsAtOnceStoreEachOnce(String backend) throws Exception {
    StoreLocation at = Backends.fresh(backend, dir);
    List<Path> journals = new ArrayList<>();
    for (RunResult r : runs()) {
      journals.add(Runs.journal(r, dir.resolve("out-" + r.runId()), -1));
    }
    Credentials c = Backends.credentials(at);
    List<Process> processes = new ArrayList<>();
    for (int p = 0; p < 3; p++) {
      List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-cp", System.getProperty("java.class.path"), "io.gpubench.history.cli.HistoryMain", "publish",
          "--history", at.url(), "--branch", "main"));
      // Process p publishes runs 4p .. 4p+7 (mod 12): every run by two processes.
      for (int i = 0; i < 8; i++) {
        cmd.add(journals.get((4 * p + i) % RUNS).toString());
      }
      ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
      if (c.user() != null) {
        pb.environment().put(Credentials.USER_VARIABLE, c.user());
        pb.environment().put(Credentials.PASSWORD_VARIABLE, c.password());
      }
      pb.redirectOutput(dir.resolve("publisher-" + p + ".log").toFile());
      processes.add(pb.start());
    }
    int published = 0;
    for (int p = 0; p < processes.size(); p++) {
      assertThat(processes.get(p).waitFor(5, TimeUnit.MINUTES)).isTrue();
      String log = java.nio.file.Files.readString(dir.resolve("publisher-" + p + ".log"), StandardCharsets.UTF_8);
      assertThat(processes.get(p).exitValue()).as(log).isZero();
      published += log.lines().filter(l -> l.startsWith("published: ")).count();
      if (c.password() != null) {
        assertThat(log).doesNotContain(c.password());
      }
    }
    assertThat(published).as("runs published, over all processes").isEqualTo(RUNS);
    HistoryStore store = Backends.open(at);
    assertStoreHoldsEachRunOnce(store);
    assertThat(RunReader.runs(store)).allSatisfy(r -> assertThat(r.branch()).isEqualTo("main"));
    // What the journal held is what the store holds.
    assertThat(RunReader.run(store, "concurrent-3").orElseThrow().cases())
        .containsExactlyElementsOf(Journals.read(journals.get(3)).run().cases());
  }

  private static void assertStoreHoldsEachRunOnce(HistoryStore store) {
    List<RunInfo> runs = RunReader.runs(store);
    assertThat(runs).extracting(RunInfo::runId).doesNotHaveDuplicates().hasSize(RUNS);
    assertThat(runs).allSatisfy(r -> assertThat(r.cases()).isEqualTo(25));
    int rows = store.read("count the cases", conn -> {
      try (var st = conn.createStatement(); var rs = st.executeQuery("SELECT COUNT(*) FROM gpubench_case")) {
        rs.next();
        return rs.getInt(1);
      }
    });
    assertThat(rows).isEqualTo(RUNS * 25);
  }

  static String classPath() {
    return String.join(File.pathSeparator, System.getProperty("java.class.path"));
  }
}
