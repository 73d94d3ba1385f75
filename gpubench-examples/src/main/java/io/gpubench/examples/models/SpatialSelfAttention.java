package io.gpubench.examples.models;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.AbstractBlock;
import ai.djl.training.ParameterStore;
import ai.djl.util.PairList;

/**
 * Self-attention over the pixels of a feature map, with a residual: {@code x + attn(groupNorm(x))}, the map
 * {@code (N, C, H, W)} read as a sequence of {@code H·W} tokens of width {@code C}. GroupNorm(8) and
 * {@link SelfAttention} with 4 heads, as in the diffusion U-Net of GPU-Insights.
 */
public final class SpatialSelfAttention extends AbstractBlock {

  private final GroupNorm norm;
  private final SelfAttention attention;

  /**
   * Makes the block.
   *
   * @param channels the feature map's channels
   * @param heads the attention heads
   */
  public SpatialSelfAttention(int channels, int heads) {
    norm = addChildBlock("norm", new GroupNorm(8));
    attention = addChildBlock("attn", new SelfAttention(channels, heads));
  }

  @Override
  protected NDList forwardInternal(
      ParameterStore parameterStore, NDList inputs, boolean training, PairList<String, Object> params) {
    NDArray x = inputs.singletonOrThrow();
    Shape s = x.getShape();
    NDArray h = norm.forward(parameterStore, inputs, training, params).singletonOrThrow();
    NDArray tokens = h.reshape(s.get(0), s.get(1), -1).transpose(0, 2, 1);
    NDArray attended = attention.forward(parameterStore, new NDList(tokens), training, params).singletonOrThrow();
    return new NDList(x.add(attended.transpose(0, 2, 1).reshape(s)));
  }

  @Override
  public Shape[] getOutputShapes(Shape[] inputShapes) {
    return new Shape[] {inputShapes[0]};
  }

  @Override
  protected void initializeChildBlocks(NDManager manager, DataType dataType, Shape... inputShapes) {
    Shape s = inputShapes[0];
    norm.initialize(manager, dataType, s);
    attention.initialize(manager, dataType, new Shape(s.get(0), s.get(2) * s.get(3), s.get(1)));
  }
}
