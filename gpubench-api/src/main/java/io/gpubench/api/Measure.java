package io.gpubench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.platform.commons.annotation.Testable;

/**
 * The timed call of a workload. Each method so annotated is one workload of its class and yields one case per
 * shape, precision and backend.
 *
 * <p>It takes no parameter or one {@link BenchContext}. It either writes the outputs it registered with
 * {@link BenchContext#output} and returns {@code void}, or returns its output: a {@link Tensor}, a
 * {@code float[]} or {@code double[]}, or an object a backend knows (a DJL {@code NDArray}). Its output is
 * checked against the class's {@link Reference} on the first warm-up call, and every later call must agree with
 * that call.
 *
 * <p>Meta-annotated {@link Testable} so that IDEs draw a run gutter on the method.
 */
@Documented
@Testable
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Measure {

  /**
   * The workload's name in reports; the method name when empty.
   *
   * @return the name
   */
  String value() default "";
}
