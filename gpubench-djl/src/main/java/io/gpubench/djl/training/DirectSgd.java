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
 * the same arithmetic in a third of the kernels and without a host-device copy.
 *
 * <p>DJL 0.36's step, per parameter (read in {@code ParameterStore}, {@code LocalParameterServer}, {@code Sgd} and
 * the JNI's {@code sgdUpdate}): look the gradient up, {@code duplicate()} it (a copy), and in C++ {@code clone()} it
 * again, add {@code weight_decay · w} (a kernel even at 0), multiply by the learning rate, subtract, then
 * {@code zero_()} the gradient: six kernels, two allocations and about seven JNI calls, one parameter after the other
 * (161 parameters in the CIFAR ResNet-50); and the next backward adds into the zeroed gradient, a seventh kernel.
 *
 * <p>Here, per parameter: {@code g *= lr}, {@code w -= g}, two kernels; then the gradient is released as eager
 * PyTorch's {@code zero_grad()} does by default (set to none), so that the next backward hands its gradient over
 * instead of adding it into zeros. DJL has no call that unsets a gradient, so the parameter's array takes over a
 * detached alias of its own storage ({@link NDArray#intern}, the same Java object for DJL's parameter store) and
 * requires a gradient again: the old tensor, and its gradient with it, are freed; no kernel runs. {@link
 * GradientReset#ZERO} keeps DJL's way instead (a {@code zero_()} kernel, and the add in the next backward), to compare.
 * The learning rate is a host scalar ({@link HostScalars}): {@code muli(Number)} would copy it to the GPU and wait for
 * the device every time.
 *
 * <p>What DJL does not allow: eager PyTorch's default SGD updates all parameters with a few multi-tensor
 * ({@code _foreach_add_}, with {@code alpha = -lr}) kernels; DJL maps neither those nor an add with a scale factor, so
 * two kernels per parameter stay.
 */
final class DirectSgd {

  /** What happens to a gradient once it has been applied. */
  enum GradientReset {
    /** Released, as {@code zero_grad(set_to_none=True)}: the next backward writes a new one. */
    RELEASE,
    /** Zeroed in place, as DJL does: a kernel now, and the next backward adds into it. */
    ZERO
  }

  private final List<PtNDArray> weights = new ArrayList<>();
  private final NDArray learningRate;
  private final GradientReset reset;
  private NDArray[] zeroedGradients;

  /**
   * The update of a block's trainable parameters.
   *
   * @param block an initialised block of DJL's PyTorch engine
   * @param learningRate the learning rate
   * @param reset what happens to each gradient after the update
   * @throws IllegalArgumentException naming the parameter when one is not a PyTorch array
   */
  DirectSgd(Block block, float learningRate, GradientReset reset) {
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
    this.reset = reset;
  }

  /** Updates every trainable parameter from its gradient and resets the gradient; call after the backward pass. */
  void step() {
    boolean gradMode = JniUtils.isGradMode();
    JniUtils.setGradMode(false); // in-place updates of leaves that require gradients, as under torch.no_grad()
    try {
      if (reset == GradientReset.RELEASE) {
        for (PtNDArray weight : weights) {
          updateAndRelease(weight);
        }
      } else {
        updateAndZero();
      }
    } finally {
      JniUtils.setGradMode(gradMode);
    }
  }

  private void updateAndRelease(PtNDArray weight) {
    PtNDArray gradient = JniUtils.getGradient(weight);
    if (gradient == null) {
      return; // the backward did not reach this parameter: nothing to apply, nothing to release
    }
    try {
      weight.subi(gradient.muli(learningRate));
    } finally {
      gradient.close();
    }
    // A detached alias shares the storage (and version counter) but carries no gradient and no autograd history.
    weight.intern(JniUtils.detachGradient(weight));
    weight.setRequiresGradient(true);
  }

  private void updateAndZero() {
    if (zeroedGradients == null) {
      zeroedGradients = new NDArray[weights.size()];
      for (int i = 0; i < zeroedGradients.length; i++) {
        // Zeroed in place, a gradient stays the same tensor: looked up once, after the first backward. A parameter
        // that the first backward did not reach gets a zero array here, and is never updated.
        zeroedGradients[i] = weights.get(i).getGradient();
      }
    }
    for (int i = 0; i < zeroedGradients.length; i++) {
      PtNDArray weight = weights.get(i);
      weight.subi(zeroedGradients[i].muli(learningRate));
      JniUtils.zeroGrad(weight);
    }
  }
}
