package examples;

import io.gpubench.api.HostTensor;

/** A plain Java matrix product for the fixtures: c = a &middot; b, row-major. */
final class HostGemm {
  private HostGemm() {}

  static void gemm(float[] a, float[] b, float[] c, int m, int n, int k) {
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++) {
        float s = 0;
        for (int p = 0; p < k; p++) {
          s += a[i * k + p] * b[p * n + j];
        }
        c[i * n + j] = s;
      }
    }
  }

  static HostTensor gemm64(HostTensor a, HostTensor b, int m, int n, int k) {
    double[] c = new double[m * n];
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++) {
        double s = 0;
        for (int p = 0; p < k; p++) {
          s += a.get((long) i * k + p) * b.get((long) p * n + j);
        }
        c[i * n + j] = s;
      }
    }
    return HostTensor.ofDoubles("expected", c, m, n);
  }
}
