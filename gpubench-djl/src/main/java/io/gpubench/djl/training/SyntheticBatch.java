package io.gpubench.djl.training;

import ai.djl.ndarray.NDList;

/**
 * One batch of a training step: the block's inputs and the loss's labels, on the device.
 *
 * @param inputs what the block is called with
 * @param labels what the loss compares its output to
 */
public record SyntheticBatch(NDList inputs, NDList labels) {

  /**
   * Both lists as one, for attaching to a manager.
   *
   * @return inputs then labels
   */
  public NDList all() {
    NDList all = new NDList(inputs.size() + labels.size());
    all.addAll(inputs);
    all.addAll(labels);
    return all;
  }
}
