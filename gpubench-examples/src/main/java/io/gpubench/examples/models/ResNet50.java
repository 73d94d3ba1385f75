package io.gpubench.examples.models;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import ai.djl.nn.Block;
import ai.djl.nn.Blocks;
import ai.djl.nn.ParallelBlock;
import ai.djl.nn.SequentialBlock;
import ai.djl.nn.convolutional.Conv2d;
import ai.djl.nn.core.Linear;
import ai.djl.nn.norm.BatchNorm;
import ai.djl.nn.pooling.Pool;
import java.util.List;

/**
 * GPU-Insights' {@code resnet50}, a CIFAR-style ResNet-50 and not DJL's ImageNet one: a 3×3 stride-1 stem with batch
 * norm and ReLU and no max-pool, bottleneck stages of [3, 4, 6, 3] blocks (widths 64, 128, 256, 512, expansion 4)
 * whose stride sits on the 3×3 convolution, global average pooling and a linear classifier.
 */
public final class ResNet50 {

  private static final int EXPANSION = 4;
  private static final int[] BLOCKS = {3, 4, 6, 3};
  private static final int[] WIDTHS = {64, 128, 256, 512};

  private ResNet50() {}

  /**
   * Builds the network.
   *
   * @param classes the number of output classes (GPU-Insights uses 10)
   * @return the uninitialised block; input {@code (N, 3, H, W)}, output {@code (N, classes)}
   */
  public static Block build(int classes) {
    SequentialBlock net = new SequentialBlock()
        .add(conv(64, 3, 1))
        .add(BatchNorm.builder().build())
        .add(Activation.reluBlock());
    int inChannels = 64;
    for (int stage = 0; stage < BLOCKS.length; stage++) {
      int width = WIDTHS[stage];
      for (int i = 0; i < BLOCKS[stage]; i++) {
        int stride = stage > 0 && i == 0 ? 2 : 1;
        boolean project = stride != 1 || inChannels != width * EXPANSION;
        net.add(bottleneck(width, stride, project));
        inChannels = width * EXPANSION;
      }
    }
    return net.add(Pool.globalAvgPool2dBlock())
        .add(Blocks.batchFlattenBlock())
        .add(Linear.builder().setUnits(classes).build());
  }

  private static Block bottleneck(int width, int stride, boolean project) {
    SequentialBlock residual = new SequentialBlock()
        .add(conv(width, 1, 1))
        .add(BatchNorm.builder().build())
        .add(Activation.reluBlock())
        .add(conv(width, 3, stride))
        .add(BatchNorm.builder().build())
        .add(Activation.reluBlock())
        .add(conv(width * EXPANSION, 1, 1))
        .add(BatchNorm.builder().build());
    Block shortcut = project
        ? new SequentialBlock().add(conv(width * EXPANSION, 1, stride)).add(BatchNorm.builder().build())
        : Blocks.identityBlock();
    return new ParallelBlock(ResNet50::addThenRelu, List.of(residual, shortcut));
  }

  private static NDList addThenRelu(List<NDList> branches) {
    NDArray sum = branches.get(0).singletonOrThrow().add(branches.get(1).singletonOrThrow());
    return new NDList(Activation.relu(sum));
  }

  private static Block conv(int filters, int kernel, int stride) {
    int pad = kernel / 2;
    return Conv2d.builder()
        .setKernelShape(new Shape(kernel, kernel))
        .optStride(new Shape(stride, stride))
        .optPadding(new Shape(pad, pad))
        .setFilters(filters)
        .optBias(false)
        .build();
  }
}
