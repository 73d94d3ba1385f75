package io.gpubench.examples.models;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.AbstractBlock;
import ai.djl.nn.Block;
import ai.djl.nn.SequentialBlock;
import ai.djl.nn.convolutional.Conv2d;
import ai.djl.nn.core.Linear;
import ai.djl.training.ParameterStore;
import ai.djl.util.PairList;
import java.util.ArrayList;
import java.util.List;
import io.gpubench.djl.HostScalars;

/**
 * GPU-Insights' {@code ddpm} noise predictor, an Improved-DDPM-style U-Net. Inputs {@code (noisyImage, timestep)}:
 * images {@code (N, 3, 64, 64)} and integer timesteps {@code (N)}; output the predicted noise, shaped like the image.
 *
 * <p>A sinusoidal embedding of the timestep (width = base channels) goes through Linear, SiLU, Linear to the time
 * width. The encoder has one level per channel multiplier (base 128 × 1, 2, 3, 4), two {@link TimeResBlock}s each,
 * {@link SpatialSelfAttention} where the resolution is one of the attention resolutions (16), and a 3×3 stride-2
 * convolution between levels; the bottleneck is ResBlock, attention, ResBlock; the decoder mirrors the encoder with
 * nearest-neighbour ×2 upsampling plus a 3×3 convolution, concatenating each level's skip. GroupNorm(8), SiLU and a
 * 3×3 convolution give the output.
 */
public final class DiffusionUNet extends AbstractBlock {

  private static final int GROUPS_HEADS = 4;

  private final int baseChannels;
  private final int[] channels;
  private final int inputResolution;
  private final Block timeMlp;
  private final Block convIn;
  private final List<Block> encoder = new ArrayList<>();
  private final List<Block> encoderAttention = new ArrayList<>();
  private final List<Block> downsample = new ArrayList<>();
  private final Block mid1;
  private final Block midAttention;
  private final Block mid2;
  private final List<Block> upsample = new ArrayList<>();
  private final List<Block> decoder = new ArrayList<>();
  private final List<Block> decoderAttention = new ArrayList<>();
  private final Block convOut;

  /**
   * Makes the network.
   *
   * @param imageChannels the image channels, 3
   * @param baseChannels the first level's channels, 128
   * @param multipliers the channel multiplier of each level, {1, 2, 3, 4}
   * @param inputResolution the image side the attention resolutions refer to, 64
   * @param attentionResolution the side at which levels get attention, 16
   * @param timeDim the time embedding's width, 512
   */
  public DiffusionUNet(
      int imageChannels, int baseChannels, int[] multipliers, int inputResolution, int attentionResolution,
      int timeDim) {
    this.baseChannels = baseChannels;
    this.inputResolution = inputResolution;
    channels = new int[multipliers.length];
    for (int i = 0; i < multipliers.length; i++) {
      channels[i] = baseChannels * multipliers[i];
    }
    int levels = channels.length;
    timeMlp = addChildBlock("time_embed", new SequentialBlock()
        .add(Linear.builder().setUnits(timeDim).build())
        .add(Silu.block())
        .add(Linear.builder().setUnits(timeDim).build()));
    convIn = addChildBlock("conv_in", conv3x3(channels[0], 1));

    int previous = channels[0];
    int resolution = inputResolution;
    for (int i = 0; i < levels; i++) {
      int ch = channels[i];
      encoder.add(addChildBlock("enc" + i + "_a", new TimeResBlock(previous, ch)));
      encoder.add(addChildBlock("enc" + i + "_b", new TimeResBlock(ch, ch)));
      encoderAttention.add(resolution == attentionResolution
          ? addChildBlock("enc" + i + "_attn", new SpatialSelfAttention(ch, GROUPS_HEADS))
          : null);
      if (i < levels - 1) {
        downsample.add(addChildBlock("down" + i, conv3x3(ch, 2)));
        resolution /= 2;
      }
      previous = ch;
    }
    int last = channels[levels - 1];
    mid1 = addChildBlock("mid1", new TimeResBlock(last, last));
    midAttention = addChildBlock("mid_attn", new SpatialSelfAttention(last, GROUPS_HEADS));
    mid2 = addChildBlock("mid2", new TimeResBlock(last, last));

    for (int i = levels - 1; i >= 0; i--) {
      int ch = channels[i];
      if (i < levels - 1) {
        upsample.add(addChildBlock("up" + i, conv3x3(previous, 1)));
        resolution *= 2;
      }
      decoder.add(addChildBlock("dec" + i + "_a", new TimeResBlock(previous + ch, ch)));
      decoder.add(addChildBlock("dec" + i + "_b", new TimeResBlock(ch, ch)));
      decoderAttention.add(resolution == attentionResolution
          ? addChildBlock("dec" + i + "_attn", new SpatialSelfAttention(ch, GROUPS_HEADS))
          : null);
      previous = ch;
    }
    convOut = addChildBlock("conv_out", new SequentialBlock()
        .add(new GroupNorm(8))
        .add(Silu.block())
        .add(conv3x3(imageChannels, 1)));
  }

  /**
   * The configuration GPU-Insights benchmarks: 3 channels, base 128, multipliers 1, 2, 3, 4, 64×64 images,
   * attention at 16×16, time width 512.
   *
   * @return the network
   */
  public static DiffusionUNet gpuInsights() {
    return new DiffusionUNet(3, 128, new int[] {1, 2, 3, 4}, 64, 16, 512);
  }

  @Override
  protected NDList forwardInternal(
      ParameterStore parameterStore, NDList inputs, boolean training, PairList<String, Object> params) {
    NDArray image = inputs.get(0);
    NDArray embedding = sinusoidal(inputs.get(1), baseChannels).toType(image.getDataType(), false);
    NDArray time = timeMlp.forward(parameterStore, new NDList(embedding), training, params).singletonOrThrow();

    NDArray h = forward(convIn, parameterStore, image, training, params);
    List<NDArray> skips = new ArrayList<>();
    int levels = channels.length;
    for (int i = 0; i < levels; i++) {
      h = forward(encoder.get(2 * i), parameterStore, new NDList(h, time), training, params);
      h = forward(encoder.get(2 * i + 1), parameterStore, new NDList(h, time), training, params);
      if (encoderAttention.get(i) != null) {
        h = forward(encoderAttention.get(i), parameterStore, h, training, params);
      }
      skips.add(h);
      if (i < levels - 1) {
        h = forward(downsample.get(i), parameterStore, h, training, params);
      }
    }
    h = forward(mid1, parameterStore, new NDList(h, time), training, params);
    h = forward(midAttention, parameterStore, h, training, params);
    h = forward(mid2, parameterStore, new NDList(h, time), training, params);
    for (int j = 0; j < levels; j++) {
      if (j > 0) {
        h = forward(upsample.get(j - 1), parameterStore, nearestUp2(h), training, params);
      }
      h = h.concat(skips.get(levels - 1 - j), 1);
      h = forward(decoder.get(2 * j), parameterStore, new NDList(h, time), training, params);
      h = forward(decoder.get(2 * j + 1), parameterStore, new NDList(h, time), training, params);
      if (decoderAttention.get(j) != null) {
        h = forward(decoderAttention.get(j), parameterStore, h, training, params);
      }
    }
    return convOut.forward(parameterStore, new NDList(h), training, params);
  }

  @Override
  public Shape[] getOutputShapes(Shape[] inputShapes) {
    return new Shape[] {inputShapes[0]};
  }

  @Override
  protected void initializeChildBlocks(NDManager manager, DataType dataType, Shape... inputShapes) {
    Shape image = inputShapes[0];
    if (image.dimension() != 4 || image.get(2) != inputResolution || image.get(3) != inputResolution) {
      throw new IllegalArgumentException("DiffusionUNet built for " + inputResolution + "x" + inputResolution
          + " images expects (batch, channels, " + inputResolution + ", " + inputResolution + "), got " + image);
    }
    long batch = image.get(0);
    timeMlp.initialize(manager, dataType, new Shape(batch, baseChannels));
    Shape time = timeMlp.getOutputShapes(new Shape[] {new Shape(batch, baseChannels)})[0];
    Shape h = init(convIn, manager, dataType, image);
    List<Shape> skips = new ArrayList<>();
    int levels = channels.length;
    for (int i = 0; i < levels; i++) {
      h = init(encoder.get(2 * i), manager, dataType, h, time);
      h = init(encoder.get(2 * i + 1), manager, dataType, h, time);
      if (encoderAttention.get(i) != null) {
        h = init(encoderAttention.get(i), manager, dataType, h);
      }
      skips.add(h);
      if (i < levels - 1) {
        h = init(downsample.get(i), manager, dataType, h);
      }
    }
    h = init(mid1, manager, dataType, h, time);
    h = init(midAttention, manager, dataType, h);
    h = init(mid2, manager, dataType, h, time);
    for (int j = 0; j < levels; j++) {
      if (j > 0) {
        h = init(upsample.get(j - 1), manager, dataType, new Shape(h.get(0), h.get(1), 2 * h.get(2), 2 * h.get(3)));
      }
      Shape skip = skips.get(levels - 1 - j);
      h = new Shape(h.get(0), h.get(1) + skip.get(1), h.get(2), h.get(3));
      h = init(decoder.get(2 * j), manager, dataType, h, time);
      h = init(decoder.get(2 * j + 1), manager, dataType, h, time);
      if (decoderAttention.get(j) != null) {
        h = init(decoderAttention.get(j), manager, dataType, h);
      }
    }
    init(convOut, manager, dataType, h);
  }

  /**
   * The sinusoidal timestep embedding of DDPM: for {@code half = dim/2} frequencies
   * {@code f_i = exp(-ln(10000)·i/(half-1))}, the concatenation {@code [sin(t·f), cos(t·f)]}.
   *
   * @param timesteps integer or float timesteps {@code (N)}
   * @param dim the embedding width, even
   * @return {@code (N, dim)} in float32
   */
  public static NDArray sinusoidal(NDArray timesteps, int dim) {
    int half = dim / 2;
    NDManager manager = timesteps.getManager();
    NDArray frequencies = manager.arange(0f, half, 1f, DataType.FLOAT32, timesteps.getDevice())
        .mul(HostScalars.of(-Math.log(10000) / (half - 1)))
        .exp();
    NDArray angles = timesteps.toType(DataType.FLOAT32, false).reshape(-1, 1).mul(frequencies.reshape(1, half));
    return angles.sin().concat(angles.cos(), 1);
  }

  private static NDArray nearestUp2(NDArray x) {
    Shape s = x.getShape();
    long n = s.get(0);
    long c = s.get(1);
    long height = s.get(2);
    long width = s.get(3);
    return x.reshape(n, c, height, 1, width, 1)
        .broadcast(n, c, height, 2, width, 2)
        .reshape(n, c, 2 * height, 2 * width);
  }

  private static Block conv3x3(int filters, int stride) {
    return Conv2d.builder()
        .setKernelShape(new Shape(3, 3))
        .optStride(new Shape(stride, stride))
        .optPadding(new Shape(1, 1))
        .setFilters(filters)
        .build();
  }

  private static NDArray forward(
      Block block, ParameterStore store, NDArray x, boolean training, PairList<String, Object> params) {
    return forward(block, store, new NDList(x), training, params);
  }

  private static NDArray forward(
      Block block, ParameterStore store, NDList x, boolean training, PairList<String, Object> params) {
    return block.forward(store, x, training, params).singletonOrThrow();
  }

  private static Shape init(Block block, NDManager manager, DataType dataType, Shape... shapes) {
    block.initialize(manager, dataType, shapes);
    return block.getOutputShapes(shapes)[0];
  }
}
