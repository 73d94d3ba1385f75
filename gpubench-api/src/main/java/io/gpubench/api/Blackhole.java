package io.gpubench.api;

import java.lang.ref.WeakReference;

/**
 * Consumes values so that the JIT compiler can neither drop the work that made them nor move it out of the timed
 * loop. The engine consumes what a {@link Measure} method returns itself; a measure that returns {@code void} and
 * computes something it does not store takes a {@code Blackhole} parameter and hands its results to it:
 *
 * <pre>{@code
 * @Measure
 * void sums(Blackhole sink) {     // may also take a BenchContext, in either order
 *   sink.consume(sum(a));
 *   sink.consume(sum(b));
 * }
 * }</pre>
 *
 * <p>Without it, a measure whose results go nowhere may be compiled to nothing, and its figure is that of an empty
 * call. Returning the one result is as good, and a measure that writes its outputs into arrays registered with
 * {@link BenchContext#output} needs neither: its stores are its effect.
 *
 * <p>How, as JMH's {@code Blackhole} does it: each {@code consume} reads two volatile fields that differ and compares
 * the value with both ({@code v == a & v == b}, which can never hold but which the compiler cannot prove false), so
 * the value must be computed; the
 * volatile reads keep every call's loads inside its own iteration of the loop. An object is in addition stored, very
 * rarely, where the compiler cannot see it, so that it cannot be scalar-replaced. A call costs about a nanosecond.
 * One instance serves one thread.
 */
public final class Blackhole {
  // Two values that differ, read back as volatile on every call: v == a & v == b never holds, but a compiler that
  // cannot see a and b cannot know that, so it must compute v. (Not (v ^ a) == (v ^ b): a compiler reduces that to
  // a == b and drops v, and with it the work that made v.)
  private volatile long longA = 0x5eed_c0ffee_0001L;
  private volatile long longB = 0x5eed_c0ffee_0002L;
  private volatile int intA = 0x5eed_0001;
  private volatile int intB = 0x5eed_0002;
  private volatile double doubleA = Math.PI;
  private volatile double doubleB = Math.E;
  private volatile boolean boolA;
  private volatile boolean boolB = true;
  private volatile int objectMask = 1;
  private int random = (int) System.nanoTime();
  private long escapedLong;
  private Object escaped;

  /** Makes a sink; the engine makes the one a {@link Measure} method receives. */
  public Blackhole() {}

  /**
   * Consumes a value.
   *
   * @param v the value
   */
  public void consume(long v) {
    if (v == longA & v == longB) {
      escapedLong = v; // never: longA and longB differ
    }
  }

  /**
   * Consumes a value.
   *
   * @param v the value
   */
  public void consume(int v) {
    if (v == intA & v == intB) {
      escapedLong = v;
    }
  }

  /**
   * Consumes a value.
   *
   * @param v the value
   */
  public void consume(short v) {
    consume((int) v);
  }

  /**
   * Consumes a value.
   *
   * @param v the value
   */
  public void consume(byte v) {
    consume((int) v);
  }

  /**
   * Consumes a value.
   *
   * @param v the value
   */
  public void consume(char v) {
    consume((int) v);
  }

  /**
   * Consumes a value.
   *
   * @param v the value
   */
  public void consume(double v) {
    if (v == doubleA & v == doubleB) {
      escapedLong = Double.doubleToRawLongBits(v); // never: the two differ
    }
  }

  /**
   * Consumes a value.
   *
   * @param v the value
   */
  public void consume(float v) {
    consume((double) v);
  }

  /**
   * Consumes a value.
   *
   * @param v the value
   */
  public void consume(boolean v) {
    if (v == boolA & v == boolB) {
      escapedLong = 1; // never: the two differ
    }
  }

  /**
   * Consumes an object: it must exist, so its allocation and the work that filled it stay.
   *
   * @param o the object, may be null
   */
  public void consume(Object o) {
    int mask = objectMask;
    int r = random * 1664525 + 1013904223;
    random = r;
    if ((r & mask) == 0) {
      // Rarely, and ever more rarely: the object escapes where the compiler cannot follow it.
      escaped = new WeakReference<>(o);
      objectMask = (mask << 1) + 1;
    }
  }
}
