package io.gpubench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The input shape of the class's {@link Model} workloads for a case: the method takes no parameter or one
 * {@link BenchContext} and returns a {@code long[]} such as {@code {batch, 3, 32, 32}}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface ModelInput {}
