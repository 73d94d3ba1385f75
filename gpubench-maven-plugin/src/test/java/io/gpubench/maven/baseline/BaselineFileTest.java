package io.gpubench.maven.baseline;

import static io.gpubench.maven.Fixtures.gemm;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.api.Precision;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.RunResult;
import io.gpubench.maven.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class BaselineFileTest {

  @TempDir Path dir;

  private final RunResult cpuRun = Fixtures.run(Fixtures.cpuMachine(),
      gemm(256, Precision.FP32, "cpu", 100, 110, 120),
      Fixtures.ended("io.x.GemmBenchmark#matmul[m=9][FP32][cpu]", CaseStatus.FAILED, "tolerance"));

  @Test
  void aRecordingRoundTripsWithItsSamplesAndLeavesFailedCasesOut() {
    BaselineRecorder.Recording rec = BaselineRecorder.record(cpuRun);
    assertThat(rec.leftOut()).containsExactly("io.x.GemmBenchmark#matmul[m=9][FP32][cpu] (FAILED)");
    Path file = dir.resolve("sub/baseline.json");
    BaselineFile.write(BaselineSet.empty().with(rec.baseline(), false), file);

    BaselineSet read = BaselineFile.read(file);
    assertThat(read.schema()).isEqualTo(BaselineSet.SCHEMA);
    EnvironmentBaseline env = read.environments().get(0);
    assertThat(env.key()).isEqualTo("cpu: AMD EPYC 7B13");
    assertThat(env.details()).containsEntry("library djl", "0.36.0");
    BaselineCase c = env.cases().get(0);
    assertThat(c.samplesNanos()).containsExactly(100.0, 110.0, 120.0);
    assertThat(c.clock()).isEqualTo("host");
    assertThat(c.medianNanos()).isEqualTo(110.0);
    assertThat(c.runId()).isEqualTo("run-1");
    assertThat(c.gitRevision()).isEqualTo("abc123");
  }

  @Test
  void oneFileHoldsSeveralEnvironmentsAndMergesCaseByCase() {
    RunResult h200 = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "550.54"),
        gemm(256, Precision.FP16, "cuda:0", 10, 11, 12), gemm(512, Precision.FP16, "cuda:0", 80, 81, 82));
    RunResult h200Again = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "560.10"),
        gemm(256, Precision.FP16, "cuda:0", 20, 21, 22));
    BaselineSet set = BaselineSet.empty()
        .with(BaselineRecorder.record(cpuRun).baseline(), false)
        .with(BaselineRecorder.record(h200).baseline(), false)
        .with(BaselineRecorder.record(h200Again).baseline(), false);

    assertThat(set.environments()).extracting(EnvironmentBaseline::key)
        .containsExactly("cpu: AMD EPYC 7B13", "cpu: AMD EPYC 7B13 + cuda: NVIDIA H200");
    EnvironmentBaseline gpu = set.find("cpu: AMD EPYC 7B13 + cuda: NVIDIA H200").orElseThrow();
    assertThat(gpu.details()).containsEntry("NVIDIA H200 driver", "560.10");
    assertThat(gpu.find(Fixtures.gemmId(256, Precision.FP16, "cuda:0")).orElseThrow().samplesNanos())
        .containsExactly(20.0, 21.0, 22.0);
    assertThat(gpu.find(Fixtures.gemmId(512, Precision.FP16, "cuda:0"))).isPresent();

    BaselineSet replaced = set.with(BaselineRecorder.record(h200Again).baseline(), true);
    assertThat(replaced.find(gpu.key()).orElseThrow().cases()).hasSize(1);
    assertThat(replaced.environments()).hasSize(2);
  }

  @Test
  void aNewDriverIsASoftwareChangeThatForbidsMerging() {
    RunResult then = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "550.54"), gemm(256, Precision.FP16, "cuda:0", 1, 2));
    RunResult now = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "560.10"), gemm(512, Precision.FP16, "cuda:0", 1, 2));
    BaselineSet set = BaselineSet.empty().with(BaselineRecorder.record(then).baseline(), false);
    EnvironmentBaseline newer = BaselineRecorder.record(now).baseline();
    assertThat(set.softwareChanges(newer, List.of())).containsExactly("NVIDIA H200 driver: 550.54 -> 560.10");
    assertThat(set.softwareChanges(newer, List.of("*driver"))).isEmpty();
    assertThat(BaselineSet.empty().softwareChanges(newer, List.of())).isEmpty();
  }

  @Test
  void aMissingFileIsNamed() {
    Path file = dir.resolve("none.json");
    assertThatThrownBy(() -> BaselineFile.read(file))
        .isInstanceOf(InvalidBaselineException.class).hasMessage("baseline " + file + " does not exist");
  }

  @Test
  void corruptJsonIsNamedWithTheFileAndTheParserReason() throws Exception {
    Path file = Files.writeString(dir.resolve("b.json"), "{\"schema\": \"gpubench-baseline/1\", \"environ");
    assertThatThrownBy(() -> BaselineFile.read(file))
        .isInstanceOf(InvalidBaselineException.class).hasMessageStartingWith("baseline " + file + " is not valid JSON");
  }

  @Test
  void aResultsFileOrANewerSchemaIsRefusedByItsSchemaId() throws Exception {
    Path results = Files.writeString(dir.resolve("r.json"), "{\"schema\": \"gpubench-results/1\", \"cases\": []}");
    assertThatThrownBy(() -> BaselineFile.read(results)).hasMessageContaining(
        "has schema \"gpubench-results/1\"; this version reads \"gpubench-baseline/1\"");
    Path other = Files.writeString(dir.resolve("o.json"), "[1, 2]");
    assertThatThrownBy(() -> BaselineFile.read(other)).hasMessageContaining("is not a JSON object");
    Path none = Files.writeString(dir.resolve("n.json"), "{\"environments\": []}");
    assertThatThrownBy(() -> BaselineFile.read(none)).hasMessageContaining("has no \"schema\" field");
  }

  @Test
  void aHandEditedCaseWithoutSamplesIsNamed() throws Exception {
    Path file = Files.writeString(dir.resolve("b.json"), """
        {"schema": "gpubench-baseline/1", "environments": [{"key": "cpu: x", "cases": [
          {"id": "A#b[cpu]", "clock": "host", "samplesNanos": []}]}]}""");
    assertThatThrownBy(() -> BaselineFile.read(file))
        .hasMessage("baseline " + file + " case A#b[cpu] needs \"samplesNanos\": a non-empty list of positive times");
    Path clock = Files.writeString(dir.resolve("c.json"), """
        {"schema": "gpubench-baseline/1", "environments": [{"key": "cpu: x", "cases": [
          {"id": "A#b[cpu]", "clock": "wall", "samplesNanos": [1.0]}]}]}""");
    assertThatThrownBy(() -> BaselineFile.read(clock)).hasMessageContaining("clock \"wall\"");
    Path type = Files.writeString(dir.resolve("t.json"), """
        {"schema": "gpubench-baseline/1", "environments": [{"key": "cpu: x", "cases": "many"}]}""");
    assertThatThrownBy(() -> BaselineFile.read(type)).hasMessageContaining("does not match schema gpubench-baseline/1");
  }

  @Test
  void theWrittenFileIsSortedSoItDiffsCleanly() {
    RunResult run = Fixtures.run(Fixtures.cpuMachine(), gemm(512, Precision.FP32, "cpu", 1, 2),
        gemm(256, Precision.FP32, "cpu", 1, 2));
    EnvironmentBaseline env = BaselineRecorder.record(run).baseline();
    assertThat(env.cases()).extracting(BaselineCase::id).isSorted();
    assertThat(List.of(env.cases().get(0).id())).containsExactly(Fixtures.gemmId(256, Precision.FP32, "cpu"));
  }
}
