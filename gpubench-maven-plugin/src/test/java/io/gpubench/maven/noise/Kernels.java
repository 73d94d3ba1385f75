package io.gpubench.maven.noise;

import io.gpubench.api.HostTensor;
import io.gpubench.api.Tensor;

/** Plain Java kernels for the noise benchmarks, each with its FP64 reference. */
final class Kernels {
  private Kernels() {}

  static void gemm(float[] a, float[] b, float[] c, int n) {
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        float s = 0;
        for (int p = 0; p < n; p++) {
          s += a[i * n + p] * b[p * n + j];
        }
        c[i * n + j] = s;
      }
    }
  }

  static Tensor gemm64(HostTensor a, HostTensor b, int n) {
    double[] c = new double[n * n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        double s = 0;
        for (int p = 0; p < n; p++) {
          s += a.get((long) i * n + p) * b.get((long) p * n + j);
        }
        c[i * n + j] = s;
      }
    }
    return HostTensor.ofDoubles("expected", c, n, n);
  }

  static void axpy(float[] x, float[] y, float[] out) {
    for (int i = 0; i < out.length; i++) {
      out[i] = 2.5f * x[i] + y[i];
    }
  }

  static void softmax(float[] x, float[] out, int rows, int cols) {
    for (int r = 0; r < rows; r++) {
      int o = r * cols;
      float max = Float.NEGATIVE_INFINITY;
      for (int c = 0; c < cols; c++) {
        max = Math.max(max, x[o + c]);
      }
      float sum = 0;
      for (int c = 0; c < cols; c++) {
        float e = (float) Math.exp(x[o + c] - max);
        out[o + c] = e;
        sum += e;
      }
      for (int c = 0; c < cols; c++) {
        out[o + c] /= sum;
      }
    }
  }

  static Tensor softmax64(HostTensor x, int rows, int cols) {
    double[] out = new double[rows * cols];
    for (int r = 0; r < rows; r++) {
      double max = Double.NEGATIVE_INFINITY;
      for (int c = 0; c < cols; c++) {
        max = Math.max(max, x.get((long) r * cols + c));
      }
      double sum = 0;
      for (int c = 0; c < cols; c++) {
        out[r * cols + c] = Math.exp(x.get((long) r * cols + c) - max);
        sum += out[r * cols + c];
      }
      for (int c = 0; c < cols; c++) {
        out[r * cols + c] /= sum;
      }
    }
    return HostTensor.ofDoubles("expected", out, rows, cols);
  }

  static void conv(float[] x, float[] w, float[] out) {
    int taps = w.length;
    for (int i = 0; i < out.length; i++) {
      float s = 0;
      for (int t = 0; t < taps; t++) {
        s += x[i + t] * w[t];
      }
      out[i] = s;
    }
  }

  static Tensor conv64(HostTensor x, HostTensor w, int n, int taps) {
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      double s = 0;
      for (int t = 0; t < taps; t++) {
        s += x.get(i + t) * w.get(t);
      }
      out[i] = s;
    }
    return HostTensor.ofDoubles("expected", out, n);
  }

  static void rowSums(float[] x, float[] out, int rows, int cols) {
    for (int r = 0; r < rows; r++) {
      float s = 0;
      for (int c = 0; c < cols; c++) {
        s += x[r * cols + c];
      }
      out[r] = s;
    }
  }

  static Tensor rowSums64(HostTensor x, int rows, int cols) {
    double[] out = new double[rows];
    for (int r = 0; r < rows; r++) {
      double s = 0;
      for (int c = 0; c < cols; c++) {
        s += x.get((long) r * cols + c);
      }
      out[r] = s;
    }
    return HostTensor.ofDoubles("expected", out, rows);
  }
}
