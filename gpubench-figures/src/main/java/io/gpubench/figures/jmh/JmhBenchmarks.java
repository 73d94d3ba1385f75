package io.gpubench.figures.jmh;

import io.gpubench.figures.Kernels;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** The same static methods under JMH 1.37, with the same inputs; the runner sets forks and iterations. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class JmhBenchmarks {
  private static final Kernels.FloatOp OP = x -> x * x;
  private final float[] a = Kernels.values(Kernels.MATMUL_N * Kernels.MATMUL_N, 1);
  private final float[] b = Kernels.values(Kernels.MATMUL_N * Kernels.MATMUL_N, 2);
  private final float[] c = new float[Kernels.MATMUL_N * Kernels.MATMUL_N];
  private final float[] x = Kernels.values(Kernels.SUM_N, 3);
  private final float[] in = Kernels.values(Kernels.MAP_N, 4);
  private final float[] out = new float[Kernels.MAP_N];

  /** The ~50 µs matmul. */
  @Benchmark
  public void matmul() {
    Kernels.matmul(a, b, c, Kernels.MATMUL_N);
  }

  /**
   * The ~40 ns sum.
   *
   * @return the sum, consumed by JMH
   */
  @Benchmark
  public float sum() {
    return Kernels.sum(x);
  }

  /** An empty benchmark. */
  @Benchmark
  public void empty() {}

  /** The map kernel with {@code MapCCase}'s operator. */
  @Benchmark
  public void map() {
    Kernels.map(in, out, OP);
  }
}
