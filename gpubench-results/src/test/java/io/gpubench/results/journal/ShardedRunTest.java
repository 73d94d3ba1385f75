package io.gpubench.results.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Environment;
import io.gpubench.api.result.RunResult;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.ResultsFileTest;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The journals of a sharded suite read as one run: missing shards named, other runs' journals refused. */
class ShardedRunTest {
  @TempDir Path dir;

  private final RunResult sample = ResultsFileTest.sampleRun();
  private final CaseResult one = sample.cases().get(0);

  private void shard(int index, int count, String plan, String run, String commit, String start, boolean end) {
    Environment e = sample.environment();
    Environment env = new Environment(e.host(), e.os(), e.arch(), e.cpu(), e.cpuCores(), e.memoryBytes(), e.jvm(),
        e.gpubenchVersion(), commit, e.libraries(), e.devices(), e.configuration());
    ShardMark mark = new ShardMark(index, count, plan, 1, count, 1.0, count, run);
    try (Journal j = Journal.createShard(dir, new JournalHeader("r" + index + "-" + start, start, 42, 1, env,
        List.of(one.id()), null, mark))) {
      j.append(one);
      if (end) {
        j.end(Instant.parse(start).plusSeconds(60));
      }
    }
  }

  @Test
  void everyShardPresentIsOneCompleteRun() {
    for (int i = 1; i <= 3; i++) {
      shard(i, 3, "abc", "slurm-7", "c1", "2026-12-02T10:0" + i + ":00Z", true);
    }
    ShardedRun s = ShardedRun.of(Journals.inFolder(dir)).orElseThrow();

    assertThat(s.whole()).isTrue();
    assertThat(s.incompleteReason()).isEmpty();
    assertThat(s.merged().cases()).hasSize(3);
    assertThat(s.merged().runId()).isEqualTo("shards-slurm-7-abc");
    assertThat(s.merged().startedAt()).isEqualTo("2026-12-02T10:01:00Z");
  }

  @Test
  void aMissingShardIsNamedByIndex() {
    shard(1, 3, "abc", "slurm-7", "c1", "2026-12-02T10:01:00Z", true);
    shard(3, 3, "abc", "slurm-7", "c1", "2026-12-02T10:03:00Z", true);
    ShardedRun s = ShardedRun.of(Journals.inFolder(dir)).orElseThrow();

    assertThat(s.missing()).containsExactly(2);
    assertThat(s.missingText()).isEqualTo("shard 2 of 3 is missing (1 of 3 cases of the suite did not run)");
    assertThat(s.incompleteReason()).contains(s.missingText());
    assertThat(s.runId()).as("the same id whichever shards are read").isEqualTo("shards-slurm-7-abc");
  }

  @Test
  void aShardThatDidNotEndMakesTheRunIncomplete() {
    shard(1, 2, "abc", null, "c1", "2026-12-02T10:01:00Z", true);
    shard(2, 2, "abc", null, "c1", "2026-12-02T10:02:00Z", false);
    ShardedRun s = ShardedRun.of(Journals.inFolder(dir)).orElseThrow();

    assertThat(s.whole()).isTrue();
    assertThat(s.incompleteReason()).hasValueSatisfying(r -> assertThat(r).startsWith("shard 2/2 is incomplete"));
  }

  @Test
  void aShardRunAgainCountsOnceByItsLatestJournal() {
    shard(1, 2, "abc", "run", "c1", "2026-12-02T10:01:00Z", false);
    shard(2, 2, "abc", "run", "c1", "2026-12-02T10:02:00Z", true);
    shard(1, 2, "abc", "run", "c1", "2026-12-02T11:00:00Z", true);
    ShardedRun s = ShardedRun.of(Journals.inFolder(dir)).orElseThrow();

    assertThat(s.shards().get(1).run().startedAt()).isEqualTo("2026-12-02T11:00:00Z");
    assertThat(s.incompleteReason()).isEmpty();
    assertThat(s.notes()).singleElement().satisfies(n -> assertThat(n).startsWith("shard 1/2 ran more than once"));
  }

  @Test
  void journalsOfTwoPlansOrCommitsInOneFolderAreAnErrorNamingTheFiles() {
    shard(1, 2, "abc", "run", "c1", "2026-12-02T10:01:00Z", true);
    shard(2, 2, "def", "run", "c1", "2026-12-02T10:02:00Z", true);
    assertThatThrownBy(() -> ShardedRun.of(Journals.inFolder(dir)))
        .isInstanceOf(ResultsFile.InvalidResultsException.class)
        .hasMessageContaining("holds the journals of 2 different sharded runs")
        .hasMessageContaining("plan abc of 2 shards, run run, commit c1: shard-1-of-2-r1-")
        .hasMessageContaining("plan def of 2 shards, run run, commit c1: shard-2-of-2-r2-");
  }

  @Test
  void anotherCommitIsAnotherRun() {
    shard(1, 2, "abc", null, "c1", "2026-12-02T10:01:00Z", true);
    shard(2, 2, "abc", null, "c2", "2026-12-02T10:02:00Z", true);
    assertThatThrownBy(() -> ShardedRun.of(Journals.inFolder(dir))).hasMessageContaining("commit c2: shard-2-of-2");
  }

  @Test
  void shardsBesideARunOfTheWholeSuiteAreAnError() {
    shard(1, 2, "abc", null, "c1", "2026-12-02T10:01:00Z", true);
    try (Journal j = Journal.create(dir.resolve("x"), new JournalHeader("whole", "2026-12-02T10:05:00Z", 42, 1,
        sample.environment()))) {
      j.end(Instant.parse("2026-12-02T10:06:00Z"));
    }
    List<JournalRun> mixed = new java.util.ArrayList<>(Journals.inFolder(dir));
    mixed.addAll(Journals.in(dir.resolve("x"), null));
    assertThatThrownBy(() -> ShardedRun.of(mixed)).hasMessageContaining("holds journals of shards and of runs of the"
        + " whole suite").hasMessageContaining("whole.jsonl (whole suite)");
  }

  @Test
  void journalsOfTheWholeSuiteAreNoShardedRun() {
    try (Journal j = Journal.create(dir, new JournalHeader("whole", "2026-12-02T10:05:00Z", 42, 1,
        sample.environment()))) {
      j.end(Instant.parse("2026-12-02T10:06:00Z"));
    }
    assertThat(ShardedRun.of(Journals.inFolder(dir))).isEmpty();
  }

  @Test
  void aFileInTheSharedFolderThatIsNoJournalIsAnErrorNamingIt() throws Exception {
    // the shards' folder is shared (a cluster's file system, a CI artifact folder): anything may be written there
    shard(1, 2, "abc", "slurm-7", "c1", "2026-12-02T10:01:00Z", true);
    Path stray = dir.resolve("notes.jsonl");
    java.nio.file.Files.writeString(stray, "{\"hello\": \"not a journal\"\n");
    assertThatThrownBy(() -> Journals.inFolder(dir)).isInstanceOf(ResultsFile.InvalidResultsException.class)
        .hasMessageContaining(stray.toString());
  }
}
