package io.gpubench.engine.bench;

import io.gpubench.api.spi.TrialConditions;
import java.util.List;
import java.util.Locale;

/**
 * Tells a CPU trial that ran on a core slowed by a neighbour, so that it is discarded and measured again as a trial
 * on a throttled GPU is.
 *
 * <p>Why. On a shared 2-core runner, throughput-bound kernels (a small matrix product, a convolution, a softmax) ran
 * 1.5 times slower for stretches of a second or more, in whole cases, while latency-bound and memory-bound ones did
 * not move: the core's execution ports were shared with another thread (a hyperthread sibling, here or on the host
 * the virtual machine runs on). Nothing in the JVM sees it: the thread is never descheduled, its CPU time is its wall
 * time. A run caught in such a stretch read as a regression of every case it timed there.
 *
 * <p>How. After each host-timed trial a fixed probe runs: a 16×16 single-precision matrix product, four times (about
 * 5 µs on the build machine), throughput-bound like those kernels. A trial whose probe took more than
 * {@value #FACTOR} times the quietest probe this JVM has seen counts as contended. The probe runs outside the trial's
 * clock; it shares the trial's stretch of time, since such stretches last far longer than a trial. The quietest
 * probe is this JVM's (a worker measures a class's cases one after the other), and {@link #prime()} times it many
 * times as the worker starts, so that a stretch of contention early in a case is measured against a quiet core.
 * Where the whole of a worker's life is contended, nothing can be told, and nothing is claimed.
 */
final class CpuContention {
  /** A probe slower than this many times the quietest marks its trial contended. */
  static final double FACTOR = 1.25;

  private static final int N = 16;
  private static final int REPEATS = 4;
  private static final int PRIME_PROBES = 3_000;
  private static final CpuContention JVM = new CpuContention();
  // One reason for every contended trial: the series lists the distinct reasons it discarded trials for.
  private static final TrialConditions CONTENDED = new TrialConditions(List.of(String.format(Locale.ROOT,
      "%s: a probe after the trial took over %.2fx its quiet time", TrialConditions.CPU_CONTENDED, FACTOR)), null);
  private static final TrialConditions QUIET = new TrialConditions(List.of(), null);

  // The methods that touch these are synchronized: with gpubench.parallel.enabled, cases of one JVM run on several
  // threads and share the JVM's probe. An uncontended lock costs tens of nanoseconds against a ~5 µs probe.
  private final float[] a = new float[N * N];
  private final float[] b = new float[N * N];
  private final float[] c = new float[N * N];
  private double quietest = Double.POSITIVE_INFINITY;
  private float sink;
  private boolean primed;

  /** A probe with no quiet time yet (the JVM's is {@link #ofThisJvm()}). */
  CpuContention() {
    for (int i = 0; i < N * N; i++) {
      a[i] = (i % 7) * 0.25f;
      b[i] = (i % 5) * 0.5f;
    }
  }

  /**
   * The probe of this JVM.
   *
   * @return it
   */
  static CpuContention ofThisJvm() {
    return JVM;
  }

  /** Compiles the probe and finds the core's quiet time; once per JVM. */
  synchronized void prime() {
    if (primed) {
      return;
    }
    primed = true;
    for (int i = 0; i < PRIME_PROBES; i++) {
      judge(probe());
    }
  }

  /**
   * Times the probe after a trial.
   *
   * @return the trial's conditions: contended (a reason) or not
   */
  synchronized TrialConditions afterTrial() {
    return judge(probe());
  }

  /**
   * Judges a probe's time against the quietest so far, which it may lower.
   *
   * @param nanos the probe's time
   * @return contended (a reason) or not
   */
  synchronized TrialConditions judge(double nanos) {
    quietest = Math.min(quietest, nanos);
    return nanos > FACTOR * quietest ? CONTENDED : QUIET;
  }

  private double probe() {
    long start = System.nanoTime();
    for (int r = 0; r < REPEATS; r++) {
      for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) {
          float s = 0;
          for (int k = 0; k < N; k++) {
            s += a[i * N + k] * b[k * N + j];
          }
          c[i * N + j] = s;
        }
      }
    }
    double nanos = System.nanoTime() - start;
    sink += c[r(nanos)];
    return nanos;
  }

  // An index the JIT cannot know, so that the product is kept.
  private static int r(double nanos) {
    return (int) ((long) nanos & (N * N - 1));
  }

  /**
   * Keeps the probe's results alive.
   *
   * @return a value nobody reads
   */
  float sink() {
    return sink;
  }
}
