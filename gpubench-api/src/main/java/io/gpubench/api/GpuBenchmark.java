package io.gpubench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.platform.commons.annotation.Testable;

/**
 * Marks a class whose workloads the gpubench engine runs as tests: one test per case, a case being one
 * workload &times; shape &times; precision &times; backend.
 *
 * <p>Meta-annotated {@link Testable} so that IDEs draw a run gutter on the class.
 *
 * <pre>{@code
 * @GpuBenchmark(backends = {"cuda", "cpu"})
 * @Shape({"m=256,n=256,k=256"})
 * @Precisions({Precision.FP32, Precision.FP16})
 * @Tolerance(maxAbs = 2e-2, rms = 2e-3)
 * class GemmBenchmark { ... }
 * }</pre>
 */
@Documented
@Testable
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface GpuBenchmark {

  /**
   * The backends this class targets, by family ({@code "cpu"}, {@code "cuda"}) or by id ({@code "cuda:1"}).
   * Every listed backend yields cases; a case whose backend is absent on this machine is skipped with the
   * reason. The configuration key {@code gpubench.backends} narrows the list for a run.
   *
   * @return backend families or ids; {@code {"cpu"}} by default
   */
  String[] backends() default {"cpu"};

  /**
   * A short name for reports; the simple class name when empty.
   *
   * @return the benchmark's name
   */
  String name() default "";

  /**
   * Whether this class belongs to the default run. The cases of a class with {@code enabledByDefault = false} are
   * skipped, with the reason, unless the configuration key {@code gpubench.include} names the class (simple or
   * fully qualified name, {@code *} wildcards) or the run selects one of its methods or cases by name. That is how
   * deliberately failing demonstrations stay out of {@code mvn verify}.
   *
   * @return {@code false} to run the class only on request
   */
  boolean enabledByDefault() default true;
}
