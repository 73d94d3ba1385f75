package examples.djl;

import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import ai.djl.nn.Block;
import ai.djl.nn.Blocks;
import ai.djl.nn.SequentialBlock;
import ai.djl.nn.convolutional.Conv2d;
import ai.djl.nn.core.Linear;
import io.gpubench.api.BenchContext;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Model;
import io.gpubench.api.ModelInput;
import io.gpubench.api.Precision;
import io.gpubench.api.Precisions;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;

/** A small conv net's forward pass in FP32 and FP16 against its FP32 self; BF16 is planned as skipped. */
@GpuBenchmark
@io.gpubench.api.Shape("batch=2")
@Precisions({Precision.FP32, Precision.FP16, Precision.BF16})
@Tolerance(maxAbs = 1e-5)
@Tolerance(precision = Precision.FP16, maxAbs = 0.05, rms = 0.01)
@Trials(min = 2, max = 5, budgetSeconds = 0.5)
public class TinyConvNetBenchmark {

  @Model
  Block convnet() {
    return new SequentialBlock()
        .add(Conv2d.builder().setKernelShape(new Shape(3, 3)).setFilters(4).build())
        .add(Activation::relu)
        .add(Blocks.batchFlattenBlock())
        .add(Linear.builder().setUnits(10).build());
  }

  @ModelInput
  long[] input(BenchContext ctx) {
    return new long[] {ctx.dim("batch"), 3, 8, 8};
  }
}
