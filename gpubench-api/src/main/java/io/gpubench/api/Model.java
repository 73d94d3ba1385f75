package io.gpubench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.platform.commons.annotation.Testable;

/**
 * A model workload: the method returns a DJL {@code ai.djl.nn.Block} (built, or loaded) for the case, and the
 * engine times its forward pass on a seeded input whose shape the class's {@link ModelInput} method gives.
 *
 * <p>The block is initialised with seeded weights in FP32; the FP32 forward pass on the same input is the
 * reference, and the case's precision is applied by casting the parameters and the input. It takes no parameter
 * or one {@link BenchContext}. DJL's PyTorch engine runs it on the CPU, or on the case's GPU where DJL finds its
 * GPU natives; elsewhere a GPU case is skipped with the reason.
 *
 * <p>Meta-annotated {@link Testable} so that IDEs draw a run gutter on the method.
 */
@Documented
@Testable
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Model {

  /**
   * The workload's name in reports; the method name when empty.
   *
   * @return the name
   */
  String value() default "";
}
