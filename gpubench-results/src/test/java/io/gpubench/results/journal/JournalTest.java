package io.gpubench.results.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.RunResult;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.ResultsFileTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

class JournalTest {
  @TempDir Path dir;

  private final RunResult sample = ResultsFileTest.sampleRun();
  private final CaseResult one = sample.cases().get(0);

  private Journal start(String runId, String startedAt, int planned) {
    return Journal.create(dir, new JournalHeader(runId, startedAt, 42, planned, sample.environment()));
  }

  @Test
  void aCompleteRunReadsBackWithEveryCase() {
    try (Journal j = start("run-a", "2026-11-30T10:00:00Z", 2)) {
      j.append(one);
      j.append(one);
      j.end(Instant.parse("2026-11-30T10:01:00Z"));
    }
    JournalRun r = Journals.read(dir.resolve("journal/run-a.jsonl"));

    assertThat(r.complete()).isTrue();
    assertThat(r.run().cases()).containsExactly(one, one);
    assertThat(r.run().finishedAt()).isEqualTo("2026-11-30T10:01:00Z");
    assertThat(r.run().environment()).isEqualTo(sample.environment());
  }

  @ParameterizedTest
  @ValueSource(strings = {Journal.SCHEMA_2, Journal.SCHEMA_1})
  void aJournalOfAnEarlierSchemaStillReads(String earlier) throws Exception {
    try (Journal j = start("run-old", "2026-11-30T10:00:00Z", 1)) {
      j.append(one);
      j.end(Instant.parse("2026-11-30T10:01:00Z"));
    }
    Path file = dir.resolve("journal/run-old.jsonl");
    Files.writeString(file, Files.readString(file).replace(Journal.SCHEMA, earlier));

    assertThat(Journals.read(file).run().cases()).containsExactly(one);
  }

  @Test
  void aRunKilledMidwayKeepsItsFinishedCasesAndSaysItIsIncomplete() {
    Journal j = start("run-b", "2026-11-30T10:00:00Z", 5);
    j.append(one);
    // no end line, as after SIGKILL; the line written is already in the file without close()
    JournalRun r = Journals.read(j.file());

    assertThat(r.run().cases()).containsExactly(one);
    assertThat(r.incompleteReason()).hasValueSatisfying(why -> assertThat(why)
        .contains("no end line").contains("after 1 of 5 planned cases"));
  }

  @Test
  void aTornLastLineIsIgnoredAndNamed() throws Exception {
    Journal j = start("run-c", "2026-11-30T10:00:00Z", 3);
    j.append(one);
    Files.writeString(j.file(), "{\"type\":\"case\",\"case\":{\"id\":\"x", StandardCharsets.UTF_8,
        StandardOpenOption.APPEND);

    JournalRun r = Journals.read(j.file());

    assertThat(r.run().cases()).hasSize(1);
    assertThat(r.incomplete()).contains("last line is torn").contains("after 1 of 3 planned cases");
  }

  @Test
  void aFileThatIsNoJournalIsNamedWithTheReason() throws Exception {
    Path f = Files.writeString(dir.resolve("x.jsonl"), "{\"type\":\"header\",\"schema\":\"other/1\"}\n");
    assertThatThrownBy(() -> Journals.read(f)).isInstanceOf(ResultsFile.InvalidResultsException.class)
        .hasMessage(f + " has schema \"other/1\"; this version reads \"gpubench-journal/3\", \"gpubench-journal/2\" and \"gpubench-journal/1\"");
  }

  @Test
  void runsOfABuildAreSelectedByStartAndMergedAcrossForks() {
    try (Journal old = start("old", "2026-11-30T08:00:00Z", 1)) {
      old.append(one);
      old.end(Instant.parse("2026-11-30T08:00:10Z"));
    }
    try (Journal a = start("fork-1", "2026-11-30T10:00:00Z", 1); Journal b = start("fork-2", "2026-11-30T10:00:01Z", 1)) {
      a.append(one);
      b.append(one);
      a.end(Instant.parse("2026-11-30T10:00:30Z"));
      b.end(Instant.parse("2026-11-30T10:00:20Z"));
    }

    List<JournalRun> runs = Journals.in(dir, Instant.parse("2026-11-30T09:00:00Z"));
    RunResult merged = Journals.merge(runs);

    assertThat(runs).extracting(r -> r.run().runId()).containsExactly("fork-1", "fork-2");
    assertThat(merged.cases()).hasSize(2);
    assertThat(merged.runId()).isEqualTo("fork-1+fork-2");
    assertThat(merged.startedAt()).isEqualTo("2026-11-30T10:00:00Z");
    assertThat(merged.finishedAt()).isEqualTo("2026-11-30T10:00:30Z");
    assertThat(Journals.in(dir, null)).hasSize(3);
  }
}
