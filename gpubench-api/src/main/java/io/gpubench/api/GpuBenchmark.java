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

  /**
   * Whether the cases of this class on a device that can tell (CUDA, through CUPTI) get a kernel audit: after the
   * timed trials, one more call runs under the device's profiling interface, and the results list the kernels it
   * ran with the library that launched each (cuBLASLt, cuDNN, NCCL, ATen, the benchmark's own NVRTC kernels), their
   * count and share of the call's GPU time, and the call's GPU-busy fraction ({@code CaseResult.audit}; the reports'
   * "kernels" section, {@code cuBLASLt 100%, 1 kernel} in the summary). The audited call is never one of the timed
   * trials, so the figures are the same with or without it; the audit costs that one call, and its cost is
   * reported. Where the device cannot audit (the profiling library absent or refused, another profiler attached)
   * the audit is skipped with the reason and the case runs as usual; the CPU has no audit.
   *
   * <p>Turn it off for a class whose workload must not run once more after its trials, or whose call is too long
   * to repeat. The configuration key {@code gpubench.audit} ({@code true} or {@code false}) overrides it for a run:
   *
   * <pre>{@code
   * @GpuBenchmark(backends = "cuda", audit = false)   // a one-shot workload: no extra call after the trials
   * }</pre>
   *
   * @return {@code false} to audit none of the class's cases
   */
  boolean audit() default true;
}
