package io.gpubench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The allowance a case's output gets against its reference. A bound left at {@code NaN} is not checked; every
 * bound that is set must be non-negative. With {@code d = output - reference}:
 *
 * <ul>
 *   <li>{@link #maxAbs()}: the largest {@code |d|} allowed;
 *   <li>{@link #rms()}: the largest {@code sqrt(mean(d^2))} allowed;
 *   <li>{@link #psnrDb()}: the smallest {@code 10 log10(range^2 / mean(d^2))} allowed, with {@link #range()} the
 *       declared peak-to-peak range of the signal;
 *   <li>{@link #relL2()}: the largest {@code ||d|| / ||reference||} allowed.
 * </ul>
 *
 * <p>Non-finite output elements always fail the check. Repeat the annotation with {@link #precision()} set to
 * give one precision its own allowance; an entry without a precision applies to the others.
 *
 * <p>Discovery fails the class when an entry names a precision the class does not run ({@link Precisions}), and
 * when a precision whose output is compared with a reference (a {@link Reference}, or a {@link Model}'s FP32 output)
 * has no bound: there is no default, since the error a correct kernel makes depends on the computation (a sum over
 * thousands of terms in FP16 is off by far more than an element-wise op). The message proposes a starting bound.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Repeatable(Tolerance.List.class)
public @interface Tolerance {

  /**
   * The largest absolute error allowed.
   *
   * @return a bound, or NaN for none
   */
  double maxAbs() default Double.NaN;

  /**
   * The largest root-mean-square error allowed.
   *
   * @return a bound, or NaN for none
   */
  double rms() default Double.NaN;

  /**
   * The smallest peak signal-to-noise ratio allowed, in decibels; needs {@link #range()}.
   *
   * @return a bound, or NaN for none
   */
  double psnrDb() default Double.NaN;

  /**
   * The peak-to-peak range of the signal, for the PSNR.
   *
   * @return the range; 2.0 (a signal in [-1, 1]) by default
   */
  double range() default 2.0;

  /**
   * The largest relative L2 error allowed.
   *
   * @return a bound, or NaN for none
   */
  double relL2() default Double.NaN;

  /**
   * The precisions this allowance is for; empty for every precision without an entry of its own.
   *
   * @return the precisions
   */
  Precision[] precision() default {};

  /** Container for repeated {@link Tolerance} annotations. */
  @Documented
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.TYPE)
  @interface List {
    /**
     * The repeated tolerances.
     *
     * @return the annotations
     */
    Tolerance[] value();
  }
}
