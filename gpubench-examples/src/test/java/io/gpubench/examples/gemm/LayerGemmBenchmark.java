package io.gpubench.examples.gemm;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Cost;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Measure;
import io.gpubench.api.Precision;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Tensor;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;

/**
 * The GEMMs of a vision transformer's encoder block, as its layers run them: C[m&times;n] = A[m&times;k] &middot;
 * B[k&times;n] with m the tokens of one image (its 16&times;16 patches and the class token), k a layer's input
 * features and n its outputs. The four layers are a zipped axis, {@code (layer,m,n,k)}, so that each shape is a layer
 * as the model has it rather than the product of every m, n and k; {@code layout} says how the CPU kernel stores B.
 *
 * <ul>
 *   <li>{@code layout=row}: B row-major (k&times;n); the kernel runs i-k-j, its inner loop a contiguous
 *       {@code c[j] += a * b[j]} that C2 vectorises.</li>
 *   <li>{@code layout=col}: B column-major (n&times;k, B transposed), as a weight matrix is often stored; the kernel
 *       runs i-j-k, each output a dot product of two contiguous rows, a float reduction C2 does not reorder and so
 *       does not vectorise.</li>
 * </ul>
 *
 * <p>The default profile is ViT-Ti/16 (DeiT-Tiny: 192 features, MLP 768) on a 64&times;64 image, 17 tokens, so that
 * its eight cases take a few seconds on two cores; {@code full} is ViT-B/16 (768 features, MLP 3072: the GPU-Insights
 * suite's vit) on a 224&times;224 image, 197 tokens. Each case is checked against an FP64 product of the same inputs:
 * the error of an FP32 sum grows with its k products, maxAbs 3.4e-5 at k = 768 and 1.6e-4 at k = 3072 on the build
 * machine (inputs uniform in [-1, 1]), and the bound is 2.5 times the larger; a wrong index or an unwritten output
 * misses it by orders of magnitude.
 */
@GpuBenchmark
@Shape("(layer,m,n,k)=(qkv,17,576,192)|(proj,17,192,192)|(fc1,17,768,192)|(fc2,17,192,768), layout=row|col")
@Shape(value = "(layer,m,n,k)=(qkv,197,2304,768)|(proj,197,768,768)|(fc1,197,3072,768)|(fc2,197,768,3072),"
    + " layout=row|col", profile = "full")
@Tolerance(relL2 = 2e-5, maxAbs = 4e-4, range = 20)
@Trials(warmup = 2, min = 5, max = 30, targetRelativeHalfWidth = 0.03, budgetSeconds = 0.3, maxWarmupSeconds = 1)
@Cost(flops = "2*m*n*k", bytes = "e*(m*k + k*n + m*n)")
public class LayerGemmBenchmark {

  /** How B is stored: by rows (k&times;n) or by columns (n&times;k). */
  public enum Layout { ROW, COL }

  private Layout layout;
  private int m;
  private int n;
  private int k;
  private float[] a;
  private float[] b;
  private HostTensor c;

  @Setup
  void setup(BenchContext ctx) {
    layout = ctx.axis("layout", Layout.class);
    m = ctx.dim("m");
    n = ctx.dim("n");
    k = ctx.dim("k");
    a = ((HostTensor) ctx.random("a", m, k)).floats();
    float[] rows = ((HostTensor) ctx.random("b", k, n)).floats();
    b = layout == Layout.ROW ? rows : transposed(rows, k, n);
    c = (HostTensor) ctx.output("c", m, n);
  }

  /** C = A &middot; B with B in the case's layout; every element of C is written. */
  @Measure
  void gemm() {
    float[] out = c.floats();
    if (layout == Layout.ROW) {
      for (int i = 0; i < m; i++) {
        int row = i * n;
        java.util.Arrays.fill(out, row, row + n, 0f);
        for (int p = 0; p < k; p++) {
          float x = a[i * k + p];
          int bp = p * n;
          for (int j = 0; j < n; j++) {
            out[row + j] += x * b[bp + j];
          }
        }
      }
    } else {
      for (int i = 0; i < m; i++) {
        int ai = i * k;
        for (int j = 0; j < n; j++) {
          int bj = j * k;
          float s = 0;
          for (int p = 0; p < k; p++) {
            s += a[ai + p] * b[bj + p];
          }
          out[i * n + j] = s;
        }
      }
    }
  }

  /** The same (rounded) inputs multiplied in FP64, in the row-major layout whichever the case's is. */
  @Reference(precision = Precision.FP64)
  Tensor fp64(BenchContext ctx) {
    HostTensor a64 = (HostTensor) ctx.random("a", m, k);
    HostTensor b64 = (HostTensor) ctx.random("b", k, n);
    double[] out = new double[m * n];
    for (int i = 0; i < m; i++) {
      for (int p = 0; p < k; p++) {
        double x = a64.get((long) i * k + p);
        for (int j = 0; j < n; j++) {
          out[i * n + j] += x * b64.get((long) p * n + j);
        }
      }
    }
    return HostTensor.ofDoubles("c", out, m, n);
  }

  private static float[] transposed(float[] rows, int k, int n) {
    float[] cols = new float[rows.length];
    for (int p = 0; p < k; p++) {
      for (int j = 0; j < n; j++) {
        cols[j * k + p] = rows[p * n + j];
      }
    }
    return cols;
  }
}
