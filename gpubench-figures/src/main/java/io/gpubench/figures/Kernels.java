package io.gpubench.figures;

/**
 * The workloads both harnesses time, as plain static methods: neither harness's code is in them.
 *
 * <ul>
 *   <li>{@link #matmul}: a naive single-precision matrix product, {@value #MATMUL_N}³ multiply-adds, about 50 µs on
 *       our 2-core build machine; it needs C2 (tens of milliseconds of compilation) to reach its speed.
 *   <li>{@link #sum}: a serial sum of {@value #SUM_N} floats, about 40 ns (a chain of dependent additions, which C2
 *       does not vectorise).
 *   <li>{@link #map}: an operator applied over {@value #MAP_N} floats through an interface: its call site is shared
 *       by every class that maps, so a JVM that ran other classes' operators first has a megamorphic site there.
 * </ul>
 */
public final class Kernels {
  /** The matrices' side. */
  public static final int MATMUL_N = 38;
  /** The sum's length. */
  public static final int SUM_N = 32;
  /** The map's length. */
  public static final int MAP_N = 1024;

  private Kernels() {}

  /** An operator on floats. */
  @FunctionalInterface
  public interface FloatOp {
    /**
     * Applies the operator.
     *
     * @param x the argument
     * @return the result
     */
    float apply(float x);
  }

  /**
   * {@code c = a × b}, all {@code n × n}, row-major.
   *
   * @param a left
   * @param b right
   * @param c output
   * @param n side
   */
  public static void matmul(float[] a, float[] b, float[] c, int n) {
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        float s = 0;
        for (int k = 0; k < n; k++) {
          s += a[i * n + k] * b[k * n + j];
        }
        c[i * n + j] = s;
      }
    }
  }

  /**
   * The sum of the elements, in order.
   *
   * @param x the elements
   * @return the sum
   */
  public static float sum(float[] x) {
    float s = 0;
    for (float v : x) {
      s += v;
    }
    return s;
  }

  /**
   * {@code out[i] = op(in[i])}.
   *
   * @param in the arguments
   * @param out the results
   * @param op the operator
   */
  public static void map(float[] in, float[] out, FloatOp op) {
    for (int i = 0; i < in.length; i++) {
      out[i] = op.apply(in[i]);
    }
  }

  /**
   * Seeded values in [0, 1).
   *
   * @param n how many
   * @param seed the seed
   * @return the values
   */
  public static float[] values(int n, long seed) {
    java.util.Random r = new java.util.Random(seed);
    float[] v = new float[n];
    for (int i = 0; i < n; i++) {
      v[i] = r.nextFloat();
    }
    return v;
  }
}
