package io.gpubench.engine.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import examples.worlds.KilledRanks;
import examples.worlds.RankFaults;
import examples.worlds.RankFiles;
import examples.worlds.WorldSteps;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.engine.EngineKit;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.journal.JournalRun;
import io.gpubench.results.journal.Journals;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Slurm launcher on a real Slurm ({@link SlurmCluster}): CPU worlds of 2 and 4 ranks, each world one
 * {@code srun} step of as many tasks, kept in step by the engine's barrier; a world larger than the allocation that
 * Slurm will not start, failing its case with srun's own words; ranks that throw, die, hang, or are ended from outside
 * as Slurm ends tasks ({@code kill -9}, {@code scancel}), each failing its case alone while the next runs; and the
 * workers' port refusing a stranger through the Slurm path too. One run of the engine for the worlds (some two
 * minutes on two cores), one for the stranger.
 */
class SlurmLauncherTest {
  @TempDir static Path out;
  @TempDir static Path ranks;
  private static String job;
  private static final List<String> killed = new ArrayList<>();

  @BeforeAll
  static void runOnce() throws IOException {
    SlurmCluster.require();
    job = SlurmCluster.allocate(6, "launcher-test");
    Thread killer = new Thread(SlurmLauncherTest::killWhenAsked, "slurm-test-killer");
    killer.setDaemon(true);
    killer.start();
    try {
      EngineKit.gpubench(out).configurationParameter(RankFiles.KEY, ranks.toString())
          .configurationParameter("gpubench.launcher", "slurm")
          .configurationParameter("gpubench.slurm.srunArgs", "--jobid=" + job)
          .configurationParameter("gpubench.worlds.WorldSteps", "2,4,8")
          .selectors(selectClass(WorldSteps.class), selectClass(RankFaults.class), selectClass(KilledRanks.class))
          .execute();
    } finally {
      killer.interrupt();
    }
  }

  @AfterAll
  static void release() {
    SlurmCluster.cancel(job);
  }

  /** Ends rank 1 of KilledRanks as Slurm would, when it says it waits for that: kill -9, then scancel of its step. */
  private static void killWhenAsked() {
    boolean kill9 = false;
    boolean scancel = false;
    try {
      while (!(kill9 && scancel)) {
        Thread.sleep(100);
        Path pid = ranks.resolve("kill9.pid");
        if (!kill9 && Files.exists(pid) && !Files.readString(pid).isBlank()) {
          SlurmCluster.run(List.of("kill", "-9", Files.readString(pid).strip()), 10);
          killed.add("kill -9 " + Files.readString(pid).strip());
          kill9 = true;
        }
        Path step = ranks.resolve("scancel.step");
        if (!scancel && Files.exists(step) && !Files.readString(step).isBlank()) {
          SlurmCluster.run(List.of("scancel", Files.readString(step).strip()), 10);
          killed.add("scancel " + Files.readString(step).strip());
          scancel = true;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      killed.add("failed: " + e.getMessage());
    }
  }

  private static Map<String, CaseResult> results() {
    return ResultsFile.read(out.resolve("results.json")).cases().stream()
        .collect(Collectors.toMap(CaseResult::displayName, Function.identity()));
  }

  @Test
  void worldsOf2And4RanksRunAsTheTasksOfOneSrunStepEachAndKeepInStep() throws IOException {
    Map<String, CaseResult> r = results();
    for (int w : new int[] {2, 4}) {
      CaseResult c = r.get("steps [n=8, FP32, world " + w + "]");
      assertThat(c.status()).as(c.message()).isEqualTo(CaseStatus.PASSED);
      List<Integer> trials = new ArrayList<>();
      for (String line : Files.readAllLines(ranks.resolve("world-" + w + "-trials.log"))) {
        trials.add(Integer.parseInt(line.split(" ")[1]));
      }
      assertThat(trials).as("world " + w + ": every rank's trial k before any rank's trial k + 1").isSorted()
          .hasSize(w * 3);
      List<String> ids = new ArrayList<>();
      for (int rank = 0; rank < w; rank++) {
        ids.add(Files.readString(ranks.resolve("world-" + w + "-rank-" + rank + ".txt")).split(" ")[4]);
      }
      assertThat(ids.stream().distinct()).as("rank 0's world id handed to every rank").hasSize(1);
    }
    // rank and size from Slurm, one step of two tasks in the test's allocation, the secret in the environment only
    String step = null;
    for (int rank = 0; rank < 2; rank++) {
      String[] f = Files.readString(ranks.resolve("slurm-rank-" + rank + ".txt")).split(" ");
      assertThat(f[0]).isEqualTo(String.valueOf(rank));
      assertThat(f[1]).isEqualTo("2");
      assertThat(f[2]).startsWith(job + ".");
      step = step == null ? f[2] : step;
      assertThat(f[2]).as("both ranks are tasks of one step").isEqualTo(step);
      assertThat(f[3]).as("the secret in the task's environment").isEqualTo("true");
      assertThat(f[4]).as("the secret on the task's command line").isEqualTo("false");
    }
    assertThat(out.resolve("workers")).isDirectoryContaining(p -> p.getFileName().toString().endsWith("-srun.log"));
  }

  @Test
  void aWorldSlurmWillNotStartFailsItsCaseWithSrunsWordsAndTheOthersRun() {
    CaseResult c = results().get("steps [n=8, FP32, world 8]");
    assertThat(c.status()).isEqualTo(CaseStatus.ERROR);
    assertThat(c.message()).contains("srun exited with code 1")
        .contains("Unable to create step for job " + job + ": More processors requested than permitted");
  }

  @Test
  void aRankKilledWithKill9FailsItsCaseAloneWithSlurmsWord() {
    assertThat(killed).anyMatch(k -> k.startsWith("kill -9 "));
    CaseResult c = results().get("aKill9 [n=8, FP32, world 2]");
    assertThat(c.status()).isEqualTo(CaseStatus.ERROR);
    assertThat(c.message()).contains("rank 1: the Slurm task of rank 1").contains("ended without a word")
        .contains("task 1: Killed");
  }

  @Test
  void aStepCancelledWithScancelFailsItsCaseAlone() {
    assertThat(killed).anyMatch(k -> k.startsWith("scancel " + job + "."));
    CaseResult c = results().get("bScancel [n=8, FP32, world 2]");
    assertThat(c.status()).isEqualTo(CaseStatus.ERROR);
    assertThat(c.message()).contains("ended without a word").contains("CANCELLED");
  }

  @Test
  void ranksThatThrowDieOrHangFailTheirCasesAndTheNextCasesPass() {
    Map<String, CaseResult> r = results();
    assertThat(r.get("aThrows [n=8, FP32, world 2]").message()).contains("rank 1: IllegalStateException: rank 1 lost"
        + " its input");
    assertThat(r.get("bDies [n=8, FP32, world 2]").message()).contains("rank 1: the Slurm task of rank 1")
        .contains("task 1: Exited with exit code 3");
    String hang = r.get("cHangs [n=8, FP32, world 2]").message();
    // Rank 1 hangs and rank 0 waits for it at the engine's barrier: both run out of time at the same moment. Where
    // rank 1's limit fires first, its failure is the timeout with its thread dump. Where rank 0's does (one CI run,
    // on a machine loaded by two other measurements), stopping rank 0's Slurm step ends rank 1's task too: rank 1 is
    // still the one blamed, and rank 0's wait for it follows.
    assertThat(hang).contains("rank 1: ").contains("timed out after 20 s");
    if (hang.contains("rank 1: timed out after 20 s")) {
      // The hanging frame where the task answered for its dump over the wire; in one CI run it did not within the 5 s
      // the engine waits (a task gets no SIGQUIT from the engine), and the message says so and names the task's log.
      if (!hang.contains("examples.worlds.RankFaults.spinInFixtureCode")) {
        assertThat(hang).contains("the task did not answer for its thread dump").contains("-r1.log");
      }
    } else {
      assertThat(hang).contains("rank 1: the Slurm task of rank 1").contains("then rank 0: timed out after 20 s")
          .contains("waiting for the world's other ranks");
    }
    assertThat(r.get("eCorrect [n=8, FP32, world 2]").status()).isEqualTo(CaseStatus.PASSED);
    assertThat(r.get("cCorrect [n=8, FP32, world 2]").status()).isEqualTo(CaseStatus.PASSED);
  }

  @Test
  void everyCaseIsRecordedWhateverHappenedToItsRanks() {
    assertThat(results()).hasSize(3 + 5 + 3);
    List<JournalRun> runs = Journals.in(out, java.time.Instant.EPOCH);
    assertThat(runs).hasSize(1);
    assertThat(runs.get(0).run().cases()).as("the journal holds every case, decided as it ended").hasSize(3 + 5 + 3);
    assertThat(runs.get(0).complete()).isTrue();
  }

  @Test
  void theWorldBootstrapStandInJoinsEveryRankThroughSrun(@TempDir Path bootOut, @TempDir Path files)
      throws IOException {
    EngineKit.gpubench(bootOut).configurationParameter(RankFiles.KEY, files.toString())
        .configurationParameter(examples.wire.BootstrapStandIn.KEY, "true")
        .configurationParameter("gpubench.launcher", "slurm")
        .configurationParameter("gpubench.slurm.srunArgs", "--jobid=" + job)
        .selectors(selectClass(examples.wire.BootstrapWorld.class)).execute();
    WorldBootstrapTest.check(bootOut, files);
  }

  @Test
  void theWorkersPortRefusesAStrangerThroughTheSlurmPath(@TempDir Path strangerOut, @TempDir Path files)
      throws IOException {
    WireSecurityTest.strangerIsRefusedWhileTheRunGoesOn(strangerOut, files, "slurm", "gpubench.slurm.srunArgs",
        "--jobid=" + job);
  }
}
