package io.gpubench.history.changes;

/**
 * The E-divisive means statistic of Matteson and James ("A Nonparametric Approach for Multiple Change Point Analysis
 * of Multivariate Data", 2014), over one stretch of a series: for every split {@code τ} of
 * {@code z[s..e)} and every end {@code κ} ({@code s < τ < κ ≤ e}),
 * <pre>
 * Q(τ, κ) = 2/(m+n) Σᵢⱼ |Xᵢ − Yⱼ|^α − 2m/((m+n)(n−1)) Σᵢ&lt;ₖ |Xᵢ − Xₖ|^α − 2n/((m+n)(m−1)) Σⱼ&lt;ₖ |Yⱼ − Yₖ|^α
 * </pre>
 * with {@code X = z[s..τ)} ({@code n} values) and {@code Y = z[τ..κ)} ({@code m}): the energy distance between the two
 * sides, scaled by {@code mn/(m+n)}. The candidate change point is the {@code τ} of the largest {@code Q}; the
 * statistic needs no assumption about the distribution, so a heavy tail does not fake a change. This is the
 * calculator of Apache Otava ({@code PairDistanceCalculator}), here with a two-dimensional prefix sum of the
 * distances, so that every {@code Q(τ, κ)} of a stretch costs O(1) after O(L²) set-up.
 */
final class EDivisive {

  private final double[] z;
  private final double alpha;

  EDivisive(double[] z, double alpha) {
    if (!(alpha > 0 && alpha < 2)) {
      throw new IllegalArgumentException("alpha " + alpha + " is not in (0, 2)");
    }
    this.z = z;
    this.alpha = alpha;
  }

  /**
   * A candidate: where the stretch splits, and the statistic there.
   *
   * @param index the first index of the right side
   * @param q the statistic
   */
  record Candidate(int index, double q) {}

  /**
   * The best split of {@code z[start..end)} with at least {@code minRun} values each side.
   *
   * @param start first index
   * @param end one past the last
   * @param minRun the fewest values a side may have, at least 1
   * @return the candidate, or null when the stretch is too short to split
   */
  Candidate best(int start, int end, int minRun) {
    int len = end - start;
    if (len < 2 * minRun) {
      return null;
    }
    // p[i][j] = Σ_{a<i, b<j} d(start+a, start+b): block sums of the distance matrix in O(1).
    double[][] p = new double[len + 1][len + 1];
    for (int i = 0; i < len; i++) {
      double row = 0;
      for (int j = 0; j < len; j++) {
        row += distance(start + i, start + j);
        p[i + 1][j + 1] = p[i][j + 1] + row;
      }
    }
    Candidate best = null;
    for (int tau = minRun; tau <= len - minRun; tau++) {
      int n = tau;
      double withinX = block(p, 0, tau, 0, tau) / 2;
      for (int kappa = tau + minRun; kappa <= len; kappa++) {
        int m = kappa - tau;
        double between = block(p, 0, tau, tau, kappa);
        double withinY = block(p, tau, kappa, tau, kappa) / 2;
        double q = 2.0 / (m + n) * between
            - (n > 1 ? 2.0 * m / ((m + n) * (double) (n - 1)) * withinX : 0)
            - (m > 1 ? 2.0 * n / ((m + n) * (double) (m - 1)) * withinY : 0);
        if (best == null || q > best.q()) {
          best = new Candidate(start + tau, q);
        }
      }
    }
    return best;
  }

  private double distance(int i, int j) {
    double d = Math.abs(z[i] - z[j]);
    return alpha == 1 ? d : Math.pow(d, alpha);
  }

  private static double block(double[][] p, int r0, int r1, int c0, int c1) {
    return p[r1][c1] - p[r0][c1] - p[r1][c0] + p[r0][c0];
  }
}
