package io.gpubench.examples.models;

import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import ai.djl.nn.Block;
import ai.djl.nn.Blocks;
import ai.djl.nn.SequentialBlock;
import ai.djl.nn.convolutional.Conv2d;
import ai.djl.nn.core.Linear;
import ai.djl.nn.pooling.Pool;

/**
 * GPU-Insights' {@code cnn}: a LeNet-style network for 3×32×32 images, two 5×5 convolutions (6 and 16 filters) each
 * followed by ReLU and 2×2 max-pooling, then fully connected layers of 120, 84 and {@code classes} units.
 */
public final class Cnn {

  private Cnn() {}

  /**
   * Builds the network.
   *
   * @param classes the number of output classes (GPU-Insights uses 10)
   * @return the uninitialised block; input {@code (N, 3, 32, 32)}, output {@code (N, classes)}
   */
  public static Block build(int classes) {
    return new SequentialBlock()
        .add(conv(6))
        .add(Activation.reluBlock())
        .add(Pool.maxPool2dBlock(new Shape(2, 2), new Shape(2, 2)))
        .add(conv(16))
        .add(Activation.reluBlock())
        .add(Pool.maxPool2dBlock(new Shape(2, 2), new Shape(2, 2)))
        .add(Blocks.batchFlattenBlock())
        .add(Linear.builder().setUnits(120).build())
        .add(Activation.reluBlock())
        .add(Linear.builder().setUnits(84).build())
        .add(Activation.reluBlock())
        .add(Linear.builder().setUnits(classes).build());
  }

  private static Block conv(int filters) {
    return Conv2d.builder().setKernelShape(new Shape(5, 5)).setFilters(filters).build();
  }
}
