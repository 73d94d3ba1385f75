package io.gpubench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The expected output of the class's workloads, computed once per case after {@link Setup}, before the warm-up,
 * and not timed. The method receives a context whose {@link BenchContext#precision()} is the case's precision (the
 * precision the inputs were rounded to) and whose {@link BenchContext#referencePrecision()} is {@link #precision()},
 * the precision to compute in. It returns what a {@link Measure} method may return.
 *
 * <p>The reference is compared with the output of the first warm-up call under the class's {@link Tolerance}.
 *
 * <p>A class whose workloads return or register an output must declare a reference; a class with a tolerance and
 * no reference fails discovery, and so does a reference with no {@link Tolerance} bound for one of the class's
 * precisions.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Reference {

  /**
   * The precision to compute the reference in.
   *
   * @return {@link Precision#FP64} by default
   */
  Precision precision() default Precision.FP64;
}
