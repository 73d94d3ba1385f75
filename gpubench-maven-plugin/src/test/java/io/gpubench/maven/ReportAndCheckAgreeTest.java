package io.gpubench.maven;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.RunResult;
import io.gpubench.api.result.Statistics;
import io.gpubench.maven.baseline.BaselineRecorder;
import io.gpubench.maven.baseline.BaselineSet;
import io.gpubench.maven.verdict.ComparedFigure;
import io.gpubench.maven.verdict.EnvironmentPolicy;
import io.gpubench.maven.verdict.RegressionCheck;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.compare.CaseComparator;
import io.gpubench.results.compare.CaseComparison;
import io.gpubench.results.compare.Comparison;
import io.gpubench.results.compare.Verdict;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code gpubench:report} and {@code gpubench:check} give the same verdict on the same two runs. The runs are two real
 * runs of the 25 noise cases of this module on the 2-core build machine under load; on them the report's former rule
 * (95% intervals of the mean apart) and the gate's former rule (median intervals, rank test, minimum effect)
 * disagreed, so one pair of files read SLOWER in one place and not in the other.
 */
final class ReportAndCheckAgreeTest {

  private final RunResult a = read("cpu-run-a.json");
  private final RunResult b = read("cpu-run-b.json");

  @Test
  void theReportAndTheGateGiveEveryCaseTheSameVerdict() {
    for (CaseComparator comparator : List.of(CaseComparator.DEFAULT, new CaseComparator(0.05, 0.10))) {
      Map<String, CaseComparison> report = new LinkedHashMap<>();
      for (Comparison.Row row : Comparison.of(List.of(a, b), comparator).rows()) {
        report.put(row.id(), row.changes().get(0));
      }
      BaselineSet baseline = BaselineSet.empty().with(BaselineRecorder.record(List.of(a), false).baseline(), false,
          10);
      RegressionCheck check = new RegressionCheck(comparator, ComparedFigure.TIME, EnvironmentPolicy.FAIL, List.of(),
          true, false, null);
      List<RegressionCheck.CaseComparisonEntry> gate = check.check(List.of(b), baseline, "a").comparisons();
      assertThat(gate).hasSize(25);
      for (RegressionCheck.CaseComparisonEntry e : gate) {
        CaseComparison r = report.get(e.caseId());
        assertThat(r.verdict()).as(e.caseId()).isEqualTo(e.comparison().verdict());
        assertThat(r.ambiguity()).as(e.caseId()).isEqualTo(e.comparison().ambiguity());
        assertThat(r.ratio()).as(e.caseId()).isEqualTo(e.comparison().ratio());
        assertThat(r.reason()).as(e.caseId()).isEqualTo(e.comparison().reason());
      }
    }
  }

  @Test
  void theFormerReportRuleAndTheFormerGateRuleDisagreedOnTheseRuns() {
    // The report's former rule, kept here only to show why this test exists; the gate's former rule is the one-run
    // comparison at its former settings (5% level, 5% effect), which the provisional comparison keeps.
    CaseComparator formerGate = new CaseComparator(0.05, 0.05);
    int disagreements = 0;
    Map<String, CaseResult> before = new LinkedHashMap<>();
    a.cases().forEach(c -> before.put(c.id(), c));
    for (Comparison.Row row : Comparison.of(List.of(a, b), formerGate).rows()) {
      CaseResult x = before.get(row.id());
      CaseResult y = row.cases().get(1);
      if (x == null || y == null || x.status() != CaseStatus.PASSED || y.status() != CaseStatus.PASSED) {
        continue;
      }
      Statistics sx = x.timing().primary();
      Statistics sy = y.timing().primary();
      Verdict meanRule = sy.ciLow() > sx.ciHigh() ? Verdict.SLOWER : sy.ciHigh() < sx.ciLow() ? Verdict.FASTER : null;
      Verdict gate = row.changes().get(0).verdict();
      boolean gateCalls = gate == Verdict.SLOWER || gate == Verdict.FASTER;
      if ((meanRule != null) != gateCalls || (meanRule != null && meanRule != gate)) {
        disagreements++;
      }
    }
    assertThat(disagreements).isPositive();
  }

  private static RunResult read(String name) {
    try {
      return ResultsFile.read(Path.of(ReportAndCheckAgreeTest.class.getResource("/recorded/" + name).toURI()));
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
