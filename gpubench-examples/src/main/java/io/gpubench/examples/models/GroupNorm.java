package io.gpubench.examples.models;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.AbstractBlock;
import ai.djl.nn.Parameter;
import ai.djl.training.ParameterStore;
import ai.djl.util.PairList;
import io.gpubench.djl.HostScalars;

/**
 * Group normalisation (Wu &amp; He, 2018), as PyTorch's {@code nn.GroupNorm(groups, channels)}: the channels of an
 * {@code (N, C, ...)} input are split into groups, each group is normalised over its channels and spatial positions,
 * then a per-channel scale and shift are applied. DJL has batch and layer norm only.
 */
public final class GroupNorm extends AbstractBlock {

  private static final float EPSILON = 1e-5f;

  private final int groups;
  private final Parameter gamma;
  private final Parameter beta;

  /**
   * Makes the block.
   *
   * @param groups how many groups the channels are split into; the channel count must be a multiple of it
   */
  public GroupNorm(int groups) {
    if (groups < 1) {
      throw new IllegalArgumentException("GroupNorm needs at least one group, got " + groups);
    }
    this.groups = groups;
    gamma = addParameter(Parameter.builder().setName("gamma").setType(Parameter.Type.GAMMA).build());
    beta = addParameter(Parameter.builder().setName("beta").setType(Parameter.Type.BETA).build());
  }

  @Override
  protected NDList forwardInternal(
      ParameterStore parameterStore, NDList inputs, boolean training, PairList<String, Object> params) {
    NDArray x = inputs.singletonOrThrow();
    Shape shape = x.getShape();
    long channels = shape.get(1);
    NDArray grouped = x.reshape(shape.get(0), groups, -1);
    NDArray mean = grouped.mean(new int[] {2}, true);
    NDArray centred = grouped.sub(mean);
    NDArray variance = centred.square().mean(new int[] {2}, true);
    NDArray normalised = centred.div(variance.add(HostScalars.of(EPSILON)).sqrt()).reshape(shape);
    long[] perChannel = new long[shape.dimension()];
    java.util.Arrays.fill(perChannel, 1);
    perChannel[1] = channels;
    Shape affine = new Shape(perChannel);
    NDArray g = parameterStore.getValue(gamma, x.getDevice(), training).reshape(affine);
    NDArray b = parameterStore.getValue(beta, x.getDevice(), training).reshape(affine);
    // A reshaped parameter belongs to the parameter's (the model's) manager, which lives as long as the model: hand
    // these views to the input's manager so that they are freed with the step that made them.
    g.attach(x.getManager());
    b.attach(x.getManager());
    return new NDList(normalised.mul(g).add(b));
  }

  @Override
  public Shape[] getOutputShapes(Shape[] inputShapes) {
    return new Shape[] {inputShapes[0]};
  }

  @Override
  protected void prepare(Shape[] inputShapes) {
    long channels = inputShapes[0].get(1);
    if (channels % groups != 0) {
      throw new IllegalArgumentException(
          "GroupNorm(" + groups + ") cannot split " + channels + " channels into equal groups (input "
              + inputShapes[0] + ")");
    }
    gamma.setShape(new Shape(channels));
    beta.setShape(new Shape(channels));
  }
}
