package io.gpubench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.api.AxisValue;
import io.gpubench.api.BackendId;
import io.gpubench.api.Better;
import io.gpubench.api.CacheMode;
import io.gpubench.api.CheckMetric;
import io.gpubench.api.Precision;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Check;
import io.gpubench.api.result.Correctness;
import io.gpubench.api.result.Environment;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.KernelAudit;
import io.gpubench.api.result.Metric;
import io.gpubench.api.result.RunResult;
import io.gpubench.api.result.Statistics;
import io.gpubench.api.result.StopReason;
import io.gpubench.api.result.Timing;
import io.gpubench.api.result.Trial;
import io.gpubench.results.compare.ReportFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

public class ResultsFileTest {
  @TempDir Path dir;

  public static RunResult sampleRun() {
    var stats = new Statistics(3, 11, 11, 10, 12, 1, 12, 12, 0.95, 8.5157, 13.4843);
    Timing timing = new Timing(null, CacheMode.HOT, 2, 1, 50, List.of(new Trial(10, null), new Trial(11, null),
        new Trial(12, null)), stats, null, StopReason.MAX_TRIALS, "±x after 3 trials", 0.001);
    ErrorStats exact = ErrorStats.fromSums(4, 0, 0, 0, 4, 2);
    Correctness correctness = new Correctness(Precision.FP64, exact,
        List.of(new Check(CheckMetric.PSNR_DB, exact.psnrDb(), 40, true)), null, 2, true, true);
    CaseResult c = new CaseResult("a.B#w[n=4][FP32][cpu]", "a.B", "w", "w [4, FP32, cpu]", BackendId.parse("cpu"), Precision.FP32,
        Map.of("n", 4L), CaseStatus.PASSED, null, timing, correctness, null, null, null, Map.of("samplesPerSecond", new Metric(3.5, "samples/s", Better.HIGHER)));
    Environment env = new Environment("h", "Linux", "amd64", "cpu", 2, 1L << 30, "jvm", "0.1", null, Map.of("djl", "0.36.0"),
        List.of(), Map.of());
    return new RunResult(RunResult.SCHEMA, "id", "2026-01-01T00:00:00Z", "2026-01-01T00:01:00Z", env, List.of(c));
  }

  @Test
  void roundTripsARunIncludingAnInfinitePsnr() throws Exception {
    Path file = dir.resolve("sub/results.json");
    ResultsFile.write(sampleRun(), file);

    RunResult back = ResultsFile.read(file);

    assertThat(back).isEqualTo(sampleRun());
    assertThat(back.cases().get(0).correctness().error().psnrDb()).isInfinite();
    assertThat(dir.resolve("sub").toFile().list()).containsExactly("results.json");
    assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-r--r--");
  }

  /** Each telemetry sample's device memory of the process round-trips; a sample written before it reads as null. */
  @Test
  void aTelemetrySamplesProcessMemoryRoundTripsAndOldSamplesReadWithoutIt() throws Exception {
    Path file = dir.resolve("memory.json");
    RunResult run = ReportFixtures.memoryRun();
    ResultsFile.write(run, file);

    RunResult back = ResultsFile.read(file);

    assertThat(back).isEqualTo(run);
    var timeline = back.cases().get(0).telemetry().timeline();
    assertThat(timeline.get(0).processMemoryBytes()).isEqualTo(540L << 20);
    assertThat(timeline.get(30).processMemoryBytes()).isNull();
    // Absent, not null, where there is none: a reader of the file never meets a null.
    assertThat(Files.readString(file)).contains("\"processMemoryBytes\" : " + (553L << 20))
        .doesNotContain("\"processMemoryBytes\" : null");
    var old = ResultsFile.mapper().readValue("{\"millis\": 20.0, \"smClockMhz\": 1980.0, \"powerWatts\": 450.0}",
        io.gpubench.api.result.TelemetrySample.class);
    assertThat(old.processMemoryBytes()).isNull();
    assertThat(old.smClockMhz()).isEqualTo(1980.0);
  }

  @Test
  void theWarmUpTheDiscardedTrialsTheForksAndTheFlagsRoundTripAndOldFilesReadWithoutThem() throws Exception {
    RunResult sample = sampleRun();
    CaseResult c = sample.cases().get(0);
    Timing t = c.timing();
    var warm = new io.gpubench.api.result.Warmup(io.gpubench.api.result.WarmupEnd.STEADY, "steady after 5 rounds", 0.4,
        5);
    var fork = new io.gpubench.api.result.ForkTiming(3, 1, t.host(), StopReason.MAX_TRIALS, "fork detail", warm, 0.01);
    Timing full = new Timing(null, null, null, CacheMode.HOT, 2, 1000, 50, t.trials(), t.host(), null, null,
        StopReason.MAX_TRIALS, "across forks", 0.02, warm, 2, List.of(fork, fork));
    CaseResult flagged = new CaseResult(c.id(), c.benchmark(), c.workload(), c.displayName(), c.backend(),
        c.precision(), c.shape(), c.status(), null, full, c.correctness(), null, null, null, c.metrics(), null, null,
        List.of(new io.gpubench.api.result.Flag("trending", "the last third ...")));
    RunResult run = new RunResult(sample.schema(), sample.runId(), sample.startedAt(), sample.finishedAt(),
        sample.environment(), List.of(flagged));
    Path file = dir.resolve("full.json");

    ResultsFile.write(run, file);

    assertThat(ResultsFile.read(file)).isEqualTo(run);
    assertThat(Files.readString(file)).contains("\"end\" : \"STEADY\"", "\"discardedTrials\" : 2", "\"code\" : \"trending\"");
    Path old = dir.resolve("old.json");
    ResultsFile.write(sample, old);
    Files.writeString(old, Files.readString(old).replaceAll(",\\s*\"(discardedTrials|forks|flags)\" : (0|\\[ \\])", ""));
    Timing back = ResultsFile.read(old).cases().get(0).timing();
    assertThat(back.warmup()).isNull();
    assertThat(back.discardedTrials()).isZero();
    assertThat(back.forks()).isEmpty();
    assertThat(ResultsFile.read(old).cases().get(0).flags()).isEmpty();
  }

  @Test
  void kernelAuditsFlagsAndSkippedAuditsSurviveTheRoundTrip() throws Exception {
    RunResult run = ReportFixtures.h200RunAudited();
    List<CaseResult> cases = new java.util.ArrayList<>(run.cases());
    cases.set(1, cases.get(1).withFlag(new Flag("profiled", "a JFR recording ran during the trials")));
    run = new RunResult(run.schema(), run.runId(), run.startedAt(), run.finishedAt(), run.environment(), cases);
    Path file = dir.resolve("results.json");
    ResultsFile.write(run, file);

    RunResult back = ResultsFile.read(file);

    assertThat(back).isEqualTo(run);
    assertThat(back.cases().get(0).audit().kernels().get(0).library()).isEqualTo(KernelAudit.Library.CUBLASLT);
    assertThat(back.cases().get(2).audit().skipReason()).isEqualTo(ReportFixtures.AUDIT_REFUSED);
    assertThat(back.cases().get(1).flagged("profiled")).isTrue();
    JsonNode json = ResultsFile.mapper().readTree(Files.readString(file));
    JsonNode audit = json.get("cases").get(0).get("audit");
    assertThat(audit.get("kernels").get(0).get("library").asString()).isEqualTo("CUBLASLT");
    assertThat(audit.get("kernels").get(0).get("method").asString()).isEqualTo("STACK");
    assertThat(audit.has("skipReason")).as("absent fields are omitted").isFalse();
    assertThat(audit.has("skipped")).as("derived, not a field").isFalse();
    assertThat(json.get("cases").get(2).get("audit").has("kernels")).isTrue();
    assertThat(json.get("cases").get(3).has("audit")).as("a case without an audit").isFalse();
  }

  @Test
  void axesOfEveryKindAndTheOverriddenOnesRoundTripWithTheirKindInTheJsonToken() throws Exception {
    CaseResult base = sampleRun().cases().get(0);
    Map<String, AxisValue> shape = new java.util.LinkedHashMap<>();
    shape.put("n", AxisValue.whole(4096));
    shape.put("alpha", AxisValue.real(1.0));
    shape.put("layout", AxisValue.name("col"));
    CaseResult c = new CaseResult(base.id(), base.benchmark(), base.workload(), base.displayName(), base.backend(),
        base.precision(), shape, base.status(), null, base.timing(), base.correctness(), null, null, null,
        base.metrics(), null, null, List.of(), Map.of("layout", "gpubench.axes.layout"));
    RunResult run = new RunResult(RunResult.SCHEMA, "id", "s", "f", sampleRun().environment(), List.of(c, base));
    Path file = dir.resolve("results.json");
    ResultsFile.write(run, file);

    assertThat(ResultsFile.read(file)).isEqualTo(run);
    JsonNode json = ResultsFile.mapper().readTree(Files.readString(file));
    JsonNode axes = json.get("cases").get(0).get("shape");
    assertThat(axes.get("n").isIntegralNumber()).isTrue();
    assertThat(axes.get("alpha").isFloatingPointNumber()).as("1.0 stays real").isTrue();
    assertThat(axes.get("layout").asString()).isEqualTo("col");
    assertThat(json.get("cases").get(0).get("axisOverrides").get("layout").asString()).isEqualTo("gpubench.axes.layout");
    assertThat(json.get("cases").get(1).has("axisOverrides")).as("only where the run overrode an axis").isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {RunResult.SCHEMA_3, RunResult.SCHEMA_2})
  void aFileOfAnEarlierSchemaReadsAsTheCurrentOne(String earlier) throws Exception {
    Path file = dir.resolve("old.json");
    ResultsFile.write(sampleRun(), file);
    Files.writeString(file, Files.readString(file).replace(RunResult.SCHEMA, earlier));

    RunResult back = ResultsFile.read(file);

    assertThat(back.schema()).isEqualTo(RunResult.SCHEMA);
    assertThat(back.cases()).isEqualTo(sampleRun().cases());
    assertThat(back.cases().get(0).shape()).containsExactly(Map.entry("n", AxisValue.whole(4)));
    assertThat(back.cases().get(0).axisOverrides()).isEmpty();
  }

  @Test
  void aFileWithoutTheSchemaIdIsRefusedWithTheFileAndReason() throws Exception {
    Path file = dir.resolve("r.json");
    Files.writeString(file, "{\"cases\": []}");
    assertThatThrownBy(() -> ResultsFile.read(file))
        .isInstanceOf(ResultsFile.InvalidResultsException.class)
        .hasMessage(file + " has no \"schema\" field: not a gpubench results file");

    Files.writeString(file, "{\"schema\": \"gpubench-results/99\"}");
    assertThatThrownBy(() -> ResultsFile.read(file))
        .hasMessage(file + " has schema \"gpubench-results/99\"; this version reads \"gpubench-results/4\"");

    Files.writeString(file, "{\"schema\": \"gpubench-results/2\", \"cases\": [ {\"status\": ");
    assertThatThrownBy(() -> ResultsFile.read(file)).hasMessageStartingWith(file + " is not valid JSON: ");

    assertThatThrownBy(() -> ResultsFile.read(dir.resolve("missing.json"))).hasMessageEndingWith("missing.json no such file");
  }

  @Test
  void aFileWithAFieldMissingNamesTheFieldNotAJavaException() throws Exception {
    Path file = dir.resolve("r.json");
    ResultsFile.write(ReportFixtures.h200Run(), file);
    tools.jackson.databind.node.ObjectNode root = (tools.jackson.databind.node.ObjectNode)
        ResultsFile.mapper().readTree(Files.readString(file));
    ((tools.jackson.databind.node.ObjectNode) root.get("cases").get(1)).remove("shape");
    Files.writeString(file, ResultsFile.mapper().writeValueAsString(root));
    assertThatThrownBy(() -> ResultsFile.read(file))
        .hasMessage(file + " does not match schema " + RunResult.SCHEMA + ": cases[1].shape is missing or null")
        .hasMessageNotContaining("NullPointer").hasMessageNotContaining("\"m\"");

    ((tools.jackson.databind.node.ObjectNode) root.get("cases").get(1)).put("shape", 7);
    Files.writeString(file, ResultsFile.mapper().writeValueAsString(root));
    assertThatThrownBy(() -> ResultsFile.read(file)).hasMessageContaining("cases[1].shape cannot be read");

    ((tools.jackson.databind.node.ObjectNode) root.get("cases").get(1)).putObject("shape");
    ((tools.jackson.databind.node.ObjectNode) root.get("cases").get(0)).remove("status");
    Files.writeString(file, ResultsFile.mapper().writeValueAsString(root));
    assertThatThrownBy(() -> ResultsFile.read(file))
        .hasMessage(file + " does not match schema " + RunResult.SCHEMA + ": cases[0].status is missing");
  }
}
