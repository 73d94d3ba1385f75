package io.gpubench.maven.gate;

import static io.gpubench.maven.Fixtures.gemm;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.api.Precision;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.RunResult;
import io.gpubench.maven.Fixtures;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.journal.Journal;
import io.gpubench.results.journal.JournalHeader;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class BuildResultsTest {

  @TempDir Path out;

  private final Instant buildStart = Instant.parse("2026-11-30T12:00:00Z");
  private final Instant now = buildStart.plus(Duration.ofMinutes(3));
  private final CaseResult small = gemm(256, Precision.FP32, "cpu", 10, 11, 12);
  private final CaseResult large = gemm(512, Precision.FP32, "cpu", 80, 81, 82);

  @Test
  void theJournalsOfThisBuildAreJudgedTogetherAndOlderOnesNot() {
    journal("old", buildStart.minus(Duration.ofHours(2)), true, gemm(1024, Precision.FP32, "cpu", 1, 2, 3));
    journal("fork-1", buildStart.plusSeconds(5), true, small);
    journal("fork-2", buildStart.plusSeconds(6), true, large);
    BuildRuns runs = BuildResults.find(out, null, buildStart, now);
    assertThat(runs.runs()).extracting(j -> j.run().runId()).containsExactly("fork-1", "fork-2");
    assertThat(runs.merged().cases()).extracting(CaseResult::id).containsExactly(small.id(), large.id());
    assertThat(runs.merged().runId()).isEqualTo("fork-1+fork-2");
    assertThat(runs.incomplete()).isEmpty();
    assertThat(runs.notes()).isEmpty();
  }

  @Test
  void aJournalWithoutItsEndIsJudgedAsIncomplete() {
    journal("killed", buildStart.plusSeconds(5), false, small);
    BuildRuns runs = BuildResults.find(out, null, buildStart, now);
    assertThat(runs.incomplete()).singleElement().satisfies(j -> {
      assertThat(j.incomplete()).startsWith("it has no end line: the run was killed or its process died after 1 of 2"
          + " planned cases");
      assertThat(j.planned()).isEqualTo(2);
    });
  }

  @Test
  void aResultsFileOfAnEarlierRunIsNeverJudgedAndTheMessageSaysWhatToDo() {
    ResultsFile.write(run("yesterday", buildStart.minus(Duration.ofHours(2)), small), out.resolve("results.json"));
    assertThatThrownBy(() -> BuildResults.find(out, null, buildStart, now))
        .isInstanceOf(BuildResults.NothingToJudgeException.class)
        .hasMessage("nothing of this build to judge: " + out.resolve("results.json") + " is from a run that started "
            + "at 2026-11-30T10:00:00Z, 2 h 0 min before this build started, and results of an earlier run are never "
            + "judged; run the benchmarks in this build (mvn verify without -DskipTests), skip the gate with "
            + "-Dgpubench.skip, or judge a file anyway with -Dgpubench.results=FILE");
  }

  @Test
  void anOldJournalAloneIsNamedToo() {
    journal("old", buildStart.minus(Duration.ofMinutes(30)), true, small);
    assertThatThrownBy(() -> BuildResults.find(out, null, buildStart, now))
        .hasMessageStartingWith("nothing of this build to judge: 1 journal in " + out.resolve("journal")
            + ", the newest old.jsonl, is from a run that started at 2026-11-30T11:30:00Z, 30 min before");
  }

  @Test
  void noResultsAtAllSaysWhatTheTestPhaseNeeds() {
    assertThatThrownBy(() -> BuildResults.find(out, null, buildStart, now))
        .hasMessageStartingWith("nothing to judge: this build wrote no gpubench results to " + out
            + " (no journal, no results.json). The test phase runs the benchmarks only with gpubench-engine as a test"
            + " dependency and Surefire 3.x");
  }

  @Test
  void aResultsFileOfThisBuildIsJudgedWhenThereIsNoJournal() {
    ResultsFile.write(run("now", buildStart.plusSeconds(1), small), out.resolve("results.json"));
    BuildRuns runs = BuildResults.find(out, null, buildStart, now);
    assertThat(runs.results()).extracting(RunResult::runId).containsExactly("now");
    assertThat(runs.notes()).singleElement().asString().startsWith("no journal in ");
  }

  @Test
  void aNamedFileIsJudgedWhateverItsAgeWithTheAgeStated() {
    Path file = out.resolve("kept/results.json");
    ResultsFile.write(run("kept", buildStart.minus(Duration.ofHours(26)), small), file);
    BuildRuns runs = BuildResults.find(out, file, buildStart, now);
    assertThat(runs.results()).extracting(RunResult::runId).containsExactly("kept");
    // finishedAt is one minute after the start.
    assertThat(runs.notes()).containsExactly("judging " + file + ", named by gpubench.results: a run that finished"
        + " 26 h 2 min ago, before this build started (run kept)");
    Path journal = journal("named", buildStart.minus(Duration.ofDays(3)), false, small);
    BuildRuns fromJournal = BuildResults.find(out, journal, buildStart, now);
    assertThat(fromJournal.incomplete()).hasSize(1);
  }

  @Test
  void aNamedFolderIsJudgedByEveryJournalInItWhateverTheirAge() {
    journal("before-the-kill", buildStart.minus(Duration.ofHours(1)), true, small);
    journal("killed", buildStart.minus(Duration.ofMinutes(10)), false, large);
    for (Path named : List.of(out, out.resolve("journal"))) {
      BuildRuns runs = BuildResults.find(out.resolve("elsewhere"), named, buildStart, now);
      assertThat(runs.runs()).extracting(j -> j.run().runId()).containsExactly("before-the-kill", "killed");
      assertThat(runs.incomplete()).extracting(j -> j.run().runId()).containsExactly("killed");
      assertThat(runs.notes()).containsExactly("judging the 2 journals in " + out.resolve("journal")
          + ", named by gpubench.results, whatever their age");
    }
    Path empty = out.resolve("empty");
    empty.toFile().mkdirs();
    assertThatThrownBy(() -> BuildResults.find(out, empty, buildStart, now))
        .isInstanceOf(BuildResults.NothingToJudgeException.class)
        .hasMessage("nothing to judge in " + empty + ", named by gpubench.results: it holds no journal ("
            + empty.resolve("journal") + "/*.jsonl); name a results file, a journal, or the output folder of a run");
  }

  @Test
  void agesReadAsPeopleSayThem() {
    assertThat(BuildResults.ago(Duration.ofSeconds(40))).isEqualTo("40 s ago");
    assertThat(BuildResults.ago(Duration.ofMinutes(30))).isEqualTo("30 min ago");
    assertThat(BuildResults.ago(Duration.ofMinutes(125))).isEqualTo("2 h 5 min ago");
    assertThat(BuildResults.ago(Duration.ofDays(3))).isEqualTo("3 days ago");
  }

  private Path journal(String runId, Instant start, boolean complete, CaseResult... cases) {
    try (Journal j = Journal.create(out, new JournalHeader(runId, start.toString(), 1, cases.length + 1,
        Fixtures.cpuMachine()))) {
      for (CaseResult c : cases) {
        j.append(c);
      }
      if (complete) {
        j.end(start.plusSeconds(30));
      }
      return j.file();
    }
  }

  private static RunResult run(String id, Instant start, CaseResult... cases) {
    return new RunResult(RunResult.SCHEMA, id, start.toString(), start.plusSeconds(60).toString(),
        Fixtures.cpuMachine(), List.of(cases));
  }
}
