package io.gpubench.history.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.RunResult;
import io.gpubench.history.record.Provenance;
import io.gpubench.history.record.RunRecord;
import io.gpubench.history.series.RunInfo;
import io.gpubench.history.series.Series;
import io.gpubench.history.series.SeriesQuery;
import io.gpubench.history.support.Backends;
import io.gpubench.history.support.Runs;
import io.gpubench.results.journal.JournalRun;
import io.gpubench.results.journal.Journals;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Publishing real runs (results files the engine wrote, replayed into journals as the engine writes them) and reading
 * them back, in both backends: every case as it was, idempotent by run id, an incomplete run kept as such, hostile
 * case names kept as they are.
 */
class PublishTest {

  @TempDir
  Path dir;

  @ParameterizedTest
  @MethodSource("io.gpubench.history.support.Backends#names")
  void aJournalRoundTripsWithEveryCaseAsTheEngineRecordedIt(String backend) {
    HistoryStore store = Backends.open(Backends.fresh(backend, dir));
    RunResult h200 = Runs.recorded("h200-run");
    JournalRun journal = Journals.read(Runs.journal(h200, dir.resolve("out"), -1));
    Provenance p = new Provenance("0123abcd", "main", false, "github", "77.1", "https://ci.example/77");

    HistoryStore.Published first = store.publish(RunRecord.of(journal, p));

    assertThat(first.inserted()).isTrue();
    assertThat(first.cases()).isEqualTo(h200.cases().size());
    RunRecord back = RunReader.run(store, h200.runId()).orElseThrow();
    assertThat(back.cases()).containsExactlyElementsOf(journal.run().cases());
    assertThat(back.complete()).isTrue();
    assertThat(back.environment()).isEqualTo(h200.environment());
    // The commit the run measured wins over the publisher's.
    assertThat(back.provenance().commit()).isEqualTo(h200.environment().gitRevision() != null
        ? h200.environment().gitRevision() : "0123abcd");
    assertThat(back.provenance().branch()).isEqualTo("main");
    assertThat(back.provenance().ciBuildUrl()).isEqualTo("https://ci.example/77");
    assertThat(back.testbed()).contains("NVIDIA H200");
    assertThat(back.plannedCases()).isEqualTo(h200.cases().size());
  }

  @ParameterizedTest
  @MethodSource("io.gpubench.history.support.Backends#names")
  void publishingTheSameRunAgainChangesNothing(String backend) {
    HistoryStore store = Backends.open(Backends.fresh(backend, dir));
    RunRecord run = RunRecord.of(Runs.recorded("cpu-run-a"), true, null, 25, Provenance.UNKNOWN, "results");

    store.publish(run);
    HistoryStore.Published again = store.publish(run);
    HistoryStore reopened = Backends.open(store.location());
    HistoryStore.Published third = reopened.publish(run);

    assertThat(again.inserted()).isFalse();
    assertThat(again.cases()).isEqualTo(25);
    assertThat(third.inserted()).isFalse();
    assertThat(RunReader.runs(store)).hasSize(1);
    List<Series> series = SeriesReader.read(store, SeriesQuery.all());
    assertThat(series).hasSize(25).allSatisfy(s -> assertThat(s.points()).hasSize(1));
  }

  @ParameterizedTest
  @MethodSource("io.gpubench.history.support.Backends#names")
  void aKilledRunIsStoredIncompleteWithWhatItRecorded(String backend) {
    HistoryStore store = Backends.open(Backends.fresh(backend, dir));
    RunResult run = Runs.recorded("cpu-run-b");
    JournalRun killed = Journals.read(Runs.journal(run, dir.resolve("out"), 7));

    store.publish(RunRecord.of(killed, Provenance.UNKNOWN));

    RunInfo info = RunReader.runs(store).get(0);
    assertThat(info.complete()).isFalse();
    assertThat(info.incompleteReason()).contains("after 7 of 25 planned cases");
    assertThat(info.cases()).isEqualTo(7);
    assertThat(RunReader.run(store, run.runId()).orElseThrow().cases()).hasSize(7);
  }

  @ParameterizedTest
  @MethodSource("io.gpubench.history.support.Backends#names")
  void caseNamesWithQuotesBracketsAndUnicodeAreStoredAsTheyAre(String backend) {
    HistoryStore store = Backends.open(Backends.fresh(backend, dir));
    String hostile = "it's \"quoted\"; DROP TABLE gpubench_run; -- [m=1]<script>alert(1)</script> ÷ µs 核 🚀";
    RunResult model = Runs.recorded("cpu-run-a");
    CaseResult c = model.cases().get(0);
    CaseResult odd = new CaseResult("Odd#" + hostile + "[FP32][cpu]", c.benchmark(), c.workload(), hostile,
        c.backend(), c.precision(), c.shape(), c.status(), hostile, c.timing(), c.correctness(), c.throughput(),
        c.telemetry(), c.memory(), c.metrics(), c.audit(), c.worldSize(), List.of(new Flag("trending", hostile)));
    RunResult run = new RunResult(RunResult.SCHEMA, "run-" + hostile, model.startedAt(), model.finishedAt(),
        model.environment(), List.of(odd));

    store.publish(RunRecord.of(run, true, null, 1, new Provenance(null, "feature/" + hostile, null, null, null,
        null), "results"));

    RunRecord back = RunReader.run(store, "run-" + hostile).orElseThrow();
    assertThat(back.cases()).containsExactly(odd);
    assertThat(back.provenance().branch()).isEqualTo("feature/" + hostile);
    assertThat(RunReader.runs(store)).hasSize(1);
    Series s = SeriesReader.read(store, SeriesQuery.all()).get(0);
    assertThat(s.caseId()).isEqualTo(odd.id());
    assertThat(s.displayName()).isEqualTo(hostile);
  }

  @ParameterizedTest
  @MethodSource("io.gpubench.history.support.Backends#names")
  void seriesFollowACaseOverRunsInTheOrderTheyStartedWithFlaggedPointsKept(String backend) {
    HistoryStore store = Backends.open(Backends.fresh(backend, dir));
    RunResult model = Runs.recorded("cpu-run-a");
    Instant t0 = Instant.parse("2026-11-01T00:00:00Z");
    // Published out of order: the series orders by start.
    for (int i : new int[] {2, 0, 4, 3, 1}) {
      RunResult r = i == 3 ? Runs.rerun(model, "run-" + i, t0.plusSeconds(3600L * i), Runs::contended)
          : i == 4 ? Runs.rerun(model, "run-" + i, t0.plusSeconds(3600L * i), c -> Runs.contended(c, 1.8))
          : Runs.rerun(model, "run-" + i, t0.plusSeconds(3600L * i), 1 + 0.1 * i);
      store.publish(RunRecord.of(r, true, null, null, new Provenance("c" + i, "main", false, null, null, null),
          "results"));
    }

    List<Series> series = SeriesReader.read(store, new SeriesQuery(io.gpubench.history.series.Figure.TIME, null,
        "main", true));

    assertThat(series).hasSize(25);
    Series first = series.get(0);
    assertThat(first.points()).extracting(pt -> pt.run().runId()).containsExactly("run-0", "run-1", "run-2",
        "run-3", "run-4");
    assertThat(first.points().get(1).value() / first.points().get(0).value()).isCloseTo(1.1,
        org.assertj.core.data.Offset.offset(1e-9));
    assertThat(first.points().get(3).flags()).singleElement().asString().startsWith("contended");
    assertThat(first.clean()).hasSize(3);
    // the flag's measured slowdown travels with the point: a contended run the probe measured is bounded by it
    assertThat(first.points().get(3).slowdown()).as("contended, nothing measured").isInfinite();
    assertThat(first.points().get(4).slowdown()).isEqualTo(1.8);
    assertThat(first.points().get(0).slowdown()).isEqualTo(1);
    assertThat(first.bounded()).extracting(pt -> pt.run().runId()).containsExactly("run-0", "run-1", "run-2",
        "run-4");
    assertThat(first.points().get(0).samples()).isNotEmpty();
    assertThat(first.points().get(0).low()).isLessThanOrEqualTo(first.points().get(0).value());
  }
}
