package io.gpubench.examples.models;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.AbstractBlock;
import ai.djl.nn.core.Linear;
import ai.djl.training.ParameterStore;
import ai.djl.util.PairList;
import io.gpubench.djl.HostScalars;

/**
 * Multi-head self-attention over a sequence {@code (N, L, E)}, as PyTorch's {@code nn.MultiheadAttention} with
 * {@code batch_first=True} called as {@code attn(x, x, x)}: one fused input projection to queries, keys and values
 * ({@code 3E × E} weights and {@code 3E} biases, like its {@code in_proj}), scaled dot-product attention per head, and
 * an output projection. Parameters: {@code 4E² + 4E}, the same as PyTorch's.
 */
public final class SelfAttention extends AbstractBlock {

  private final int embedDim;
  private final int heads;
  private final Linear inProjection;
  private final Linear outProjection;

  /**
   * Makes the block.
   *
   * @param embedDim the embedding width {@code E}
   * @param heads the number of heads; {@code E} must be a multiple of it
   */
  public SelfAttention(int embedDim, int heads) {
    if (heads < 1 || embedDim % heads != 0) {
      throw new IllegalArgumentException(
          "SelfAttention: embedding width " + embedDim + " is not a multiple of " + heads + " heads");
    }
    this.embedDim = embedDim;
    this.heads = heads;
    inProjection = addChildBlock("in_proj", Linear.builder().setUnits(3L * embedDim).build());
    outProjection = addChildBlock("out_proj", Linear.builder().setUnits(embedDim).build());
  }

  @Override
  protected NDList forwardInternal(
      ParameterStore parameterStore, NDList inputs, boolean training, PairList<String, Object> params) {
    NDArray x = inputs.singletonOrThrow();
    long batch = x.getShape().get(0);
    long length = x.getShape().get(1);
    long headDim = embedDim / heads;
    NDArray qkv = inProjection.forward(parameterStore, new NDList(x), training, params).singletonOrThrow();
    // (N, L, 3, H, D) -> (3, N, H, L, D): one slice each for queries, keys and values.
    qkv = qkv.reshape(batch, length, 3, heads, headDim).transpose(2, 0, 3, 1, 4);
    NDArray q = qkv.get(0);
    NDArray k = qkv.get(1);
    NDArray v = qkv.get(2);
    NDArray scores = q.matMul(k.transpose(0, 1, 3, 2)).div(HostScalars.of(Math.sqrt(headDim)));
    NDArray attended = scores.softmax(-1).matMul(v).transpose(0, 2, 1, 3).reshape(batch, length, embedDim);
    return outProjection.forward(parameterStore, new NDList(attended), training, params);
  }

  @Override
  public Shape[] getOutputShapes(Shape[] inputShapes) {
    return new Shape[] {inputShapes[0]};
  }

  @Override
  protected void initializeChildBlocks(NDManager manager, DataType dataType, Shape... inputShapes) {
    Shape in = inputShapes[0];
    if (in.dimension() != 3 || in.get(2) != embedDim) {
      throw new IllegalArgumentException(
          "SelfAttention(" + embedDim + ") expects (batch, length, " + embedDim + "), got " + in);
    }
    inProjection.initialize(manager, dataType, in);
    outProjection.initialize(manager, dataType, in);
  }
}
