package io.gpubench.engine.execution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import examples.worlds.RankFaults;
import examples.worlds.RankFiles;
import examples.worlds.WorldSteps;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.engine.EngineKit;
import io.gpubench.results.ResultsFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine's coordination of a world's ranks, with CPU worker processes as the ranks (the test double of GPUs: the
 * coordination is the engine's, whatever the device): one process per rank, the world's id handed from rank 0 to
 * every rank, the trials of every rank kept in step by the engine's barrier, rank 0's output alone checked, the
 * inputs of every rank checked; and a rank that throws, dies, hangs or changes its input fails its case alone, the
 * next case running in new workers.
 */
class WorldCoordinationTest {
  @TempDir static Path out;
  @TempDir static Path ranks;

  @BeforeAll
  static void runOnce() {
    EngineKit.gpubench(out).configurationParameter(RankFiles.KEY, ranks.toString())
        .selectors(selectClass(WorldSteps.class), selectClass(RankFaults.class)).execute();
  }

  private static Map<String, CaseResult> results() {
    return ResultsFile.read(out.resolve("results.json")).cases().stream()
        .collect(Collectors.toMap(CaseResult::displayName, Function.identity()));
  }

  @Test
  void aCaseRunsPerWorldSizeNamedAndRecordedWithIt() {
    Map<String, CaseResult> r = results();
    for (int w : new int[] {1, 2, 4, 8}) {
      CaseResult c = r.get("steps [n=8, FP32, world " + w + "]");
      assertThat(c).as("world " + w).isNotNull();
      assertThat(c.status()).as(c.message()).isEqualTo(CaseStatus.PASSED);
      assertThat(c.worldSize()).isEqualTo(w);
      assertThat(c.id()).isEqualTo(WorldSteps.class.getName() + "#steps[n=8][FP32][cpu][world " + w + "]");
      // rank 0's output was checked, though every other rank returned NaN
      assertThat(c.correctness().passed()).isTrue();
    }
  }

  @Test
  void everyRankIsAProcessOfItsOwnAndGetsRank0sWorldId() throws IOException {
    Set<String> ids = new HashSet<>();
    for (int w : new int[] {1, 2, 4, 8}) {
      Set<Long> pids = new HashSet<>();
      Set<String> worldIds = new HashSet<>();
      for (int r = 0; r < w; r++) {
        String[] f = Files.readString(ranks.resolve("world-" + w + "-rank-" + r + ".txt")).split(" ");
        pids.add(Long.parseLong(f[0]));
        assertThat(Integer.parseInt(f[1])).isEqualTo(r);
        assertThat(Integer.parseInt(f[2])).isEqualTo(w);
        assertThat(Integer.parseInt(f[3])).isEqualTo(w);
        worldIds.add(f[4]);
      }
      assertThat(ranks.resolve("world-" + w + "-rank-" + w + ".txt")).doesNotExist();
      assertThat(pids).as("world " + w + ": a process per rank").hasSize(w)
          .doesNotContain(ProcessHandle.current().pid());
      assertThat(worldIds).as("world " + w + ": one id, rank 0's, handed to every rank").hasSize(1);
      ids.addAll(worldIds);
    }
    assertThat(ids).as("a new id per world").hasSize(4);
  }

  @Test
  void theEnginesBarrierKeepsEveryRanksTrialsInStep() throws IOException {
    for (int w : new int[] {2, 4, 8}) {
      List<String> lines = Files.readAllLines(ranks.resolve("world-" + w + "-trials.log"));
      assertThat(lines).hasSize(w * WorldStepsTrials.TRIALS);
      List<Integer> trials = new ArrayList<>();
      for (String line : lines) {
        trials.add(Integer.parseInt(line.split(" ")[1]));
      }
      // every rank's call of trial k comes before any rank's call of trial k + 1
      assertThat(trials).as("world " + w + ": trial numbers in the order the ranks logged them").isSorted();
      for (int k = 1; k <= WorldStepsTrials.TRIALS; k++) {
        int trial = k;
        assertThat(trials.stream().filter(t -> t == trial).count()).isEqualTo(w);
      }
    }
  }

  @Test
  void aRankThatThrowsFailsTheCaseNamedByItsRank() {
    CaseResult c = results().get("aThrows [n=8, FP32, world 2]");
    assertThat(c.status()).isEqualTo(CaseStatus.ERROR);
    assertThat(c.message()).startsWith("@Measure aThrows() failed in the checked call: rank 1: IllegalStateException: "
        + "rank 1 lost its input");
  }

  @Test
  void aRankThatDiesFailsTheCaseWithItsExit() {
    CaseResult c = results().get("bDies [n=8, FP32, world 2]");
    assertThat(c.status()).isEqualTo(CaseStatus.ERROR);
    assertThat(c.message()).startsWith("@Measure bDies() failed in the checked call: rank 1: the worker process exited"
        + " with code 3");
  }

  @Test
  void aRankThatHangsFailsTheCaseAtItsTimeLimitWithItsHangingFrame() {
    CaseResult c = results().get("cHangs [n=8, FP32, world 2]");
    assertThat(c.status()).isEqualTo(CaseStatus.ERROR);
    assertThat(c.message()).startsWith("@Measure cHangs() failed in the timed trials: rank 1: timed out after 20 s")
        .contains("examples.worlds.RankFaults.spinInFixtureCode")
        // rank 0 waited at the engine's barrier meanwhile: it ran out of time too, or was aborted, and is not blamed
        .contains("then rank 0: ");
  }

  @Test
  void everyRanksInputsAreChecked() {
    CaseResult c = results().get("dChangesItsInput [n=8, FP32, world 2]");
    assertThat(c.status()).isEqualTo(CaseStatus.FAILED);
    assertThat(c.message()).contains("input 'x (rank 1)' was changed by the workload");
    assertThat(c.correctness().inputsUnchanged()).isFalse();
  }

  @Test
  void afterAFaultTheNextCaseRunsInNewWorkersAndPasses() throws IOException {
    CaseResult c = results().get("eCorrect [n=8, FP32, world 2]");
    assertThat(c.status()).as(c.message()).isEqualTo(CaseStatus.PASSED);
    Set<Long> faulty = new HashSet<>();
    for (String w : List.of("aThrows", "bDies", "cHangs")) {
      faulty.addAll(pids(w));
    }
    assertThat(pids("eCorrect")).hasSize(2).doesNotContainAnyElementsOf(faulty);
  }

  private static Set<Long> pids(String workload) throws IOException {
    Set<Long> pids = new HashSet<>();
    for (int r = 0; r < 2; r++) {
      Path f = ranks.resolve("faults-" + workload + "-rank-" + r + ".pid");
      if (Files.exists(f)) {
        pids.add(Long.parseLong(Files.readString(f).strip()));
      }
    }
    return pids;
  }

  /** The fixture's trial count, as its @Trials declares it. */
  static final class WorldStepsTrials {
    static final int TRIALS = 3;
  }
}
