package io.gpubench.examples.models;

import io.gpubench.api.Cost;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Precision;
import io.gpubench.api.Precisions;
import io.gpubench.api.Shape;
import io.gpubench.api.Trials;

/**
 * GPU-Insights' resnet50 (CIFAR-style ResNet-50, 3×32×32, 10 classes): training throughput.
 *
 * <p>Each timed call is one SGD training step on synthetic data kept on the device; the engine reports samples/s
 * from {@code @Cost(items = "batch")}. BF16 is skipped (DJL has no BF16 type); FP16 is pure half precision, not
 * autocast, where DJL can train in it (see {@link TrainingCase}). The {@code default} profile is a smoke run for two
 * CPU cores; {@code full} uses GPU-Insights' default batch size for the model.
 */
@GpuBenchmark(backends = {"cpu", "cuda"})
@Shape(value = "batch=2", profile = "default")
@Shape(value = "batch=256", profile = "full")
@Precisions({Precision.FP32, Precision.FP16, Precision.BF16})
@Cost(items = "batch")
@Trials(warmup = 2, min = 3, max = 20, budgetSeconds = 3, targetRelativeHalfWidth = 0.02)
class ResNet50TrainingBenchmark extends GpuInsightsTrainingBenchmark {

  ResNet50TrainingBenchmark() {
    super(GpuInsightsModel.RESNET50);
  }

  @Measure("resnet50")
  void trainingStep() {
    step();
  }
}
