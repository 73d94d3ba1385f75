package io.gpubench.examples.gpuinsights;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.gpubench.api.BackendId;
import io.gpubench.api.Precision;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Environment;
import io.gpubench.api.result.RunResult;
import io.gpubench.api.result.Throughput;
import io.gpubench.results.ResultsFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class GpuInsightsExportTest {

  private static final Environment ENV = new Environment("host", "Linux 6.1.0-18-amd64", "amd64",
      "Intel(R) Xeon(R) CPU @ 2.20GHz", 2, 24L << 30, "OpenJDK 17", "0.1.0", null, Map.of(), List.of(), Map.of());

  private static CaseResult result(String model, Precision precision, int batch, CaseStatus status, double rate) {
    Throughput t = new Throughput((double) batch, rate, null, null, null, null, null, null, null, null);
    return new CaseResult("id", "Bench", model, model, BackendId.parse("cpu"), precision, Map.of("batch", (long) batch), status,
        null, null, null, t, null, null, Map.of());
  }

  private static RunResult run(CaseResult... cases) {
    return new RunResult(RunResult.SCHEMA, "r", "s", "f", ENV, List.of(cases));
  }

  @Test
  void scoreIsThroughputTimesEpochsOverTenTimesHundred() {
    assertThat(GpuInsightsScore.score(1234.5, 5)).isCloseTo(61_725.0, within(1e-9));
    assertThat(GpuInsightsScore.score(100, 10)).isCloseTo(10_000.0, within(1e-9));
    assertThatThrownBy(() -> GpuInsightsScore.score(Double.NaN, 5)).hasMessageContaining("NaN");
    assertThatThrownBy(() -> GpuInsightsScore.score(1, 0)).hasMessageContaining("got 0");
  }

  @Test
  void onePassedEntryPerModelWithScoresAndBatchSizes() {
    List<GpuInsightsEntry> entries = GpuInsightsExport.entries(run(
        result("resnet50", Precision.FP32, 64, CaseStatus.PASSED, 200.0),
        result("resnet50", Precision.FP16, 128, CaseStatus.PASSED, 300.0),
        result("resnet50", Precision.BF16, 128, CaseStatus.SKIPPED, 0),
        result("vit", Precision.FP32, 2, CaseStatus.PASSED, 1.5),
        result("vit", Precision.FP16, 2, CaseStatus.SKIPPED, 0),
        result("unet", Precision.FP32, 2, CaseStatus.ERROR, 0),
        result("matmul", Precision.FP32, 2, CaseStatus.PASSED, 9)), "cpu", 5, LocalDate.of(2026, 11, 30), "gpubench");
    assertThat(entries).hasSize(2);
    GpuInsightsEntry resnet = entries.get(0);
    assertThat(resnet.model()).isEqualTo("resnet50");
    assertThat(resnet.fp32()).isEqualTo(10_000L);
    assertThat(resnet.fp32bs()).isEqualTo(64);
    assertThat(resnet.fp16()).isEqualTo(15_000L);
    assertThat(resnet.fp16bs()).isEqualTo(128);
    assertThat(resnet.vendor()).isEqualTo("intel");
    assertThat(resnet.platform()).isEqualTo("Linux 6.1");
    assertThat(resnet.memory()).isEqualTo("24GB");
    assertThat(resnet.date()).isEqualTo("2026.11.30");
    assertThat(resnet.version()).isEqualTo("ver2");
    GpuInsightsEntry vit = entries.get(1);
    assertThat(vit.fp32()).isEqualTo(75L);
    assertThat(vit.fp16()).isNull();
    assertThat(vit.fp16bs()).isZero();
  }

  @Test
  void jsonHasEveryFieldOfTheTableWithNullsKept() {
    GpuInsightsEntry entry = new GpuInsightsEntry("cnn", "unknown", "x", "d", "", "Linux 6.1", 10L, 4, null, 0, "",
        "2026.1.5", "ver2");
    JsonNode node = ResultsFile.mapper().readTree(GpuInsightsExport.toJson(List.of(entry))).get(0);
    assertThat(node.propertyNames()).containsExactly("model", "vendor", "architecture", "device", "memory",
        "platform", "fp32", "fp32bs", "fp16", "fp16bs", "note", "date", "version");
    assertThat(node.get("fp16").isNull()).isTrue();
  }

  @Test
  void entriesTheTableWouldRejectAreRejectedHere() {
    assertThatThrownBy(() -> new GpuInsightsEntry("gemm", "nvidia", "", "", "", "", 1L, 1, null, 0, "", "2026.1.5",
        "ver2")).hasMessageContaining("model 'gemm'");
    assertThatThrownBy(() -> new GpuInsightsEntry("cnn", "acme", "", "", "", "", 1L, 1, null, 0, "", "2026.1.5",
        "ver2")).hasMessageContaining("vendor 'acme'");
    assertThatThrownBy(() -> new GpuInsightsEntry("cnn", "nvidia", "", "", "", "", 1L, 1, null, 0, "", "2026-01-05",
        "ver2")).hasMessageContaining("date '2026-01-05'");
  }

  @Test
  void mergeReplacesTheSameDeviceAndAppendsOthers(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("benchmark-data.json");
    Files.writeString(file, """
        {"metadata": {"lastUpdated": "2026-04-13", "version": "3.1"}, "models": {},
         "benchmarks": [
          {"vendor": "intel", "architecture": "amd64", "device": "cpu0", "memory": "24GB", "platform": "Linux 6.1",
           "fp32": 1, "fp32bs": 1, "fp16": null, "fp16bs": 0, "note": "old", "date": "2025.1.1", "version": "ver1",
           "model": "cnn"},
          {"vendor": "nvidia", "architecture": "Hopper", "device": "H100", "memory": "80GB", "platform": "Linux",
           "fp32": 5, "fp32bs": 0, "fp16": 6, "fp16bs": 0, "note": "", "date": "2025.1.1", "version": "ver2",
           "model": "cnn"}]}
        """);
    GpuInsightsEntry same = new GpuInsightsEntry("cnn", "intel", "amd64", "cpu0", "24GB", "Linux 6.1", 99L, 8, null,
        0, "new", "2026.11.30", "ver2");
    GpuInsightsEntry other = new GpuInsightsEntry("vit", "intel", "amd64", "cpu0", "24GB", "Linux 6.1", 3L, 2, null,
        0, "new", "2026.11.30", "ver2");
    GpuInsightsExport.mergeInto(file, List.of(same, other), LocalDate.of(2026, 11, 30));
    JsonNode root = ResultsFile.mapper().readTree(Files.readString(file));
    assertThat(root.get("benchmarks")).hasSize(3);
    assertThat(root.get("benchmarks").get(0).get("fp32").asLong()).isEqualTo(99);
    assertThat(root.get("benchmarks").get(1).get("device").asString()).isEqualTo("H100");
    assertThat(root.get("benchmarks").get(2).get("model").asString()).isEqualTo("vit");
    assertThat(root.get("metadata").get("lastUpdated").asString()).isEqualTo("2026-11-30");
  }

  @Test
  void mergeRefusesAnotherVersionNamingTheFile(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("old.json");
    Files.writeString(file, "{\"metadata\": {\"version\": \"2.0\"}, \"benchmarks\": []}");
    assertThatThrownBy(() -> GpuInsightsExport.mergeInto(file, List.of(), LocalDate.of(2026, 1, 1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("old.json")
        .hasMessageContaining("'2.0'");
  }
}
