package io.gpubench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How a case is warmed up and timed. Trials stop adaptively: after at least {@link #min()} trials, as soon as the
 * half-width of the {@link #confidence()} confidence interval of the median, relative to the median, is at most
 * {@link #targetRelativeHalfWidth()}; at the latest after {@link #max()} trials or when the {@link #budgetSeconds()}
 * are spent; or when the interval has stopped narrowing (a plateau), so that a noisy case still ends. The budget
 * bounds the time a case takes, warm-up included, so it may end a case before {@link #min()} trials, never before
 * two. The results record which rule stopped the case, from the interval they report.
 *
 * <p>Each value can be overridden for a run with the configuration keys {@code gpubench.trials.warmup},
 * {@code .min}, {@code .max}, {@code .target}, {@code .budget-seconds}, {@code .calls-per-trial},
 * {@code .max-warmup-seconds}, {@code gpubench.cache} and {@code gpubench.cuda.timing}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Trials {

  /**
   * Untimed calls before the trials; the first of them is the one checked against the reference.
   *
   * @return at least 1
   */
  int warmup() default 2;

  /**
   * The fewest timed trials.
   *
   * @return at least 2, so that a confidence interval exists
   */
  int min() default 5;

  /**
   * The most timed trials.
   *
   * @return at least {@link #min()}
   */
  int max() default 200;

  /**
   * The target relative half-width of the confidence interval of the median, e.g. 0.01 for &plusmn;1%.
   *
   * @return a positive fraction
   */
  double targetRelativeHalfWidth() default 0.01;

  /**
   * The confidence level of the interval.
   *
   * @return a level in (0, 1)
   */
  double confidence() default 0.95;

  /**
   * The most seconds one case takes to warm up and time, all its forks together: each fork gets its share, its
   * warm-up until steady at most {@code 9/10} of it, less the time {@link #min()} trials take, but never less than
   * half the 9/10 (a warm-up cut short is flagged {@code not-steady}, and the trials start), its trials the rest; the
   * first case of a fresh worker JVM may warm up for 1 s beyond it, as that JVM compiles the harness along with the
   * case. Where {@link #maxWarmupSeconds()} declares a warm-up cap of its own, the budget bounds the trials alone. A
   * case whose forks disagree measures further forks, which tell which outcome is typical, only while every second
   * its forks took, their workers' starts included, and one more fork fit the budget.
   *
   * @return positive seconds
   */
  double budgetSeconds() default 5.0;

  /**
   * Calls per timed trial; the trial's time is divided by it. 0, the default, lets the engine choose: on the host
   * clock (CPU cases), as many calls as make a trial last about 100 µs after warm-up, so that the clock's own cost
   * (some 25 ns a reading) is 0.05% of a trial; on a device clock, one call (a device times the calls without the
   * launch path, see {@link #deviceTiming()}), and for a call under ~50 µs in graph or blocked mode a batch trial of
   * calls back to back beside each trial, whose figure is then the case's headline ({@code Timing.batch}).
   *
   * @return 0 for the engine's choice, or at least 1
   */
  int callsPerTrial() default 0;

  /**
   * The most seconds of warm-up before the trials, as a cap of its own. After the declared {@link #warmup()} calls,
   * the engine makes rounds of calls, as trials make them, until the time per call is flat (neither falling nor
   * rising) and the JIT compiler has stopped compiling (a kernel timed before C2 compiled it reads several times too
   * slow), or until the cap; the results say which ({@code timing.warmup}), and a warm-up cut short is flagged
   * {@code not-steady}. The default, {@value #WITHIN_BUDGET}, caps the warm-up by the case's
   * {@link #budgetSeconds()}; 0 makes only the declared calls; a positive value is a cap beside the budget, which then
   * bounds the trials alone.
   *
   * @return {@value #WITHIN_BUDGET} for a warm-up within the budget, 0, or positive seconds
   */
  double maxWarmupSeconds() default WITHIN_BUDGET;

  /** {@link #maxWarmupSeconds()}'s default: the warm-up shares the case's budget with the trials. */
  double WITHIN_BUDGET = -1;

  /**
   * Whether caches are flushed before every trial.
   *
   * @return {@link CacheMode#HOT} by default
   */
  CacheMode cache() default CacheMode.HOT;

  /**
   * How a device with its own timer (CUDA) times the trials: with events around plain launches, or without the
   * launch path (blocked or graph-replayed calls). {@link DeviceTiming#AUTO} picks by the length of a trial.
   *
   * @return {@link DeviceTiming#AUTO} by default
   */
  DeviceTiming deviceTiming() default DeviceTiming.AUTO;
}
