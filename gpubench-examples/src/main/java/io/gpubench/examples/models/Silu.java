package io.gpubench.examples.models;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.nn.Activation;
import ai.djl.nn.Block;
import ai.djl.nn.LambdaBlock;

/**
 * SiLU, {@code x · sigmoid(x)} (PyTorch's {@code nn.SiLU}, swish with β = 1), in two DJL ops.
 *
 * <p>Why not DJL's {@code Activation.swishBlock(1f)}: it computes {@code sigmoid(x.mul(β)) · x}, and {@code mul(Number)}
 * copies β to the GPU and waits for the device every time (see {@code io.gpubench.djl.HostScalars}), besides a third
 * kernel for the multiplication by one. The diffusion U-Net calls it about seventy times a step. DJL maps no fused
 * SiLU, so the two kernels stay (PyTorch's {@code F.silu} is one).
 */
final class Silu {

  private Silu() {}

  /**
   * The activation as a block without parameters.
   *
   * @return the block
   */
  static Block block() {
    return new LambdaBlock(in -> new NDList(apply(in.singletonOrThrow())), "SiLU");
  }

  /**
   * The activation.
   *
   * @param x any array
   * @return {@code x · sigmoid(x)}
   */
  static NDArray apply(NDArray x) {
    return x.mul(Activation.sigmoid(x));
  }
}
