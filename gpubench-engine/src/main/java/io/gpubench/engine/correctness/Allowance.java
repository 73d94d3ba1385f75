package io.gpubench.engine.correctness;

import io.gpubench.api.CheckMetric;
import io.gpubench.api.result.Check;
import io.gpubench.api.result.ErrorStats;
import java.util.ArrayList;
import java.util.List;

/**
 * The tolerance that applies to one case, resolved from the class's {@code @Tolerance} entries for the case's
 * precision. NaN bounds are not checked.
 *
 * @param maxAbs largest |d|, or NaN
 * @param rms largest rms(d), or NaN
 * @param psnrDb smallest PSNR in dB, or NaN
 * @param range signal range for the PSNR
 * @param relL2 largest relative L2 error, or NaN
 */
public record Allowance(double maxAbs, double rms, double psnrDb, double range, double relL2) {

  /** No bound at all: only non-finite outputs fail. */
  public static final Allowance NONE = new Allowance(Double.NaN, Double.NaN, Double.NaN, 2.0, Double.NaN);

  /**
   * Whether any bound is set.
   *
   * @return true when something beyond finiteness is checked
   */
  public boolean bounded() {
    return !Double.isNaN(maxAbs) || !Double.isNaN(rms) || !Double.isNaN(psnrDb) || !Double.isNaN(relL2);
  }

  /**
   * Checks every bound at once, so that a failure reports all misses together.
   *
   * @param error the measured error
   * @return one check per bound set, with a {@code nonFinite} check first
   */
  public List<Check> check(ErrorStats error) {
    List<Check> checks = new ArrayList<>();
    checks.add(new Check(CheckMetric.NON_FINITE, error.nonFinite(), 0, error.nonFinite() == 0));
    upper(checks, CheckMetric.MAX_ABS, error.maxAbs(), maxAbs);
    upper(checks, CheckMetric.RMS, error.rms(), rms);
    if (!Double.isNaN(psnrDb)) {
      checks.add(new Check(CheckMetric.PSNR_DB, error.psnrDb(), psnrDb, error.psnrDb() >= psnrDb));
    }
    upper(checks, CheckMetric.REL_L2, error.relL2(), relL2);
    return checks;
  }

  private static void upper(List<Check> checks, CheckMetric metric, double actual, double bound) {
    if (!Double.isNaN(bound)) {
      checks.add(new Check(metric, actual, bound, actual <= bound));
    }
  }
}
