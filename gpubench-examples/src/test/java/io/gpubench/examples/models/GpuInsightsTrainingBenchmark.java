package io.gpubench.examples.models;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Better;
import io.gpubench.api.Setup;
import io.gpubench.api.TearDown;
import io.gpubench.djl.training.StepProfile;
import io.gpubench.djl.training.TrainingSession;

/**
 * What the five GPU-Insights training benchmarks share: a training session for their model, opened per case and
 * closed after it. Each subclass declares its own axes, trial limits and a {@code @Measure} method named after the
 * model that calls {@link #step()}: one SGD step on synthetic data kept on the device. The engine finds the
 * inherited {@code @Setup} and {@code @TearDown}.
 *
 * <p>Each case also records where a step's time goes on the host ({@link StepProfile}, over the recent steps):
 * {@code hostMs}, the host's time to queue a step's work; {@code hostShare}, that over the whole step (near 1 on a
 * GPU: the device waited for DJL's host code); {@code arraysPerStep}, the DJL arrays a step makes.
 */
abstract class GpuInsightsTrainingBenchmark {
  private final GpuInsightsModel model;
  private TrainingSession session;
  private BenchContext ctx;

  GpuInsightsTrainingBenchmark(GpuInsightsModel model) {
    this.model = model;
  }

  @Setup
  void setup(BenchContext ctx) {
    this.ctx = ctx;
    session = TrainingCase.start(model, ctx);
  }

  /** One training step, blocking until the device has finished it; then the profile so far, as metrics. */
  void step() {
    session.step();
    StepProfile p = session.profile();
    ctx.metric("hostMs", p.hostNanos() / 1e6, "ms", Better.LOWER);
    ctx.metric("hostShare", p.hostShare(), "", Better.NEITHER);
    ctx.metric("arraysPerStep", p.arraysPerStep(), "", Better.NEITHER);
  }

  @TearDown
  void close() {
    if (session != null) {
      session.close();
    }
  }
}
