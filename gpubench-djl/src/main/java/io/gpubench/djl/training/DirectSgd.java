package io.gpubench.djl.training;

import ai.djl.ndarray.NDArray;
import ai.djl.nn.Block;
import ai.djl.nn.Parameter;
import ai.djl.pytorch.engine.PtNDArray;
import ai.djl.pytorch.jni.JniUtils;
import ai.djl.util.Pair;
import io.gpubench.djl.HostScalars;
import java.util.ArrayList;
import java.util.List;

/**
 * Plain SGD, {@code w -= lr · g}, written against the parameters' arrays in place of DJL's {@code Trainer.step()}:
 * the same arithmetic in half the kernels and without a host-device copy.
 *
 * <p>DJL 0.36's step, per parameter (read in {@code ParameterStore}, {@code LocalParameterServer}, {@code Sgd} and
 * the JNI's {@code sgdUpdate}): look the gradient up, {@code duplicate()} it (a copy), and in C++ {@code clone()} it
 * again, add {@code weight_decay · w} (a kernel even at 0), multiply by the learning rate, subtract, then
 * {@code zero_()} the gradient: six kernels, two allocations and about seven JNI calls, one parameter after the other
 * (161 parameters in the CIFAR ResNet-50). Here: the gradient arrays are looked up once, after the first backward
 * (PyTorch then accumulates into the same tensor in place), and each step is {@code g *= lr}, {@code w -= g},
 * {@code g.zero_()}: three kernels, three JNI calls, no allocation. The learning rate is a host scalar
 * ({@link HostScalars}): {@code muli(Number)} would copy it to the GPU and wait for the device every time.
 *
 * <p>What DJL does not allow: eager PyTorch's default SGD updates all parameters with a few multi-tensor
 * ({@code _foreach}) kernels, and its {@code zero_grad()} sets gradients to none so that the next backward writes them
 * rather than adding into zeros; DJL exposes neither, so the per-parameter kernels and the in-place accumulation stay.
 */
final class DirectSgd {
  private final List<PtNDArray> weights = new ArrayList<>();
  private final NDArray learningRate;
  private NDArray[] gradients;

  /**
   * The update of a block's trainable parameters.
   *
   * @param block an initialised block of DJL's PyTorch engine
   * @param learningRate the learning rate
   * @throws IllegalArgumentException naming the parameter when one is not a PyTorch array
   */
  DirectSgd(Block block, float learningRate) {
    for (Pair<String, Parameter> p : block.getParameters()) {
      Parameter parameter = p.getValue();
      if (!parameter.requiresGradient()) {
        continue;
      }
      if (!(parameter.getArray() instanceof PtNDArray array)) {
        throw new IllegalArgumentException("parameter " + p.getKey() + " is a "
            + parameter.getArray().getClass().getName() + "; the direct SGD works on DJL's PyTorch engine only");
      }
      weights.add(array);
    }
    this.learningRate = HostScalars.of(learningRate);
  }

  /** Updates every trainable parameter from its gradient and zeroes the gradient; call after the backward pass. */
  void step() {
    if (gradients == null) {
      gradients = new NDArray[weights.size()];
      for (int i = 0; i < gradients.length; i++) {
        // A parameter that the first backward did not reach gets a zero array here, and is never updated.
        gradients[i] = weights.get(i).getGradient();
      }
    }
    boolean gradMode = JniUtils.isGradMode();
    JniUtils.setGradMode(false); // in-place updates of leaves that require gradients, as under torch.no_grad()
    try {
      for (int i = 0; i < gradients.length; i++) {
        PtNDArray weight = weights.get(i);
        weight.subi(gradients[i].muli(learningRate));
        JniUtils.zeroGrad(weight);
      }
    } finally {
      JniUtils.setGradMode(gradMode);
    }
  }
}
