package io.gpubench.engine.correctness;

import io.gpubench.api.HostTensor;
import io.gpubench.api.result.ErrorStats;

/**
 * The error of a host output against a host reference. Differences are accumulated in double precision over the
 * elements where the output is finite; non-finite outputs are counted apart, since one NaN would otherwise hide
 * every other figure.
 */
public final class HostErrorMetrics {

  private HostErrorMetrics() {}

  /**
   * Compares two host tensors.
   *
   * @param actual the output
   * @param expected the reference
   * @param range the signal's peak-to-peak range, for the PSNR
   * @return the figures
   * @throws IllegalArgumentException naming both tensors when their sizes differ
   */
  public static ErrorStats compare(HostTensor actual, HostTensor expected, double range) {
    if (actual.size() != expected.size()) {
      throw new IllegalArgumentException("output '" + actual.name() + "' has " + actual.size()
          + " elements, reference '" + expected.name() + "' has " + expected.size());
    }
    long n = actual.size();
    long nonFinite = 0;
    double maxAbs = 0;
    double sumSqDiff = 0;
    double sumSqRef = 0;
    for (long i = 0; i < n; i++) {
      double a = actual.get(i);
      double r = expected.get(i);
      if (!Double.isFinite(a)) {
        nonFinite++;
        continue;
      }
      double d = a - r;
      maxAbs = Math.max(maxAbs, Math.abs(d));
      sumSqDiff += d * d;
      sumSqRef += r * r;
    }
    return ErrorStats.fromSums(n - nonFinite, nonFinite, maxAbs, sumSqDiff, sumSqRef, range);
  }
}
