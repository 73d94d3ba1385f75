package io.gpubench.api;

import java.util.SplittableRandom;

/**
 * Seeded input values: the same seed and name give the same values on every backend, in every precision and in
 * every run, so that the reference and every case of a shape see the same data.
 */
public final class SeededInputs {

  private SeededInputs() {}

  /**
   * Values uniform in [-1, 1).
   *
   * @param seed the case's seed
   * @param name the input's name
   * @param count how many
   * @return the values
   */
  public static float[] uniform(long seed, String name, long count) {
    float[] v = new float[Math.toIntExact(count)];
    SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L ^ name.hashCode());
    for (int i = 0; i < v.length; i++) {
      v[i] = (float) (r.nextDouble() * 2 - 1);
    }
    return v;
  }
}
