package io.gpubench.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.BackendId;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import org.junit.jupiter.api.Test;

class ChangeTest {

  @Test
  void intervalsApartAboveTheBaselineAreSlower() {
    CaseResult base = ReportFixtures.timedCase("a", 1000, 0.01, 30, 1);
    CaseResult other = ReportFixtures.timedCase("a", 1200, 0.01, 30, 2);
    Change change = Change.between(base, other);
    assertThat(change.verdict()).isEqualTo(Verdict.SLOWER);
    assertThat(change.ratio()).isCloseTo(1.2, org.assertj.core.data.Offset.offset(0.02));
    assertThat(change.reason()).endsWith("apart");
  }

  @Test
  void intervalsApartBelowTheBaselineAreFaster() {
    Change change = Change.between(
        ReportFixtures.timedCase("a", 1000, 0.01, 30, 1), ReportFixtures.timedCase("a", 800, 0.01, 30, 2));
    assertThat(change.verdict()).isEqualTo(Verdict.FASTER);
    assertThat(change.ratio()).isLessThan(1);
  }

  @Test
  void overlappingIntervalsAreNoClearChangeEvenWhenTheMediansDiffer() {
    CaseResult base = ReportFixtures.timedCase("a", 1000, 0.2, 10, 1);
    CaseResult other = ReportFixtures.timedCase("a", 1030, 0.2, 10, 2);
    Change change = Change.between(base, other);
    assertThat(change.verdict()).isEqualTo(Verdict.NO_CLEAR_CHANGE);
    assertThat(change.ratio()).isNotEqualTo(1.0);
    assertThat(change.reason()).endsWith("overlap");
  }

  @Test
  void aMissingOrFailedSideIsNotComparableAndSaysWhich() {
    CaseResult base = ReportFixtures.timedCase("a", 1000, 0.01, 30, 1);
    assertThat(Change.between(base, null).reason()).isEqualTo("this run lacks the case");
    assertThat(Change.between(null, base).reason()).isEqualTo("baseline lacks the case");
    CaseResult failed = new CaseResult("a", base.benchmark(), base.workload(), "a", BackendId.parse("cpu"), base.precision(),
        base.shape(), CaseStatus.FAILED, "maxAbs too large", base.timing(), null, null, null, null, null);
    Change change = Change.between(base, failed);
    assertThat(change.verdict()).isEqualTo(Verdict.NOT_COMPARABLE);
    assertThat(change.reason()).isEqualTo("this run: failed");
    assertThat(change.ratio()).isNaN();
  }
}
