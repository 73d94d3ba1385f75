package io.example.imaging;

/** Plain Java image kernels on single-channel float images (row-major, h × w), each with an FP64 twin. */
final class Images {
  private Images() {}

  /** Horizontal then vertical box blur of radius r, clamped at the borders; tmp holds the first pass. */
  static void blur(float[] in, float[] tmp, float[] out, int h, int w, int r) {
    float scale = 1f / (2 * r + 1);
    for (int y = 0; y < h; y++) {
      int row = y * w;
      for (int x = 0; x < w; x++) {
        float s = 0;
        for (int d = -r; d <= r; d++) {
          s += in[row + Math.min(w - 1, Math.max(0, x + d))];
        }
        tmp[row + x] = s * scale;
      }
    }
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        float s = 0;
        for (int d = -r; d <= r; d++) {
          s += tmp[Math.min(h - 1, Math.max(0, y + d)) * w + x];
        }
        out[y * w + x] = s * scale;
      }
    }
  }

  static double[] blur64(double[] in, int h, int w, int r) {
    double[] tmp = new double[h * w];
    double[] out = new double[h * w];
    double scale = 1.0 / (2 * r + 1);
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        double s = 0;
        for (int d = -r; d <= r; d++) {
          s += in[y * w + Math.min(w - 1, Math.max(0, x + d))];
        }
        tmp[y * w + x] = s * scale;
      }
    }
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        double s = 0;
        for (int d = -r; d <= r; d++) {
          s += tmp[Math.min(h - 1, Math.max(0, y + d)) * w + x];
        }
        out[y * w + x] = s * scale;
      }
    }
    return out;
  }

  /** Gradient magnitude of the 3×3 Sobel operator; the border is 0. */
  static void sobel(float[] in, float[] out, int h, int w) {
    for (int x = 0; x < w; x++) {
      out[x] = 0;
      out[(h - 1) * w + x] = 0;
    }
    for (int y = 1; y < h - 1; y++) {
      out[y * w] = 0;
      out[y * w + w - 1] = 0;
      for (int x = 1; x < w - 1; x++) {
        int i = y * w + x;
        float gx = in[i - w + 1] + 2 * in[i + 1] + in[i + w + 1] - in[i - w - 1] - 2 * in[i - 1] - in[i + w - 1];
        float gy = in[i + w - 1] + 2 * in[i + w] + in[i + w + 1] - in[i - w - 1] - 2 * in[i - w] - in[i - w + 1];
        out[i] = (float) Math.sqrt(gx * gx + gy * gy);
      }
    }
  }

  static double[] sobel64(double[] in, int h, int w) {
    double[] out = new double[h * w];
    for (int y = 1; y < h - 1; y++) {
      for (int x = 1; x < w - 1; x++) {
        int i = y * w + x;
        double gx = in[i - w + 1] + 2 * in[i + 1] + in[i + w + 1] - in[i - w - 1] - 2 * in[i - 1] - in[i + w - 1];
        double gy = in[i + w - 1] + 2 * in[i + w] + in[i + w + 1] - in[i - w - 1] - 2 * in[i - w] - in[i - w + 1];
        out[i] = Math.sqrt(gx * gx + gy * gy);
      }
    }
    return out;
  }

  /** 1 where the pixel is above t, else 0. */
  static void threshold(float[] in, float[] out, float t) {
    for (int i = 0; i < in.length; i++) {
      out[i] = in[i] > t ? 1f : 0f;
    }
  }

  /** Bin counts of values in [-1, 1) over {@code bins} bins (values outside are clamped). */
  static void histogram(float[] in, float[] counts) {
    int bins = counts.length;
    java.util.Arrays.fill(counts, 0f);
    for (float v : in) {
      int b = (int) ((v + 1f) * 0.5f * bins);
      counts[Math.min(bins - 1, Math.max(0, b))] += 1f;
    }
  }

  static double[] histogram64(double[] in, int bins) {
    double[] counts = new double[bins];
    for (double v : in) {
      // the float kernel bins the float value: bin it as the kernel sees it
      float f = (float) v;
      int b = (int) ((f + 1f) * 0.5f * bins);
      counts[Math.min(bins - 1, Math.max(0, b))] += 1;
    }
    return counts;
  }

  /** Halves each side by averaging 2×2 blocks. */
  static void downscale(float[] in, float[] out, int h, int w) {
    int ow = w / 2;
    for (int y = 0; y < h / 2; y++) {
      for (int x = 0; x < ow; x++) {
        int i = 2 * y * w + 2 * x;
        out[y * ow + x] = 0.25f * (in[i] + in[i + 1] + in[i + w] + in[i + w + 1]);
      }
    }
  }

  static double[] downscale64(double[] in, int h, int w) {
    int ow = w / 2;
    double[] out = new double[(h / 2) * ow];
    for (int y = 0; y < h / 2; y++) {
      for (int x = 0; x < ow; x++) {
        int i = 2 * y * w + 2 * x;
        out[y * ow + x] = 0.25 * (in[i] + in[i + 1] + in[i + w] + in[i + w + 1]);
      }
    }
    return out;
  }
}
