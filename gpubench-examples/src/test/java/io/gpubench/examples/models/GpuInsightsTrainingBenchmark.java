package io.gpubench.examples.models;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Setup;
import io.gpubench.api.TearDown;
import io.gpubench.djl.training.TrainingSession;

/**
 * What the five GPU-Insights training benchmarks share: a training session for their model, opened per case and
 * closed after it. Each subclass declares its own axes, trial limits and a {@code @Measure} method named after the
 * model that calls {@link #step()}: one SGD step on synthetic data kept on the device. The engine finds the
 * inherited {@code @Setup} and {@code @TearDown}.
 */
abstract class GpuInsightsTrainingBenchmark {
  private final GpuInsightsModel model;
  private TrainingSession session;

  GpuInsightsTrainingBenchmark(GpuInsightsModel model) {
    this.model = model;
  }

  @Setup
  void setup(BenchContext ctx) {
    session = TrainingCase.start(model, ctx);
  }

  /** One training step, blocking until the device has finished it. */
  void step() {
    session.step();
  }

  @TearDown
  void close() {
    if (session != null) {
      session.close();
    }
  }
}
