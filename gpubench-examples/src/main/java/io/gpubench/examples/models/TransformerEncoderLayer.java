package io.gpubench.examples.models;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.AbstractBlock;
import ai.djl.nn.Activation;
import ai.djl.nn.SequentialBlock;
import ai.djl.nn.core.Linear;
import ai.djl.nn.norm.LayerNorm;
import ai.djl.training.ParameterStore;
import ai.djl.util.PairList;

/**
 * A pre-norm transformer encoder layer over {@code (N, L, E)}: {@code x + attn(norm1(x))}, then
 * {@code x + mlp(norm2(x))} with a GELU MLP of {@code E × mlpRatio} hidden units, as GPU-Insights' ViT uses (no
 * dropout: its rate is 0).
 */
public final class TransformerEncoderLayer extends AbstractBlock {

  private final LayerNorm norm1;
  private final SelfAttention attention;
  private final LayerNorm norm2;
  private final SequentialBlock mlp;

  /**
   * Makes the layer.
   *
   * @param embedDim the embedding width
   * @param heads the attention heads
   * @param mlpRatio the MLP's hidden width over the embedding width
   */
  public TransformerEncoderLayer(int embedDim, int heads, int mlpRatio) {
    norm1 = addChildBlock("norm1", LayerNorm.builder().axis(2).build());
    attention = addChildBlock("attn", new SelfAttention(embedDim, heads));
    norm2 = addChildBlock("norm2", LayerNorm.builder().axis(2).build());
    mlp = addChildBlock("mlp", new SequentialBlock()
        .add(Linear.builder().setUnits((long) embedDim * mlpRatio).build())
        .add(Activation.geluBlock())
        .add(Linear.builder().setUnits(embedDim).build()));
  }

  @Override
  protected NDList forwardInternal(
      ParameterStore parameterStore, NDList inputs, boolean training, PairList<String, Object> params) {
    NDArray x = inputs.singletonOrThrow();
    NDList h = norm1.forward(parameterStore, new NDList(x), training, params);
    x = x.add(attention.forward(parameterStore, h, training, params).singletonOrThrow());
    h = norm2.forward(parameterStore, new NDList(x), training, params);
    return new NDList(x.add(mlp.forward(parameterStore, h, training, params).singletonOrThrow()));
  }

  @Override
  public Shape[] getOutputShapes(Shape[] inputShapes) {
    return new Shape[] {inputShapes[0]};
  }

  @Override
  protected void initializeChildBlocks(NDManager manager, DataType dataType, Shape... inputShapes) {
    for (var child : getChildren().values()) {
      child.initialize(manager, dataType, inputShapes[0]);
    }
  }
}
