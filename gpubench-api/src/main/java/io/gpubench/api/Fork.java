package io.gpubench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How a class's cases are isolated: which worker process runs them, with which JVM arguments, and how long a step
 * may take before the worker is stopped and the case fails. Keys override it for a run: {@code gpubench.fork},
 * {@code gpubench.fork.jvm-args}, {@code gpubench.fork.timeout-seconds}.
 *
 * <pre>{@code
 * @Fork(value = ForkMode.CASE, jvmArgs = {"-Xmx16g"}, timeoutSeconds = 3600)  // each case in a fresh JVM
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Fork {

  /**
   * The process that runs the class's cases.
   *
   * @return the mode; {@link ForkMode#DEFAULT} for the run's
   */
  ForkMode value() default ForkMode.DEFAULT;

  /**
   * JVM arguments of the class's workers, after the build JVM's own (which workers inherit, debugger agents
   * excepted) and the run's {@code gpubench.fork.jvm-args}.
   *
   * @return the arguments
   */
  String[] jvmArgs() default {};

  /**
   * The longest a step of a case (set-up, reference, the checked call, a warm-up round, a batch of trials, the last
   * checks, tear-down) may take before its worker is stopped with a thread dump and the case fails.
   *
   * @return seconds; 0 for the run's ({@code gpubench.fork.timeout-seconds}, default 600)
   */
  int timeoutSeconds() default 0;
}
