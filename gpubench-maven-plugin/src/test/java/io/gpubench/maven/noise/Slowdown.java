package io.gpubench.maven.noise;

/**
 * How many times each noise benchmark repeats its kernel per call: 5 here. {@link GateFigures} compiles other
 * versions of this class (6 for a 20% slowdown, 10 for 2×) into folders of their own and puts one before this one on
 * a run's class path: another build of the same benchmarks, as a changed method would be. A method, not a constant,
 * so the benchmarks' bytecode does not inline it.
 */
public final class Slowdown {
  private Slowdown() {}

  /**
   * Repetitions of the kernel per call.
   *
   * @return 5
   */
  public static int reps() {
    return 5;
  }
}
