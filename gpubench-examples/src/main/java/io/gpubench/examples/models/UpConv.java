package io.gpubench.examples.models;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.AbstractBlock;
import ai.djl.nn.Parameter;
import ai.djl.training.ParameterStore;
import ai.djl.util.PairList;

/**
 * A transposed convolution whose kernel equals its stride, as PyTorch's
 * {@code nn.ConvTranspose2d(in, out, kernel_size=k, stride=k)}: each input pixel becomes a {@code k×k} patch of the
 * output, with no overlap, so the operation is one matrix product per pixel. DJL's PyTorch engine does not implement
 * {@code Conv2dTranspose} ("Not implemented" from its deconvolution), hence this block. Weights
 * {@code (in, out, k, k)} and a bias per output channel, the same parameters as PyTorch's.
 */
public final class UpConv extends AbstractBlock {

  private final int outChannels;
  private final int factor;
  private final Parameter weight;
  private final Parameter bias;

  /**
   * Makes the block.
   *
   * @param outChannels the output channels
   * @param factor the kernel and stride, the upsampling factor
   */
  public UpConv(int outChannels, int factor) {
    this.outChannels = outChannels;
    this.factor = factor;
    weight = addParameter(Parameter.builder().setName("weight").setType(Parameter.Type.WEIGHT).build());
    bias = addParameter(Parameter.builder().setName("bias").setType(Parameter.Type.BIAS).build());
  }

  @Override
  protected NDList forwardInternal(
      ParameterStore parameterStore, NDList inputs, boolean training, PairList<String, Object> params) {
    NDArray x = inputs.singletonOrThrow();
    Shape s = x.getShape();
    long n = s.get(0);
    long in = s.get(1);
    long h = s.get(2);
    long w = s.get(3);
    NDArray kernel = parameterStore.getValue(weight, x.getDevice(), training).reshape(in, (long) outChannels * factor * factor);
    NDArray shift = parameterStore.getValue(bias, x.getDevice(), training).reshape(1, outChannels, 1, 1);
    // Reshaped parameters belong to the model's manager; hand them to the step's so that they die with it.
    kernel.attach(x.getManager());
    shift.attach(x.getManager());
    // (N, C, H, W) -> (N, H, W, C) x (C, O*k*k) -> (N, H, W, O, k, k) -> (N, O, H, k, W, k) -> (N, O, H*k, W*k)
    NDArray patches = x.transpose(0, 2, 3, 1).matMul(kernel).reshape(n, h, w, outChannels, factor, factor);
    NDArray out = patches.transpose(0, 3, 1, 4, 2, 5).reshape(n, outChannels, h * factor, w * factor);
    return new NDList(out.add(shift));
  }

  @Override
  public Shape[] getOutputShapes(Shape[] inputShapes) {
    Shape s = inputShapes[0];
    return new Shape[] {new Shape(s.get(0), outChannels, s.get(2) * factor, s.get(3) * factor)};
  }

  @Override
  protected void prepare(Shape[] inputShapes) {
    weight.setShape(new Shape(inputShapes[0].get(1), outChannels, factor, factor));
    bias.setShape(new Shape(outChannels));
  }
}
