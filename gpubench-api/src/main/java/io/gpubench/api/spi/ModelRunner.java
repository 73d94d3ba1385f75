package io.gpubench.api.spi;

/**
 * One {@code @Model} workload prepared for a case by a {@link FrameworkSupport}: the reference output and the
 * timed call (a forward pass).
 */
public interface ModelRunner extends AutoCloseable {

  /**
   * The methods of the benchmark class the framework calls, bound to the benchmark instance and the case's context.
   */
  interface Methods {

    /**
     * Calls the {@code @Model} method.
     *
     * @return the model object it returns, such as a DJL {@code Block}
     * @throws Throwable what the method throws
     */
    Object model() throws Throwable;

    /**
     * Calls the {@code @ModelInput} method.
     *
     * @return the input shape it returns ({@code long[]} or {@code int[]})
     * @throws Throwable what the method throws
     */
    Object inputShape() throws Throwable;
  }

  /**
   * The expected output, computed once in {@link FrameworkSupport#openModel}.
   *
   * @return what the engine checks the calls' outputs against (a tensor, or an object the framework adopts)
   */
  Object reference();

  /**
   * One timed call: a forward pass on the prepared input.
   *
   * @return the output, as the framework's support adopts it
   * @throws Throwable what the framework throws
   */
  Object call() throws Throwable;

  /** Releases the model, its parameters and its input. */
  @Override
  void close();
}
