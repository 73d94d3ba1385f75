package io.gpubench.maven.baseline;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Timing;
import io.gpubench.api.result.Trial;
import java.util.List;

/**
 * The raw per-call times of a case on its primary clock: the device's timer where the case had one, else the host
 * clock. Comparisons use the same clock on both sides, so the clock is kept with the samples.
 *
 * @param clock {@code "device"} or {@code "host"}
 * @param nanos the per-call times of every trial, in trial order
 */
public record CaseSamples(String clock, List<Double> nanos) {

  /** The clock name for device-timer samples. */
  public static final String DEVICE = "device";

  /** The clock name for host-clock samples. */
  public static final String HOST = "host";

  /**
   * Makes the samples, copying the list.
   *
   * @param clock the clock
   * @param nanos the times
   */
  public CaseSamples {
    nanos = List.copyOf(nanos);
  }

  /**
   * Takes the samples of a case.
   *
   * @param c the case
   * @return the samples; empty when the case was not timed
   */
  public static CaseSamples of(CaseResult c) {
    Timing t = c.timing();
    if (t == null) {
      return new CaseSamples(HOST, List.of());
    }
    if (t.device() != null) {
      return new CaseSamples(DEVICE, t.trials().stream().map(Trial::deviceNanos).filter(v -> v != null).toList());
    }
    return new CaseSamples(HOST, t.trials().stream().map(Trial::hostNanos).toList());
  }

  /**
   * The median of the samples.
   *
   * @return the median, or NaN when there are none
   */
  public double median() {
    return median(toArray());
  }

  /**
   * The median of values.
   *
   * @param xs the values, left unchanged
   * @return the median, or NaN when there are none
   */
  public static double median(double[] xs) {
    if (xs.length == 0) {
      return Double.NaN;
    }
    double[] s = xs.clone();
    java.util.Arrays.sort(s);
    int m = s.length / 2;
    return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
  }

  /**
   * The samples as an array, for the statistics.
   *
   * @return the times
   */
  public double[] toArray() {
    return nanos.stream().mapToDouble(Double::doubleValue).toArray();
  }
}
