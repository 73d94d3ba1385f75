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
   * @throws IllegalArgumentException naming both tensors when their sizes or layouts differ ({@link Layouts})
   */
  public static ErrorStats compare(HostTensor actual, HostTensor expected, double range) {
    Layouts.requireComparable(actual, expected);
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

  /**
   * Fails when a reference is not finite. Called on the reference itself, once, before any output is compared with
   * it: a NaN in the reference otherwise reads as {@code maxAbs NaN > allowed ...}, a failure blamed on the output.
   * (Not inside {@link #compare}: that also compares later calls with the checked call, whose NaNs are the output's.)
   *
   * @param reference the reference
   * @throws IllegalArgumentException naming the reference, how many elements are not finite and the first
   */
  public static void requireFinite(HostTensor reference) {
    long bad = 0;
    long first = -1;
    for (long i = 0; i < reference.size(); i++) {
      if (!Double.isFinite(reference.get(i))) {
        bad++;
        first = first < 0 ? i : first;
      }
    }
    if (bad > 0) {
      throw new IllegalArgumentException("reference '" + reference.name() + "' is not finite: " + bad + " of "
          + reference.size() + " elements are NaN or infinite (the first at index " + first + ", "
          + reference.get(first) + "); the reference is broken, not the output");
    }
  }
}
