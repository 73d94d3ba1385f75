package io.gpubench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A method run once per case after its trials, also when the case failed: it releases what {@link Setup} took
 * that the context does not own. Tensors made by the context are released by the engine. It takes no parameter
 * or one {@link BenchContext}, and returns {@code void}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface TearDown {}
