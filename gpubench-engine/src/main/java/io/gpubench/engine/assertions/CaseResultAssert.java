package io.gpubench.engine.assertions;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.api.result.Telemetry;
import java.util.Locale;
import org.assertj.core.api.AbstractObjectAssert;

/**
 * AssertJ assertions on one case's result, for users who check results in their own code:
 * {@code assertThat(result).isPassed().hasPsnrAtLeast(48).hasMaxAbsAtMost(0.02)}. Failure messages name the case,
 * the figure, the bound and the actual value.
 */
public final class CaseResultAssert extends AbstractObjectAssert<CaseResultAssert, CaseResult> {

  CaseResultAssert(CaseResult actual) {
    super(actual, CaseResultAssert.class);
  }

  /**
   * Verifies the case passed.
   *
   * @return this
   */
  public CaseResultAssert isPassed() {
    return hasStatus(CaseStatus.PASSED);
  }

  /**
   * Verifies the case's status.
   *
   * @param status the expected status
   * @return this
   */
  public CaseResultAssert hasStatus(CaseStatus status) {
    isNotNull();
    if (actual.status() != status) {
      failWithMessage("expected %s to be %s but was %s%s", actual.id(), status, actual.status(),
          actual.message() == null ? "" : ": " + actual.message());
    }
    return this;
  }

  /**
   * Verifies the PSNR against the reference.
   *
   * @param db the smallest PSNR allowed, in dB
   * @return this
   */
  public CaseResultAssert hasPsnrAtLeast(double db) {
    double v = error().psnrDb();
    if (!(v >= db)) {
      failWithMessage("expected %s to have psnrDb >= %s but was %s", actual.id(), db, fmt(v));
    }
    return this;
  }

  /**
   * Verifies the largest absolute error against the reference.
   *
   * @param bound the largest |d| allowed
   * @return this
   */
  public CaseResultAssert hasMaxAbsAtMost(double bound) {
    double v = error().maxAbs();
    if (!(v <= bound)) {
      failWithMessage("expected %s to have maxAbs <= %s but was %s", actual.id(), bound, fmt(v));
    }
    return this;
  }

  /**
   * Verifies the root-mean-square error against the reference.
   *
   * @param bound the largest rms(d) allowed
   * @return this
   */
  public CaseResultAssert hasRmsAtMost(double bound) {
    double v = error().rms();
    if (!(v <= bound)) {
      failWithMessage("expected %s to have rms <= %s but was %s", actual.id(), bound, fmt(v));
    }
    return this;
  }

  /**
   * Verifies the achieved FLOP rate at the median time.
   *
   * @param flopsPerSecond the smallest rate allowed
   * @return this
   */
  public CaseResultAssert hasFlopsPerSecondAtLeast(double flopsPerSecond) {
    isNotNull();
    if (actual.throughput() == null || actual.throughput().flopsPerSecond() == null) {
      failWithMessage("expected %s to report FLOP/s but it declares no @Cost(flops)", actual.id());
    }
    double v = actual.throughput().flopsPerSecond();
    if (!(v >= flopsPerSecond)) {
      failWithMessage("expected %s to reach %s FLOP/s but reached %s", actual.id(), fmt(flopsPerSecond), fmt(v));
    }
    return this;
  }

  /**
   * Verifies the device was neither throttled nor shared with another process during the trials.
   *
   * @return this
   */
  public CaseResultAssert ranOnAQuietDevice() {
    isNotNull();
    Telemetry t = actual.telemetry();
    if (t != null && (t.throttled() || t.shared())) {
      failWithMessage("expected %s to run on a quiet device but it was%s%s (reasons %s, processes %s)", actual.id(),
          t.throttled() ? " throttled" : "", t.shared() ? " shared" : "", t.throttleReasons(), t.otherProcesses());
    }
    return this;
  }

  private ErrorStats error() {
    isNotNull();
    if (actual.correctness() == null) {
      failWithMessage("expected %s to have been checked against a reference, but it has no correctness figures (%s)",
          actual.id(), actual.status());
    }
    return actual.correctness().error();
  }

  private static String fmt(double v) {
    return String.format(Locale.ROOT, "%.6g", v);
  }
}
