package io.gpubench.api.spi;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Precision;
import io.gpubench.api.Tensor;
import java.util.Map;
import java.util.Optional;

/**
 * A framework's types made known to the engine, so that the engine depends on no framework: a module such as
 * gpubench-djl registers one in {@code META-INF/services/io.gpubench.api.spi.FrameworkSupport}, and the engine asks
 * every registered support in turn.
 *
 * <p>Two jobs: what a {@code @Measure} method returns in the framework's own types (a DJL {@code NDArray}) becomes
 * a {@link Tensor} the engine can check, and is released after the call; and {@code @Model} workloads, whose
 * methods return framework objects (a DJL {@code Block}), are run by the framework.
 */
public interface FrameworkSupport {

  /**
   * The framework's name for messages and the results file, such as {@code "DJL"}.
   *
   * @return the name
   */
  String name();

  /**
   * The versions of the framework's libraries, for the results file's environment.
   *
   * @return library name to version, such as {@code djl=0.36.0}
   */
  default Map<String, String> versions() {
    return Map.of();
  }

  /**
   * Turns an object a workload returned into a tensor, copying it where the engine needs it elsewhere.
   *
   * @param name the name to give the tensor in messages
   * @param returned what the workload returned
   * @return the tensor, or empty when the object is not one of this framework's types
   */
  Optional<Tensor> adopt(String name, Object returned);

  /**
   * Frees the native memory an object a workload returned holds; called after the object was checked or timed.
   *
   * @param returned what the workload returned
   * @return true when the object was this framework's and was released
   */
  boolean release(Object returned);

  /**
   * Whether this framework runs {@code @Model} workloads.
   *
   * @return true when {@link #openModel} can be called
   */
  default boolean runsModels() {
    return false;
  }

  /**
   * Why the framework cannot run a model in a precision, so that the case is planned as skipped with the reason.
   *
   * @param precision the case's precision
   * @return the reason, or empty when it can
   */
  default Optional<String> modelUnsupported(Precision precision) {
    return Optional.empty();
  }

  /**
   * Prepares a {@code @Model} workload for one case: builds the model, seeds its weights and input, computes the
   * reference output, and applies the case's precision. Not timed.
   *
   * @param ctx the case's context
   * @param methods the class's {@code @Model} and {@code @ModelInput} methods, bound to the benchmark instance
   * @return the runner, closed by the engine after the case
   * @throws Throwable what the benchmark's methods or the framework throw; a
   *     {@link io.gpubench.api.BenchmarkSkippedException} skips the case with its reason
   */
  default ModelRunner openModel(BenchContext ctx, ModelRunner.Methods methods) throws Throwable {
    throw new UnsupportedOperationException(name() + " runs no @Model workloads");
  }
}
