package io.gpubench.maven.baseline;

import static io.gpubench.maven.Fixtures.gemm;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.api.Precision;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.RunResult;
import io.gpubench.maven.Fixtures;
import io.gpubench.results.compare.RunSamples;
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
  void aRecordingRoundTripsWithItsRunsAndLeavesFailedCasesOut() {
    BaselineRecorder.Recording rec = BaselineRecorder.record(List.of(cpuRun), false);
    assertThat(rec.leftOut()).containsExactly("io.x.GemmBenchmark#matmul[m=9][FP32][cpu] (FAILED)");
    assertThat(rec.flagged()).isEmpty();
    Path file = dir.resolve("sub/baseline.json");
    BaselineFile.write(BaselineSet.empty().with(rec.baseline(), false, 10), file);

    BaselineSet read = BaselineFile.read(file);
    assertThat(read.schema()).isEqualTo("gpubench-baseline/2");
    EnvironmentBaseline env = read.environments().get(0);
    assertThat(env.key()).isEqualTo("cpu: AMD EPYC 7B13");
    assertThat(env.details()).containsEntry("library djl", "0.36.0");
    BaselineCase c = env.cases().get(0);
    assertThat(c.clock()).isEqualTo("host");
    BaselineRun run = c.runs().get(0);
    assertThat(run.samplesNanos()).containsExactly(100.0, 110.0, 120.0);
    assertThat(run.medianNanos()).isEqualTo(110.0);
    assertThat(run.runId()).isEqualTo("run-1");
    assertThat(run.gitRevision()).isEqualTo("abc123");
    assertThat(run.flags()).isEmpty();
  }

  @Test
  void everyRecordingAddsItsRunsTheNewestKeptAndARunRecordedTwiceCountsOnce() {
    BaselineSet set = BaselineSet.empty();
    for (int r = 1; r <= 4; r++) {
      RunResult run = Fixtures.run("run-" + r, Fixtures.cpuMachine(), gemm(256, Precision.FP32, "cpu", r, r, r));
      set = set.with(BaselineRecorder.record(List.of(run), false).baseline(), false, 3);
    }
    BaselineCase c = set.environments().get(0).cases().get(0);
    assertThat(c.runs()).extracting(BaselineRun::runId).containsExactly("run-2", "run-3", "run-4");
    RunResult again = Fixtures.run("run-4", Fixtures.cpuMachine(), gemm(256, Precision.FP32, "cpu", 9, 9, 9));
    BaselineCase after = set.with(BaselineRecorder.record(List.of(again), false).baseline(), false, 3)
        .environments().get(0).cases().get(0);
    assertThat(after.runs()).extracting(BaselineRun::runId).containsExactly("run-2", "run-3", "run-4");
    assertThat(after.runs().get(2).medianNanos()).isEqualTo(9.0);
    assertThat(after.samples()).extracting(RunSamples::clock).containsOnly("host");
  }

  @Test
  void theRunsOfOneBuildAreSeparateRunsOfTheirCases() {
    RunResult fork1 = Fixtures.run("fork-1", Fixtures.cpuMachine(), gemm(256, Precision.FP32, "cpu", 1, 2, 3));
    RunResult fork2 = Fixtures.run("fork-2", Fixtures.cpuMachine(), gemm(256, Precision.FP32, "cpu", 4, 5, 6),
        gemm(512, Precision.FP32, "cpu", 7, 8, 9));
    EnvironmentBaseline env = BaselineRecorder.record(List.of(fork1, fork2), false).baseline();
    assertThat(env.cases()).hasSize(2);
    assertThat(env.find(Fixtures.gemmId(256, Precision.FP32, "cpu")).orElseThrow().runs())
        .extracting(BaselineRun::runId).containsExactly("fork-1", "fork-2");
  }

  @Test
  void flaggedCasesAreNamedAndRecordedOnlyWhenAccepted() {
    RunResult run = Fixtures.run(Fixtures.cpuMachine(),
        Fixtures.flagged(gemm(256, Precision.FP32, "cpu", 1, 2, 3), true, false),
        Fixtures.flagged(gemm(512, Precision.FP32, "cpu", 1, 2, 3), false, true),
        gemm(1024, Precision.FP32, "cpu", 1, 2, 3));
    BaselineRecorder.Recording refused = BaselineRecorder.record(List.of(run), false);
    assertThat(refused.flagged()).containsExactly(
        Fixtures.gemmId(256, Precision.FP32, "cpu") + " (throttled (HW_SLOWDOWN))",
        Fixtures.gemmId(512, Precision.FP32, "cpu") + " (shared GPU (4242 python3 train.py))");
    assertThat(refused.baseline().cases()).extracting(BaselineCase::id)
        .containsExactly(Fixtures.gemmId(1024, Precision.FP32, "cpu"));
    BaselineRecorder.Recording accepted = BaselineRecorder.record(List.of(run), true);
    assertThat(accepted.baseline().cases()).hasSize(3);
    assertThat(accepted.baseline().find(Fixtures.gemmId(256, Precision.FP32, "cpu")).orElseThrow().runs().get(0)
        .flags()).containsExactly("throttled (HW_SLOWDOWN)");
  }

  /** A run whose forks disagreed is recorded with the ratio, and compared bounded by it both ways (issue 23). */
  @Test
  void aRunWhoseForksDisagreedIsRecordedWithItsSpreadAndReadBackBounded() throws Exception {
    var c = gemm(256, Precision.FP32, "cpu", 1, 2, 3).withFlag(new io.gpubench.api.result.Flag(
        io.gpubench.api.result.Flag.FORKS_DISAGREE, "the forks' medians differ 2.50x", 2.5));
    BaselineRecorder.Recording rec = BaselineRecorder.record(List.of(Fixtures.run(Fixtures.cpuMachine(), c)), false);
    assertThat(rec.bounded()).singleElement().asString().contains("forks disagree (2.50x)");
    Path file = dir.resolve("spread.json");
    BaselineFile.write(BaselineSet.empty().with(rec.baseline(), false, 10), file);
    BaselineRun run = BaselineFile.read(file).environments().get(0).cases().get(0).runs().get(0);
    assertThat(run.spread()).isEqualTo(2.5);
    assertThat(run.flags()).containsExactly("forks disagree (2.50x)");
    var samples = BaselineFile.read(file).environments().get(0).cases().get(0).samples().get(0);
    assertThat(samples.spread()).isEqualTo(2.5);
    assertThat(samples.slowdown()).isEqualTo(1.0);
  }

  @Test
  void aFirstVersionFileIsReadAsOneRunPerCase() throws Exception {
    Path file = Files.writeString(dir.resolve("v1.json"), """
        {"schema": "gpubench-baseline/1", "environments": [{"key": "cpu: x", "details": {}, "cases": [
          {"id": "A#b[cpu]", "clock": "host", "samplesNanos": [1.0, 2.0, 3.0], "medianNanos": 2.0,
           "runId": "old-run", "recordedAt": "2026-01-01T00:00:00Z", "gitRevision": "abc"}]}]}""");
    BaselineSet set = BaselineFile.read(file);
    assertThat(set.schema()).isEqualTo(BaselineSet.SCHEMA);
    BaselineCase c = set.environments().get(0).cases().get(0);
    assertThat(c.runs()).singleElement().satisfies(r -> {
      assertThat(r.runId()).isEqualTo("old-run");
      assertThat(r.samplesNanos()).containsExactly(1.0, 2.0, 3.0);
      assertThat(r.gitRevision()).isEqualTo("abc");
    });
  }

  @Test
  void oneFileHoldsSeveralEnvironmentsAndMergesCaseByCase() {
    RunResult h200 = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "550.54"),
        gemm(256, Precision.FP16, "cuda:0", 10, 11, 12), gemm(512, Precision.FP16, "cuda:0", 80, 81, 82));
    RunResult h200Again = Fixtures.run("run-2", Fixtures.gpuMachine("NVIDIA H200", "560.10"),
        gemm(256, Precision.FP16, "cuda:0", 20, 21, 22));
    BaselineSet set = BaselineSet.empty()
        .with(BaselineRecorder.record(List.of(cpuRun), false).baseline(), false, 10)
        .with(BaselineRecorder.record(List.of(h200), false).baseline(), false, 10)
        .with(BaselineRecorder.record(List.of(h200Again), false).baseline(), false, 10);

    assertThat(set.environments()).extracting(EnvironmentBaseline::key)
        .containsExactly("cpu: AMD EPYC 7B13", "cpu: AMD EPYC 7B13 + cuda: NVIDIA H200");
    EnvironmentBaseline gpu = set.find("cpu: AMD EPYC 7B13 + cuda: NVIDIA H200").orElseThrow();
    assertThat(gpu.details()).containsEntry("NVIDIA H200 driver", "560.10");
    assertThat(gpu.find(Fixtures.gemmId(256, Precision.FP16, "cuda:0")).orElseThrow().runs())
        .extracting(BaselineRun::runId).containsExactly("run-1", "run-2");
    assertThat(gpu.find(Fixtures.gemmId(512, Precision.FP16, "cuda:0"))).isPresent();

    BaselineSet replaced = set.with(BaselineRecorder.record(List.of(h200Again), false).baseline(), true, 10);
    assertThat(replaced.find(gpu.key()).orElseThrow().cases()).hasSize(1);
    assertThat(replaced.environments()).hasSize(2);
  }

  @Test
  void aNewDriverIsASoftwareChangeThatForbidsMerging() {
    RunResult then = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "550.54"), gemm(256, Precision.FP16, "cuda:0", 1, 2));
    RunResult now = Fixtures.run(Fixtures.gpuMachine("NVIDIA H200", "560.10"), gemm(512, Precision.FP16, "cuda:0", 1, 2));
    BaselineSet set = BaselineSet.empty().with(BaselineRecorder.record(List.of(then), false).baseline(), false, 10);
    EnvironmentBaseline newer = BaselineRecorder.record(List.of(now), false).baseline();
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
    Path file = Files.writeString(dir.resolve("b.json"), "{\"schema\": \"gpubench-baseline/2\", \"environ");
    assertThatThrownBy(() -> BaselineFile.read(file))
        .isInstanceOf(InvalidBaselineException.class).hasMessageStartingWith("baseline " + file + " is not valid JSON");
  }

  @Test
  void aResultsFileOrANewerSchemaIsRefusedByItsSchemaId() throws Exception {
    Path results = Files.writeString(dir.resolve("r.json"), "{\"schema\": \"gpubench-results/1\", \"cases\": []}");
    assertThatThrownBy(() -> BaselineFile.read(results)).hasMessageContaining(
        "has schema \"gpubench-results/1\"; this version reads \"gpubench-baseline/2\"");
    Path other = Files.writeString(dir.resolve("o.json"), "[1, 2]");
    assertThatThrownBy(() -> BaselineFile.read(other)).hasMessageContaining("is not a JSON object");
    Path none = Files.writeString(dir.resolve("n.json"), "{\"environments\": []}");
    assertThatThrownBy(() -> BaselineFile.read(none)).hasMessageContaining("has no \"schema\" field");
  }

  @Test
  void aHandEditedCaseWithoutSamplesIsNamed() throws Exception {
    Path file = Files.writeString(dir.resolve("b.json"), """
        {"schema": "gpubench-baseline/2", "environments": [{"key": "cpu: x", "cases": [
          {"id": "A#b[cpu]", "clock": "host", "runs": [{"runId": "r1", "samplesNanos": []}]}]}]}""");
    assertThatThrownBy(() -> BaselineFile.read(file)).hasMessage("baseline " + file
        + " case A#b[cpu] runs[0] (r1) needs \"samplesNanos\": a non-empty list of positive times");
    Path noRuns = Files.writeString(dir.resolve("r.json"), """
        {"schema": "gpubench-baseline/2", "environments": [{"key": "cpu: x", "cases": [
          {"id": "A#b[cpu]", "clock": "host"}]}]}""");
    assertThatThrownBy(() -> BaselineFile.read(noRuns))
        .hasMessage("baseline " + noRuns + " case A#b[cpu] needs \"runs\": a non-empty list of runs");
    Path clock = Files.writeString(dir.resolve("c.json"), """
        {"schema": "gpubench-baseline/1", "environments": [{"key": "cpu: x", "cases": [
          {"id": "A#b[cpu]", "clock": "wall", "samplesNanos": [1.0]}]}]}""");
    assertThatThrownBy(() -> BaselineFile.read(clock)).hasMessageContaining("clock \"wall\"");
    Path type = Files.writeString(dir.resolve("t.json"), """
        {"schema": "gpubench-baseline/2", "environments": [{"key": "cpu: x", "cases": "many"}]}""");
    assertThatThrownBy(() -> BaselineFile.read(type)).hasMessageContaining("does not match schema gpubench-baseline/2");
  }

  @Test
  void theWrittenFileIsSortedSoItDiffsCleanly() {
    RunResult run = Fixtures.run(Fixtures.cpuMachine(), gemm(512, Precision.FP32, "cpu", 1, 2),
        gemm(256, Precision.FP32, "cpu", 1, 2));
    EnvironmentBaseline env = BaselineRecorder.record(List.of(run), false).baseline();
    assertThat(env.cases()).extracting(BaselineCase::id).isSorted();
    assertThat(List.of(env.cases().get(0).id())).containsExactly(Fixtures.gemmId(256, Precision.FP32, "cpu"));
  }
}
