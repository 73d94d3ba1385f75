package io.gpubench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A method run once per case before the reference and the warm-up, on the case's backend, and not timed: it
 * allocates inputs and outputs through the {@link BenchContext}. It takes no parameter or one
 * {@link BenchContext}, and returns {@code void}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Setup {}
