package io.gpubench.examples.models;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.AbstractBlock;
import ai.djl.nn.Parameter;
import ai.djl.nn.SequentialBlock;
import ai.djl.nn.convolutional.Conv2d;
import ai.djl.nn.core.Linear;
import ai.djl.nn.norm.LayerNorm;
import ai.djl.training.ParameterStore;
import ai.djl.training.initializer.Initializer;
import ai.djl.training.initializer.TruncatedNormalInitializer;
import ai.djl.util.PairList;

/**
 * GPU-Insights' {@code vit}: a ViT-B/16-style classifier. A stride-16 16×16 convolution cuts the image into patch
 * embeddings, a learned CLS token is prepended and learned position embeddings added, then {@code depth} pre-norm
 * encoder layers, a final layer norm, and a linear head on the CLS token.
 */
public final class VisionTransformer extends AbstractBlock {

  private final int patch;
  private final int embedDim;
  private final Conv2d patchEmbedding;
  private final Parameter clsToken;
  private final Parameter positionEmbedding;
  private final SequentialBlock encoder;
  private final LayerNorm norm;
  private final Linear head;

  /**
   * Makes the network.
   *
   * @param patch the patch side, 16 for ViT-B/16
   * @param embedDim the embedding width, 768
   * @param depth the encoder layers, 12
   * @param heads the attention heads, 12
   * @param mlpRatio the MLP expansion, 4
   * @param classes the number of output classes (GPU-Insights uses 10)
   */
  public VisionTransformer(int patch, int embedDim, int depth, int heads, int mlpRatio, int classes) {
    this.patch = patch;
    this.embedDim = embedDim;
    patchEmbedding = addChildBlock("patch_embed", Conv2d.builder()
        .setKernelShape(new Shape(patch, patch))
        .optStride(new Shape(patch, patch))
        .setFilters(embedDim)
        .build());
    // GPU-Insights initialises both with trunc_normal(std=0.02).
    clsToken = addParameter(Parameter.builder()
        .setName("cls_token")
        .setType(Parameter.Type.WEIGHT)
        .optInitializer(truncatedNormal(0.02f))
        .build());
    positionEmbedding = addParameter(Parameter.builder()
        .setName("pos_embed")
        .setType(Parameter.Type.WEIGHT)
        .optInitializer(truncatedNormal(0.02f))
        .build());
    encoder = new SequentialBlock();
    for (int i = 0; i < depth; i++) {
      encoder.add(new TransformerEncoderLayer(embedDim, heads, mlpRatio));
    }
    addChildBlock("blocks", encoder);
    norm = addChildBlock("norm", LayerNorm.builder().axis(2).build());
    head = addChildBlock("head", Linear.builder().setUnits(classes).build());
  }

  /**
   * A truncated normal initializer that returns the type asked for. DJL 0.36's {@code TruncatedNormalInitializer}
   * concatenates its samples onto an empty FLOAT32 array, so it returns FLOAT32 whatever the type: in an FP16 model
   * the class token and position embedding stayed FP32, the tokens were promoted to FP32, and the first layer norm
   * (FP16 weights) failed with "expected scalar type Float but found Half". That was why ViT could not train in FP16.
   *
   * @param sigma the standard deviation
   * @return the initializer
   */
  static Initializer truncatedNormal(float sigma) {
    TruncatedNormalInitializer samples = new TruncatedNormalInitializer(sigma);
    return (manager, shape, dataType) -> {
      NDArray drawn = samples.initialize(manager, shape, dataType);
      if (drawn.getDataType() == dataType) {
        return drawn;
      }
      NDArray cast = drawn.toType(dataType, false);
      drawn.close();
      return cast;
    };
  }

  /**
   * ViT-B/16 as GPU-Insights configures it: patch 16, width 768, depth 12, 12 heads, MLP ratio 4.
   *
   * @param classes the number of output classes
   * @return the network
   */
  public static VisionTransformer base16(int classes) {
    return new VisionTransformer(16, 768, 12, 12, 4, classes);
  }

  @Override
  protected NDList forwardInternal(
      ParameterStore parameterStore, NDList inputs, boolean training, PairList<String, Object> params) {
    NDArray image = inputs.singletonOrThrow();
    long batch = image.getShape().get(0);
    NDArray patches = patchEmbedding.forward(parameterStore, inputs, training, params).singletonOrThrow();
    // (N, E, H/p, W/p) -> (N, P, E)
    patches = patches.reshape(batch, embedDim, -1).transpose(0, 2, 1);
    NDArray cls = parameterStore.getValue(clsToken, image.getDevice(), training)
        .broadcast(batch, 1, embedDim);
    // The broadcast belongs to the parameter's manager, and so would everything computed from it: give it to the
    // input's manager so that the step's arrays are freed with the step.
    cls.attach(patches.getManager());
    NDArray tokens = cls.concat(patches, 1)
        .add(parameterStore.getValue(positionEmbedding, image.getDevice(), training));
    NDList encoded = encoder.forward(parameterStore, new NDList(tokens), training, params);
    NDArray normed = norm.forward(parameterStore, encoded, training, params).singletonOrThrow();
    NDArray first = normed.get(new NDIndex(":, 0, :"));
    return head.forward(parameterStore, new NDList(first), training, params);
  }

  @Override
  public Shape[] getOutputShapes(Shape[] inputShapes) {
    return head.getOutputShapes(new Shape[] {new Shape(inputShapes[0].get(0), embedDim)});
  }

  @Override
  protected void prepare(Shape[] inputShapes) {
    clsToken.setShape(new Shape(1, 1, embedDim));
    positionEmbedding.setShape(new Shape(1, tokens(inputShapes[0]), embedDim));
  }

  @Override
  protected void initializeChildBlocks(NDManager manager, DataType dataType, Shape... inputShapes) {
    Shape image = inputShapes[0];
    if (image.dimension() != 4 || image.get(2) % patch != 0 || image.get(3) % patch != 0) {
      throw new IllegalArgumentException(
          "VisionTransformer expects (batch, channels, height, width) with sides a multiple of the patch " + patch
              + ", got " + image);
    }
    patchEmbedding.initialize(manager, dataType, image);
    Shape sequence = new Shape(image.get(0), tokens(image), embedDim);
    encoder.initialize(manager, dataType, sequence);
    norm.initialize(manager, dataType, sequence);
    head.initialize(manager, dataType, new Shape(image.get(0), embedDim));
  }

  private long tokens(Shape image) {
    return (image.get(2) / patch) * (image.get(3) / patch) + 1;
  }
}
