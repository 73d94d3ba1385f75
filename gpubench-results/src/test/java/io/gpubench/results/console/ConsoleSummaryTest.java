package io.gpubench.results.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.BackendId;
import io.gpubench.api.Precision;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.RunResult;
import io.gpubench.results.ResultsFileTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConsoleSummaryTest {

  @Test
  void listsEveryCaseCountsStatusesAndGroupsSkipReasons() {
    RunResult sample = ResultsFileTest.sampleRun();
    List<CaseResult> cases = new ArrayList<>(sample.cases());
    for (String p : List.of("FP32", "FP16")) {
      cases.add(new CaseResult("a.B#w[n=4][" + p + "][cuda:0]", "a.B", "w", "w [4, " + p + ", cuda:0]", BackendId.parse("cuda:0"),
          Precision.valueOf(p), Map.of("n", 4L), CaseStatus.SKIPPED, "no CUDA driver", null, null, null, null, null,
          Map.of()));
    }
    RunResult run = new RunResult(sample.schema(), "id", sample.startedAt(), sample.finishedAt(), sample.environment(),
        cases);

    String text = ConsoleSummary.render(run, "/tmp/results.json");

    assertThat(text).contains("gpubench results (3 cases)")
        .containsPattern("w \\[4, FP32, cpu\\]\\s+PASSED\\s+11 ns \\(8.516–13.48 ns\\)")
        .contains("1 passed, 0 failed, 0 errors, 2 skipped")
        .contains("  2 skipped: no CUDA driver (B 2)\n")
        .doesNotContain("w [4, FP32, cuda:0]")
        .contains("results: /tmp/results.json");
    // the run ends on its counts and where its results are
    assertThat(text.lines().toList()).last().isEqualTo("  results: /tmp/results.json");
  }

  @Test
  void ratesTakeThePrefixOfTheirSizeAndFlagsShow() {
    CaseResult c = ResultsFileTest.sampleRun().cases().get(0);
    var fast = new io.gpubench.api.result.Throughput(null, null, 2.42e12, null, 1.21e15, null, null, null, null, null);
    CaseResult flagged = new CaseResult(c.id(), c.benchmark(), c.workload(), c.displayName(), c.backend(),
        c.precision(), c.shape(), c.status(), null, c.timing(), c.correctness(), fast, null, null, c.metrics(), null,
        null, List.of(new io.gpubench.api.result.Flag("wide-plateau", "±40%")));
    RunResult sample = ResultsFileTest.sampleRun();
    String text = ConsoleSummary.render(new RunResult(sample.schema(), "id", sample.startedAt(), sample.finishedAt(),
        sample.environment(), List.of(flagged)), "/tmp/results.json");

    assertThat(text).contains("1.21 PFLOP/s").doesNotContain("e+").contains("WIDE-PLATEAU")
        .contains("flag WIDE-PLATEAU: the interval stopped narrowing well above its target").doesNotContain("±40%");
  }

  @Test
  void aHundredSkippedCasesFoldIntoALinePerReasonWithTheClassesNamed() {
    RunResult sample = ResultsFileTest.sampleRun();
    List<CaseResult> cases = new ArrayList<>(sample.cases());
    for (int i = 0; i < 100; i++) {
      String type = "a.Gemm" + (i % 4);
      String reason = i < 96 ? "no CUDA driver here (libcuda could not load)\n  tried: /usr/lib/libcuda.so.1\n  fix: install"
          : "DJL has no BF16";
      cases.add(new CaseResult(type + "#w[n=" + i + "][FP32][cuda:0]", type, "w", "w [" + i + ", FP32, cuda:0]",
          BackendId.parse("cuda:0"), Precision.FP32, Map.of("n", (long) i), CaseStatus.SKIPPED, reason, null, null,
          null, null, null, Map.of()));
    }
    RunResult run = new RunResult(sample.schema(), "id", sample.startedAt(), sample.finishedAt(), sample.environment(),
        cases);

    List<String> lines = ConsoleSummary.render(run, "/tmp/results.json").lines().toList();

    assertThat(lines).contains("  96 skipped: no CUDA driver here (libcuda could not load) (Gemm0 24, Gemm1 24, Gemm2 24, "
        + "and 1 more class)", "  4 skipped: DJL has no BF16 (Gemm0 1, Gemm1 1, Gemm2 1, and 1 more class)");
    assertThat(lines).noneMatch(l -> l.contains("tried:"));
    // a reason too long for a console line is cut there, whole in the report
    RunResult longReason = new RunResult(sample.schema(), "id", sample.startedAt(), sample.finishedAt(),
        sample.environment(), List.of(new CaseResult("a.B#w[n=1][FP32][cuda:0]", "a.B", "w", "w [1, FP32, cuda:0]",
            BackendId.parse("cuda:0"), Precision.FP32, Map.of("n", 1L), CaseStatus.SKIPPED, "x".repeat(300), null,
            null, null, null, null, Map.of())));
    assertThat(ConsoleSummary.render(longReason, "/tmp/r.json")).contains("1 skipped: " + "x".repeat(139 - 11) + "… (B 1)");
    // one screen: the title, the header, its rule, the one case that ran, two reasons, the pointer, counts, results
    assertThat(lines).hasSizeLessThanOrEqualTo(11);
  }

  @Test
  void aWorldShowsItsBusBandwidthAndTheRangeOfItsGpusClocks() {
    RunResult sample = ResultsFileTest.sampleRun();
    RunResult run = new RunResult(sample.schema(), "id", sample.startedAt(), sample.finishedAt(), sample.environment(),
        List.of(io.gpubench.results.compare.ReportFixtures.worldCase()));

    assertThat(ConsoleSummary.render(run, "/tmp/results.json"))
        .containsPattern("allreduce \\[256 MiB, FP32, world 2\\]\\s+PASSED")
        .contains("330.4 GB/s bus (1.36x bound)")
        .contains("SM clocks 1755-1980 MHz");
  }
}
