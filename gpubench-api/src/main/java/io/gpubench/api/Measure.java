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
 * <p>It takes no parameter, a {@link BenchContext}, a {@link Blackhole}, or both (in either order). It either writes
 * the outputs it registered with {@link BenchContext#output} and returns {@code void}, or returns its output: a
 * {@link Tensor}, a {@code float[]} or {@code double[]}, or an object a backend knows (a DJL {@code NDArray}). Its
 * output is checked against the class's {@link Reference} on the first warm-up call, and every later call must agree
 * with that call.
 *
 * <p>How it is timed. A trial's calls run in one loop compiled with the method (JMH's shape): no reflection,
 * boxing or allocation of the engine's between calls. What it returns is consumed so that the JIT cannot drop the
 * work: a primitive, an array or a {@code String} by a {@link Blackhole}; any other object (a tensor, a framework's
 * array) is kept until the trial's clock stops and then released. A {@code void} method that computes values it
 * does not store must hand them to its {@link Blackhole} parameter, or it may be compiled to nothing.
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
