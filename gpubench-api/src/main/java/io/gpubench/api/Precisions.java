package io.gpubench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The precisions a benchmark class runs in: one case per listed precision. A backend that cannot compute in a
 * precision skips that case with the reason. The configuration key {@code gpubench.precisions} narrows the set.
 * Without this annotation a class runs in {@link Precision#FP32}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Precisions {

  /**
   * The precisions, in report order.
   *
   * @return one or more precisions
   */
  Precision[] value();
}
