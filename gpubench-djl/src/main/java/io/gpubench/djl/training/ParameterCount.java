package io.gpubench.djl.training;

import ai.djl.nn.Block;
import ai.djl.nn.Parameter;
import ai.djl.util.Pair;

/** Counts a block's parameters the way PyTorch's {@code model.parameters()} does. */
public final class ParameterCount {

  private ParameterCount() {}

  /**
   * The number of trainable values of an initialised block. Parameters that take no gradient (batch norm's running
   * mean and variance) are buffers in PyTorch and are not counted.
   *
   * @param block an initialised block
   * @return the count
   * @throws IllegalStateException naming the parameter when one has no shape yet
   */
  public static long trainable(Block block) {
    long total = 0;
    for (Pair<String, Parameter> p : block.getParameters()) {
      Parameter parameter = p.getValue();
      if (!parameter.requiresGradient()) {
        continue;
      }
      if (parameter.getShape() == null) {
        throw new IllegalStateException(
            "parameter " + p.getKey() + " has no shape: initialise the block before counting its parameters");
      }
      total += parameter.getShape().size();
    }
    return total;
  }
}
