package io.gpubench.maven.noise;

import java.util.Random;

/**
 * Background load for {@link GateFigures}, run in a JVM of its own: the noisy neighbour of a shared CI runner.
 * Each of {@code threads} threads alternates busy spells (integer work, no allocation) and idle spells, both of
 * random length drawn from an exponential distribution with the given mean; the share of time busy is
 * {@code duty}. On a 2-core machine two threads at 0.6 keep about 1.2 cores busy, in bursts the benchmarks cannot
 * predict. Arguments: {@code threads meanMillis duty seed}. Runs until killed.
 */
public final class LoadGenerator {
  private LoadGenerator() {}

  /**
   * Starts the load.
   *
   * @param args threads, mean spell in ms, busy share, seed
   */
  public static void main(String[] args) {
    int threads = Integer.parseInt(args[0]);
    double mean = Double.parseDouble(args[1]);
    double duty = Double.parseDouble(args[2]);
    long seed = Long.parseLong(args[3]);
    for (int t = 0; t < threads; t++) {
      Random random = new Random(seed + t);
      Thread thread = new Thread(() -> spin(random, mean, duty), "load-" + t);
      thread.start();
    }
  }

  private static void spin(Random random, double mean, double duty) {
    long sink = 0;
    while (true) {
      long busy = (long) (-Math.log(1 - random.nextDouble()) * mean * 2 * duty * 1e6);
      long idle = (long) (-Math.log(1 - random.nextDouble()) * mean * 2 * (1 - duty) * 1e6);
      long end = System.nanoTime() + busy;
      while (System.nanoTime() < end) {
        for (int i = 0; i < 10_000; i++) {
          sink = sink * 6364136223846793005L + i;
        }
      }
      try {
        Thread.sleep(idle / 1_000_000, (int) (idle % 1_000_000));
      } catch (InterruptedException e) {
        return;
      }
      if (sink == 42) {
        System.out.print("");
      }
    }
  }
}
