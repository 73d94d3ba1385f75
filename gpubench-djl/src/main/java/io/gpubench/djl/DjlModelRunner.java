package io.gpubench.djl;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import ai.djl.training.ParameterStore;
import io.gpubench.api.BenchContext;
import io.gpubench.api.Rounding;
import io.gpubench.api.SeededInputs;
import io.gpubench.api.spi.ModelRunner;

/**
 * A {@code @Model} workload: the forward pass of a DJL block on a seeded input. The block is initialised with
 * seeded weights in FP32; the FP32 forward pass on the same (rounded) input is the reference, kept on the device;
 * then parameters and input are cast to the case's precision.
 *
 * <p>A call runs in a sub-manager that holds the input for the call only, so the intermediates of each call are
 * freed with it (an op's output belongs to its first input's manager: without this, memory grows every call). The
 * output is handed over to the runner's manager and returned as it is: the call only queues the forward pass, and the
 * engine waits for the device, checks the output where it lives (in place on a GPU) and closes it, outside the timed
 * region. On a GPU the trials are timed on PyTorch's stream ({@link DjlDevices#require}).
 *
 * <p>On a GPU the runner also runs the forward pass untimed for {@link #WARMUP_NANOS} (at least {@link #WARMUP_CALLS}
 * times) before the engine's own warm-up: a small model's forward pass is host-bound there, so its time falls as the
 * JIT compiles DJL's Java code. On the H200 the examples' conv net (a dozen DJL calls) first needed 0.5 to 0.8 ms of
 * host time a forward pass, and its FP32 batch-256 trials fell from 1.09 ms to 0.7 ms across 40 trials before this
 * warm-up existed.
 */
final class DjlModelRunner implements ModelRunner {
  /** The least time the forward pass runs untimed on a GPU, after the reference. */
  static final long WARMUP_NANOS = 500_000_000L;

  /** The fewest untimed forward passes on a GPU. */
  static final int WARMUP_CALLS = 5;

  private NDManager manager;
  private Block block;
  private ParameterStore parameters;
  private NDArray input;
  private NDArray expected;

  /**
   * Builds the model and its reference output for a case.
   *
   * @param ctx the case's context
   * @param methods the class's model and input-shape methods
   * @throws Throwable what they or DJL throw
   */
  DjlModelRunner(BenchContext ctx, Methods methods) throws Throwable {
    Device device = DjlDevices.require(ctx);
    DataType type = DjlDevices.dataType(ctx.precision());
    manager = NDManager.newBaseManager(device);
    Engine.getInstance().setRandomSeed((int) ctx.seed());
    block = (Block) methods.model();
    Shape shape = new Shape(dims(methods.inputShape()));
    float[] values = Rounding.roundAll(SeededInputs.uniform(ctx.seed(), "input", shape.size()), ctx.precision());
    input = manager.create(values, shape);
    block.initialize(manager, DataType.FLOAT32, shape);
    parameters = new ParameterStore(manager, false);
    expected = forward();
    if (type != DataType.FLOAT32) {
      DjlTensors.castParameters(block, type);
      NDArray cast = input.toType(type, false);
      input.close();
      input = cast;
    }
    if (device.isGpu()) {
      long start = System.nanoTime();
      for (int calls = 0; calls < WARMUP_CALLS || System.nanoTime() - start < WARMUP_NANOS; calls++) {
        forward().close();
      }
    }
  }

  @Override
  public Object reference() {
    return expected;
  }

  @Override
  public Object call() {
    return forward();
  }

  private NDArray forward() {
    try (NDManager step = manager.newSubManager()) {
      step.tempAttachAll(input);
      NDArray out = block.forward(parameters, new NDList(input), false).singletonOrThrow();
      if (out == input) {
        out = input.duplicate();
      }
      out.attach(manager);
      return out;
    }
  }

  private static long[] dims(Object shape) {
    if (shape instanceof long[] l) {
      return l.clone();
    }
    int[] i = (int[]) shape;
    long[] l = new long[i.length];
    for (int k = 0; k < i.length; k++) {
      l[k] = i[k];
    }
    return l;
  }

  @Override
  public void close() {
    if (manager != null) {
      manager.close();
    }
  }
}
