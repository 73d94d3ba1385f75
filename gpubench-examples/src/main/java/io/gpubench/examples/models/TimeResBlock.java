package io.gpubench.examples.models;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.AbstractBlock;
import ai.djl.nn.Block;
import ai.djl.nn.SequentialBlock;
import ai.djl.nn.convolutional.Conv2d;
import ai.djl.nn.core.Linear;
import ai.djl.training.ParameterStore;
import ai.djl.util.PairList;

/**
 * The diffusion U-Net's residual block with time conditioning. Inputs {@code (x, timeEmbedding)}:
 * {@code h = conv1(x) + timeMlp(t)} broadcast over the pixels, {@code h = conv2(h)}, output {@code h + skip(x)}.
 * Each conv is GroupNorm(8), SiLU, 3×3 convolution without bias; the time MLP is SiLU then a linear layer; the skip
 * is a 1×1 convolution (with bias) when the channel count changes, else the identity.
 */
public final class TimeResBlock extends AbstractBlock {

  private final int outChannels;
  private final Block conv1;
  private final Block timeMlp;
  private final Block conv2;
  private final Block skip;

  /**
   * Makes the block.
   *
   * @param inChannels the input channels
   * @param outChannels the output channels
   */
  public TimeResBlock(int inChannels, int outChannels) {
    this.outChannels = outChannels;
    conv1 = addChildBlock("conv1", normActConv(outChannels));
    timeMlp = addChildBlock("time_mlp", new SequentialBlock()
        .add(Silu.block())
        .add(Linear.builder().setUnits(outChannels).build()));
    conv2 = addChildBlock("conv2", normActConv(outChannels));
    skip = inChannels == outChannels
        ? null
        : addChildBlock("skip", Conv2d.builder().setKernelShape(new Shape(1, 1)).setFilters(outChannels).build());
  }

  static Block normActConv(int filters) {
    return new SequentialBlock()
        .add(new GroupNorm(8))
        .add(Silu.block())
        .add(Conv2d.builder()
            .setKernelShape(new Shape(3, 3))
            .optPadding(new Shape(1, 1))
            .setFilters(filters)
            .optBias(false)
            .build());
  }

  @Override
  protected NDList forwardInternal(
      ParameterStore parameterStore, NDList inputs, boolean training, PairList<String, Object> params) {
    NDArray x = inputs.get(0);
    NDArray time = inputs.get(1);
    NDArray h = conv1.forward(parameterStore, new NDList(x), training, params).singletonOrThrow();
    NDArray t = timeMlp.forward(parameterStore, new NDList(time), training, params).singletonOrThrow();
    h = h.add(t.reshape(t.getShape().get(0), outChannels, 1, 1));
    h = conv2.forward(parameterStore, new NDList(h), training, params).singletonOrThrow();
    NDArray shortcut = skip == null ? x : skip.forward(parameterStore, new NDList(x), training, params).singletonOrThrow();
    return new NDList(h.add(shortcut));
  }

  @Override
  public Shape[] getOutputShapes(Shape[] inputShapes) {
    Shape x = inputShapes[0];
    return new Shape[] {new Shape(x.get(0), outChannels, x.get(2), x.get(3))};
  }

  @Override
  protected void initializeChildBlocks(NDManager manager, DataType dataType, Shape... inputShapes) {
    Shape x = inputShapes[0];
    conv1.initialize(manager, dataType, x);
    Shape[] h = conv1.getOutputShapes(new Shape[] {x});
    timeMlp.initialize(manager, dataType, inputShapes[1]);
    conv2.initialize(manager, dataType, h);
    if (skip != null) {
      skip.initialize(manager, dataType, x);
    }
  }
}
