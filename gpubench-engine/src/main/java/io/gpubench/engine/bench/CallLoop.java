package io.gpubench.engine.bench;

/**
 * The calls of a workload as a trial makes them: {@code calls} calls in one loop compiled with the call (JMH's
 * shape), so that nothing of the engine's runs between two calls. What the calls return is consumed by a
 * {@link io.gpubench.api.Blackhole}, or, where it may own native memory (a tensor, a framework's array), stored in
 * {@code kept} for release after the clock stops.
 */
interface CallLoop {

  /**
   * Makes calls.
   *
   * @param calls how many
   * @param kept where results are stored when {@link #keeps()}: room for {@code calls} of them; unused otherwise
   * @throws Throwable what a call threw
   */
  void run(int calls, Object[] kept) throws Throwable;

  /**
   * Whether {@link #run} stores the results in {@code kept}, to be released after the clock stops.
   *
   * @return true for results that may own native memory
   */
  boolean keeps();
}
