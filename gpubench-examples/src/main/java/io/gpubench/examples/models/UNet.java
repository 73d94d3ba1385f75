package io.gpubench.examples.models;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.AbstractBlock;
import ai.djl.nn.Activation;
import ai.djl.nn.Block;
import ai.djl.nn.SequentialBlock;
import ai.djl.nn.convolutional.Conv2d;
import ai.djl.nn.norm.BatchNorm;
import ai.djl.nn.pooling.Pool;
import ai.djl.training.ParameterStore;
import ai.djl.util.PairList;
import java.util.ArrayList;
import java.util.List;

/**
 * GPU-Insights' {@code unet}: the classic segmentation U-Net. Widths 64, 128, 256, 512, 1024; every stage is a
 * DoubleConv (3×3 conv without bias, batch norm, ReLU, twice); the encoder downsamples with 2×2 max-pooling, the
 * decoder upsamples with a 2×2 stride-2 transposed convolution ({@link UpConv}) to half the channels, concatenates the skip
 * connection and applies a DoubleConv; a 1×1 convolution gives per-pixel class scores.
 *
 * <p>Input {@code (N, C, H, W)} with H and W multiples of 16 (GPU-Insights pads odd sizes; at 256×256 it never has
 * to); output {@code (N, classes, H, W)}.
 */
public final class UNet extends AbstractBlock {

  private static final int[] WIDTHS = {64, 128, 256, 512, 1024};

  private final Block stem;
  private final List<Block> down = new ArrayList<>();
  private final List<Block> up = new ArrayList<>();
  private final List<Block> merge = new ArrayList<>();
  private final Block head;

  /**
   * Makes the network.
   *
   * @param classes per-pixel output classes (GPU-Insights uses 21, PASCAL VOC style)
   */
  public UNet(int classes) {
    stem = addChildBlock("inc", doubleConv(WIDTHS[0]));
    for (int i = 1; i < WIDTHS.length; i++) {
      down.add(addChildBlock("down" + i, new SequentialBlock()
          .add(Pool.maxPool2dBlock(new Shape(2, 2), new Shape(2, 2)))
          .add(doubleConv(WIDTHS[i]))));
    }
    for (int i = WIDTHS.length - 1; i > 0; i--) {
      int level = WIDTHS.length - i;
      up.add(addChildBlock("up" + level, new UpConv(WIDTHS[i] / 2, 2)));
      merge.add(addChildBlock("up" + level + "_conv", doubleConv(WIDTHS[i - 1])));
    }
    head = addChildBlock("outc", Conv2d.builder().setKernelShape(new Shape(1, 1)).setFilters(classes).build());
  }

  @Override
  protected NDList forwardInternal(
      ParameterStore parameterStore, NDList inputs, boolean training, PairList<String, Object> params) {
    List<NDArray> skips = new ArrayList<>();
    NDList h = stem.forward(parameterStore, inputs, training, params);
    for (Block d : down) {
      skips.add(h.singletonOrThrow());
      h = d.forward(parameterStore, h, training, params);
    }
    for (int i = 0; i < up.size(); i++) {
      NDArray upsampled = up.get(i).forward(parameterStore, h, training, params).singletonOrThrow();
      NDArray skip = skips.get(skips.size() - 1 - i);
      h = merge.get(i).forward(parameterStore, new NDList(skip.concat(upsampled, 1)), training, params);
    }
    return head.forward(parameterStore, h, training, params);
  }

  @Override
  public Shape[] getOutputShapes(Shape[] inputShapes) {
    Shape in = inputShapes[0];
    return head.getOutputShapes(new Shape[] {new Shape(in.get(0), WIDTHS[0], in.get(2), in.get(3))});
  }

  @Override
  protected void initializeChildBlocks(NDManager manager, DataType dataType, Shape... inputShapes) {
    Shape in = inputShapes[0];
    if (in.dimension() != 4 || in.get(2) % 16 != 0 || in.get(3) % 16 != 0) {
      throw new IllegalArgumentException(
          "UNet expects (batch, channels, height, width) with height and width multiples of 16, got " + in);
    }
    Shape[] shape = {in};
    stem.initialize(manager, dataType, shape);
    shape = stem.getOutputShapes(shape);
    List<Shape> skips = new ArrayList<>();
    for (Block d : down) {
      skips.add(shape[0]);
      d.initialize(manager, dataType, shape);
      shape = d.getOutputShapes(shape);
    }
    for (int i = 0; i < up.size(); i++) {
      up.get(i).initialize(manager, dataType, shape);
      Shape upsampled = up.get(i).getOutputShapes(shape)[0];
      Shape skip = skips.get(skips.size() - 1 - i);
      Shape[] merged = {new Shape(skip.get(0), skip.get(1) + upsampled.get(1), skip.get(2), skip.get(3))};
      merge.get(i).initialize(manager, dataType, merged);
      shape = merge.get(i).getOutputShapes(merged);
    }
    head.initialize(manager, dataType, shape);
  }

  private static Block doubleConv(int filters) {
    SequentialBlock block = new SequentialBlock();
    for (int i = 0; i < 2; i++) {
      block.add(Conv2d.builder()
              .setKernelShape(new Shape(3, 3))
              .optPadding(new Shape(1, 1))
              .setFilters(filters)
              .optBias(false)
              .build())
          .add(BatchNorm.builder().build())
          .add(Activation.reluBlock());
    }
    return block;
  }
}
