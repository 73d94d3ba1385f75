package io.gpubench.history;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.RunResult;
import io.gpubench.history.changes.ChangePointDetector;
import io.gpubench.history.page.History;
import io.gpubench.history.page.HistoryPage;
import io.gpubench.history.record.Provenance;
import io.gpubench.history.record.RunRecord;
import io.gpubench.history.series.SeriesQuery;
import io.gpubench.history.store.Credentials;
import io.gpubench.history.store.HistoryStore;
import io.gpubench.history.store.StoreLocation;
import io.gpubench.history.support.Postgres;
import io.gpubench.history.support.Runs;
import io.gpubench.results.compare.CaseComparator;
import io.gpubench.results.html.Chromium;
import io.gpubench.results.html.ReportPage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;

/**
 * The history's figures for issue 22's closing note: a benchmark, run by hand, never a test (the machine is shared).
 * Publishing a 1,000-case run into SQLite and into PostgreSQL (GPUBENCH_PG_URL, skipped without); the history page of
 * 500 runs × 200 cases: its size, the time to build it, and the time Chromium takes to open and draw it; change-point
 * detection over 200 series of 500 points.
 * <pre>
 * mvn -o -q -pl gpubench-history -am -Phistory-figures -DskipTests -Dinvoker.skip verify
 * </pre>
 */
public final class HistoryFigures {

  private HistoryFigures() {}

  /**
   * Measures and prints.
   *
   * @param args {@code [work folder]}
   * @throws Exception when a part cannot run
   */
  public static void main(String[] args) throws Exception {
    Path work = Path.of(args.length > 0 ? args[0] : "target/history-figures").toAbsolutePath();
    Files.createDirectories(work);
    System.out.printf(Locale.ROOT, "history figures: %d cores, %s%n", Runtime.getRuntime().availableProcessors(),
        System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
    RunResult thousand = wide(1000, "figures-1000");
    Path sqlite = work.resolve("publish-1000.db");
    Files.deleteIfExists(sqlite);
    publishTimes("SQLite " + sqlite, StoreLocation.sqlite(sqlite), Credentials.NONE, thousand);
    if (System.getenv("GPUBENCH_PG_URL") != null) {
      publishTimes("PostgreSQL " + StoreLocation.redact(Postgres.url()), Postgres.freshStore(),
          Postgres.credentials(), thousand);
    } else {
      System.out.println("PostgreSQL: not measured (GPUBENCH_PG_URL unset)");
    }
    page(work);
    changePoints();
  }

  private static void publishTimes(String name, StoreLocation at, Credentials c, RunResult model) {
    HistoryStore store = HistoryStore.open(at, c, Duration.ofSeconds(60));
    double[] ms = new double[7];
    for (int i = 0; i < ms.length; i++) {
      RunResult r = Runs.rerun(model, model.runId() + "-" + i, Instant.parse("2026-11-01T00:00:00Z")
          .plusSeconds(60L * i), 1.0);
      RunRecord rec = RunRecord.of(r, true, null, r.cases().size(), Provenance.UNKNOWN, "results");
      long t0 = System.nanoTime();
      store.publish(rec);
      ms[i] = (System.nanoTime() - t0) / 1e6;
    }
    double[] sorted = ms.clone();
    Arrays.sort(sorted);
    System.out.printf(Locale.ROOT, "publish a %d-case run into %s: median %.0f ms of %d publishes (min %.0f, max "
        + "%.0f; the first %.0f, which also warms the JIT)%n", model.cases().size(), name, sorted[sorted.length / 2],
        ms.length, sorted[0], sorted[sorted.length - 1], ms[0]);
  }

  private static void page(Path work) throws Exception {
    Path db = work.resolve("page-500x200.db");
    Files.deleteIfExists(db);
    HistoryStore store = HistoryStore.open(StoreLocation.sqlite(db), Credentials.NONE, Duration.ofSeconds(60));
    RunResult model = wide(200, "page");
    Random r = new Random(5);
    long t0 = System.nanoTime();
    for (int i = 0; i < 500; i++) {
      double f = Math.exp(0.02 * r.nextGaussian()) * (i >= 350 ? 1.15 : 1.0);
      RunResult run = Runs.rerun(model, "page-run-" + i, Instant.parse("2026-01-01T00:00:00Z").plusSeconds(3600L * i),
          f);
      store.publish(RunRecord.of(run, true, null, 200, new Provenance(String.format("%040x", i * 7919L), "main",
          false, "github", String.valueOf(i), "https://ci.example/" + i), "results"));
    }
    double fill = (System.nanoTime() - t0) / 1e9;
    long t1 = System.nanoTime();
    History h = History.read(store, SeriesQuery.all(), ChangePointDetector.DEFAULT);
    double read = (System.nanoTime() - t1) / 1e9;
    Path page = work.resolve("history-500x200.html");
    long t2 = System.nanoTime();
    HistoryPage.write(h, 10, CaseComparator.DEFAULT, page);
    double write = (System.nanoTime() - t2) / 1e9;
    System.out.printf(Locale.ROOT, "history page of 500 runs x 200 cases: %.1f MB; store filled in %.1f s (500 "
        + "publishes), read with change points in %.1f s (%d change points), page built in %.1f s%n",
        Files.size(page) / 1e6, fill, read, h.changes().size(), write);
    Optional<Path> exe = Chromium.find();
    if (exe.isEmpty()) {
      System.out.println("page in Chromium: not measured (" + Chromium.absenceReason() + ")");
      return;
    }
    try (Chromium browser = Chromium.start(exe.get())) {
      List<Double> seconds = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        long t = System.nanoTime();
        ReportPage p = ReportPage.open(browser.devTools(), page);
        seconds.add((System.nanoTime() - t) / 1e9);
        if (!p.exceptions().isEmpty() || !p.consoleErrors().isEmpty()) {
          throw new IllegalStateException("the page failed: " + p.exceptions() + p.consoleErrors());
        }
      }
      System.out.printf(Locale.ROOT, "page in headless Chromium, from navigation to the trend chart drawn: %s s "
          + "(3 loads in one browser)%n", seconds.stream().map(s -> String.format(Locale.ROOT, "%.2f", s)).toList());
    }
  }

  private static void changePoints() {
    Random r = new Random(9);
    List<double[]> series = new ArrayList<>();
    for (int s = 0; s < 200; s++) {
      double[] z = new double[500];
      double level = Math.log(1000 + r.nextInt(10_000));
      for (int i = 0; i < z.length; i++) {
        if (i > 0 && r.nextInt(150) == 0) {
          level += Math.log(1.1 + 0.3 * r.nextDouble());
        }
        z[i] = level + 0.03 * r.nextGaussian();
      }
      series.add(z);
    }
    for (int round = 0; round < 2; round++) {
      long t = System.nanoTime();
      int found = 0;
      for (double[] z : series) {
        found += ChangePointDetector.DEFAULT.detect(z).size();
      }
      System.out.printf(Locale.ROOT, "change-point detection over 200 series of 500 points: %.2f s (%s, %d change "
          + "points)%n", (System.nanoTime() - t) / 1e9, round == 0 ? "first pass, JIT cold" : "second pass", found);
    }
  }

  // A run of n cases: the 25 recorded CPU cases, each repeated under ids of their own.
  private static RunResult wide(int n, String runId) {
    RunResult model = Runs.recorded("cpu-run-a");
    List<CaseResult> cases = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      CaseResult c = model.cases().get(i % model.cases().size());
      cases.add(new CaseResult(c.id().replace("#", "#v" + i + "_"), c.benchmark(), c.workload(),
          c.displayName() + " #" + i, c.backend(), c.precision(), c.shape(), c.status(), c.message(), c.timing(),
          c.correctness(), c.throughput(), c.telemetry(), c.memory(), c.metrics(), c.audit(), c.worldSize(),
          c.flags()));
    }
    return new RunResult(RunResult.SCHEMA, runId, model.startedAt(), model.finishedAt(), model.environment(), cases);
  }
}
