package io.gpubench.history.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.result.RunResult;
import io.gpubench.history.store.Credentials;
import io.gpubench.history.store.HistoryStore;
import io.gpubench.history.store.RunReader;
import io.gpubench.history.store.StoreLocation;
import io.gpubench.history.series.RunInfo;
import io.gpubench.history.support.Runs;
import io.gpubench.history.support.SampleHistory;
import io.gpubench.results.ResultsFile;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The command line for machines without Maven: backfill of results files, journals and a baseline file; the change
 * points, accepting one, the page and the summary; the JMH-format export as JMH's readers take it; and the exit status
 * and message of a wrong command line.
 */
class HistoryMainTest {

  @TempDir
  Path dir;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    out.reset();
    err.reset();
    HistoryMain main = new HistoryMain(new PrintStream(out, true, StandardCharsets.UTF_8), Map.of(), dir);
    return main.run(List.of(args), new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  private Path copy(String resource, String name) throws Exception {
    Path p = dir.resolve(name);
    try (var in = getClass().getResourceAsStream(resource)) {
      Files.write(p, in.readAllBytes());
    }
    return p;
  }

  @Test
  void importBackfillsResultsFilesJournalsAndABaselineFileOnce() throws Exception {
    Path results = copy("/recorded/cpu-run-a.json", "results.json");
    RunResult b = Runs.recorded("cpu-run-b");
    Path journal = Runs.journal(b, dir.resolve("out"), -1);
    Path baseline = copy("/recorded/gpubench-baseline.json", "gpubench-baseline.json");

    assertThat(run("import", "--history", "history.db", "--branch", "main", "results.json",
        dir.relativize(journal).toString(), "gpubench-baseline.json")).as(err()).isZero();
    String first = out();
    assertThat(run("import", "--history", "history.db", "--branch", "main", "results.json",
        dir.relativize(journal).toString(), "gpubench-baseline.json")).isZero();

    assertThat(first).contains("published: run " + ResultsFile.read(results).runId())
        .contains("published: run " + b.runId());
    assertThat(out()).doesNotContain("published: run").contains("already there");
    HistoryStore store = HistoryStore.open(StoreLocation.sqlite(dir.resolve("history.db")), Credentials.NONE,
        Duration.ofSeconds(5));
    List<RunInfo> runs = RunReader.runs(store);
    assertThat(runs).filteredOn(r -> r.source().equals("baseline")).isNotEmpty()
        .allSatisfy(r -> assertThat(r.branch()).isEqualTo("main"));
    assertThat(runs).filteredOn(r -> r.source().equals("journal")).singleElement()
        .satisfies(r -> assertThat(r.complete()).isTrue());
    assertThat(runs).filteredOn(r -> r.source().equals("baseline")).extracting(RunInfo::runId)
        .contains("it-run-11");
    RunInfo fromBaseline = runs.stream().filter(r -> r.source().equals("baseline")).findFirst().orElseThrow();
    var cases = RunReader.run(store, fromBaseline.runId()).orElseThrow().cases();
    assertThat(cases).isNotEmpty().allSatisfy(c -> {
      assertThat(c.flags()).anySatisfy(f -> assertThat(f.code()).isEqualTo("imported"));
      assertThat(c.timing().trials()).isNotEmpty();
    });
  }

  @Test
  void aBaselineFileOfSeveralRunsBecomesOneRunEachWithItsFlagsAndCommit() throws Exception {
    copy("/recorded/gpubench-baseline-v2.json", "b2.json");
    assertThat(run("import", "--history", "b2.db", "--branch", "main", "b2.json")).as(err()).isZero();
    HistoryStore store = HistoryStore.open(StoreLocation.sqlite(dir.resolve("b2.db")), Credentials.NONE,
        Duration.ofSeconds(5));
    assertThat(RunReader.runs(store)).extracting(RunInfo::runId).containsExactly("v2-run-1", "v2-run-2");
    assertThat(RunReader.runs(store)).extracting(RunInfo::commit).containsExactly("feedc0de0", "feedc0de1");
    var second = RunReader.run(store, "v2-run-2").orElseThrow();
    assertThat(second.cases()).hasSize(2);
    assertThat(second.cases().get(0).flags()).anySatisfy(f -> {
      assertThat(f.code()).isEqualTo("throttled");
      assertThat(f.detail()).isEqualTo("throttled (HW_SLOWDOWN)");
    });
    assertThat(second.testbed()).isEqualTo("cpu: AMD EPYC 7B13");
  }

  @Test
  void changesAcceptPageAndSummaryWorkFromTheCommandLine() throws Exception {
    HistoryStore store = HistoryStore.open(StoreLocation.sqlite(dir.resolve("h.db")), Credentials.NONE,
        Duration.ofSeconds(5));
    SampleHistory.fill(store, 30, 18);

    assertThat(run("changes", "--history", "h.db")).as(err()).isZero();
    // 25 CPU cases with the bytes a call allocates, and 16 H200 ones, the 15 that passed with their device memory.
    assertThat(out()).contains("6 change points in 41 cases (81 series: time and memory)").contains("run-18")
        .contains("+");
    assertThat(out()).contains(SampleHistory.GROWING + "\tcpu: AMD EPYC\tallocatedBytesPerCall\trun run-17\t")
        .contains("+100.1% more memory\t16.02 KiB → 32.06 KiB");
    String line = out().lines().filter(l -> l.contains("rows=16,cols=64")).findFirst().orElseThrow();
    String caseId = line.split("\t")[1];
    String testbed = line.split("\t")[2];

    assertThat(run("accept", "--history", "h.db", "--case", caseId, "--testbed", testbed, "--run", "run-18",
        "--reason", "the softmax now normalises twice, on purpose", "--by", "test")).as(err()).isZero();
    assertThat(out()).contains("accepted: " + caseId + " from run run-18 on");
    assertThat(run("accept", "--history", "h.db", "--case", caseId, "--testbed", testbed, "--run", "run-99"))
        .isEqualTo(2);
    assertThat(err()).contains("holds no run run-99 of case " + caseId);

    assertThat(run("summary", "--history", "h.db", "--commits", "15", "--out", "changed.md")).isZero();
    assertThat(out()).contains("## gpubench history: what changed").contains("6 change points in the last 15 commits")
        .contains("4 slower, 1 with more memory and not accepted").contains("yes: the softmax now normalises twice, on purpose");
    assertThat(Files.readString(dir.resolve("changed.md"))).isEqualTo(out());

    assertThat(run("page", "--history", "h.db", "--out", "page/history.html")).as(err()).isZero();
    assertThat(Files.readString(dir.resolve("page/history.html"))).contains("Content-Security-Policy")
        .contains("the softmax now normalises twice");
  }

  @Test
  void exportJmhWritesOneJmhResultFilePerRunAsJmhComputesItsScore() throws Exception {
    HistoryStore store = HistoryStore.open(StoreLocation.sqlite(dir.resolve("h.db")), Credentials.NONE,
        Duration.ofSeconds(5));
    SampleHistory.fill(store, 6, 100);
    String cpu = RunReader.run(store, "run-0").orElseThrow().testbed();

    assertThat(run("export-jmh", "--history", "h.db", "--out", "jmh", "--case", "*Softmax*", "--branch", "main",
        "--testbed", cpu, "--last", "3")).as(err()).isZero();

    List<Path> files;
    try (Stream<Path> s = Files.list(dir.resolve("jmh"))) {
      files = new ArrayList<>(s.sorted().toList());
    }
    assertThat(files).hasSize(3);
    assertThat(files.get(0).getFileName().toString()).startsWith("0001-2026-10-01T030000Z-")
        .endsWith(SampleHistory.commit(3).substring(0, 10) + ".json");
    JsonNode doc = ResultsFile.mapper().readTree(Files.readString(files.get(2)));
    assertThat(doc.isArray()).isTrue();
    assertThat(doc.size()).isEqualTo(5);
    JsonNode e = doc.get(0);
    assertThat(e.get("benchmark").asString()).isEqualTo("io.gpubench.maven.noise.NoiseSoftmaxBenchmark.run");
    assertThat(e.get("mode").asString()).isEqualTo("avgt");
    assertThat(e.get("params").get("rows").asString()).isEqualTo("16");
    assertThat(e.get("params").get("precision").asString()).isEqualTo("FP32");
    JsonNode m = e.get("primaryMetric");
    assertThat(m.get("scoreUnit").asString()).isEqualTo("ns/op");
    double[] raw = new double[0];
    for (JsonNode fork : m.get("rawData")) {
      for (JsonNode v : fork) {
        raw = Arrays.copyOf(raw, raw.length + 1);
        raw[raw.length - 1] = v.asDouble();
      }
    }
    assertThat(raw.length).isEqualTo(e.get("measurementIterations").asInt());
    assertThat(m.get("score").asDouble()).isCloseTo(Arrays.stream(raw).average().orElseThrow(),
        org.assertj.core.data.Offset.offset(1e-6));
    assertThat(m.get("scoreError").asDouble()).isPositive();
    assertThat(m.get("scorePercentiles").get("50.0").asDouble()).isBetween(m.get("scorePercentiles").get("0.0")
        .asDouble(), m.get("scorePercentiles").get("100.0").asDouble());
  }

  @Test
  void aWrongCommandLineExitsWith2NamingWhatIsWrong() {
    assertThat(run("publish", "--histroy", "h.db", "x")).isEqualTo(2);
    assertThat(err()).contains("unknown option --histroy");
    assertThat(run("frobnicate")).isEqualTo(2);
    assertThat(err()).contains("unknown command frobnicate");
    assertThat(run("runs", "--history", "absent.db")).isEqualTo(1);
    assertThat(err()).contains("does not exist: publish runs into it first");
    assertThat(dir.resolve("absent.db")).doesNotExist();
  }

}
