package io.gpubench.examples.inference;

import static io.gpubench.api.Precision.BF16;
import static io.gpubench.api.Precision.FP16;
import static io.gpubench.api.Precision.FP32;

import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import ai.djl.nn.Block;
import ai.djl.nn.Blocks;
import ai.djl.nn.SequentialBlock;
import ai.djl.nn.convolutional.Conv2d;
import ai.djl.nn.core.Linear;
import ai.djl.nn.norm.BatchNorm;
import ai.djl.nn.pooling.Pool;
import io.gpubench.api.BenchContext;
import io.gpubench.api.Cost;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Model;
import io.gpubench.api.ModelInput;
import io.gpubench.api.Precisions;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;

/**
 * Inference of a small conv net (two conv-BN-ReLU-pool stages and a classifier over CIFAR-sized images): the
 * engine initialises the block with seeded weights, takes its FP32 output as the reference, and times the
 * forward pass in each precision. The FP16 allowance is what half precision costs on logits of this size.
 */
@GpuBenchmark(backends = {"cpu", "cuda"})
@io.gpubench.api.Shape("batch=8|32")
@io.gpubench.api.Shape(value = "batch=256", profile = "full")
@Precisions({FP32, FP16, BF16})
@Tolerance(maxAbs = 1e-5, rms = 1e-6)
@Tolerance(precision = FP16, maxAbs = 0.05, rms = 0.01, relL2 = 0.01)
@Trials(warmup = 3, min = 5, max = 40, targetRelativeHalfWidth = 0.03, budgetSeconds = 1)
@Cost(items = "batch")
public class ConvNetInferenceBenchmark {

  @Model
  Block convnet() {
    return new SequentialBlock()
        .add(stage(32))
        .add(stage(64))
        .add(Blocks.batchFlattenBlock())
        .add(Linear.builder().setUnits(128).build())
        .add(Activation::relu)
        .add(Linear.builder().setUnits(10).build());
  }

  private static Block stage(int filters) {
    return new SequentialBlock()
        .add(Conv2d.builder().setKernelShape(new Shape(3, 3)).optPadding(new Shape(1, 1)).setFilters(filters).build())
        .add(BatchNorm.builder().build())
        .add(Activation::relu)
        .add(Pool.maxPool2dBlock(new Shape(2, 2)));
  }

  @ModelInput
  long[] images(BenchContext ctx) {
    return new long[] {ctx.dim("batch"), 3, 32, 32};
  }
}
