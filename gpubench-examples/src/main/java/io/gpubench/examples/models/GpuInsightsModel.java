package io.gpubench.examples.models;

import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import io.gpubench.djl.training.TrainingObjective;
import java.util.function.Supplier;

/**
 * The five models of GPU-Insights' training benchmark, with what its published table lists for each: the name its
 * {@code benchmark-data.json} uses, the parameter count, the sample shape and the task.
 */
public enum GpuInsightsModel {
  /** LeNet-style CNN, 10 classes, 3×32×32; about 62K parameters. */
  CNN("cnn", 62_000, new Shape(3, 32, 32), () -> Cnn.build(10),
      TrainingObjective.classification(new Shape(3, 32, 32), 10)),
  /** CIFAR-style ResNet-50, 10 classes, 3×32×32; 23.5M parameters. */
  RESNET50("resnet50", 23_500_000, new Shape(3, 32, 32), () -> ResNet50.build(10),
      TrainingObjective.classification(new Shape(3, 32, 32), 10)),
  /** ViT-B/16, 10 classes, 3×224×224; 85.8M parameters. */
  VIT("vit", 85_800_000, new Shape(3, 224, 224), () -> VisionTransformer.base16(10),
      TrainingObjective.classification(new Shape(3, 224, 224), 10)),
  /** U-Net segmentation, 21 classes per pixel, 3×256×256; 31.0M parameters. */
  UNET("unet", 31_000_000, new Shape(3, 256, 256), () -> new UNet(21),
      TrainingObjective.segmentation(new Shape(3, 256, 256), 21)),
  /** DDPM noise-prediction U-Net, 1000 timesteps, 3×64×64; 62.3M parameters. */
  DDPM("ddpm", 62_300_000, new Shape(3, 64, 64), DiffusionUNet::gpuInsights,
      TrainingObjective.noisePrediction(new Shape(3, 64, 64), 1000));

  private final String id;
  private final long publishedParameters;
  private final Shape sample;
  private final Supplier<Block> factory;
  private final TrainingObjective objective;

  GpuInsightsModel(
      String id, long publishedParameters, Shape sample, Supplier<Block> factory, TrainingObjective objective) {
    this.id = id;
    this.publishedParameters = publishedParameters;
    this.sample = sample;
    this.factory = factory;
    this.objective = objective;
  }

  /**
   * The model's name in GPU-Insights ({@code cnn}, {@code resnet50}, {@code vit}, {@code unet}, {@code ddpm}).
   *
   * @return the name
   */
  public String id() {
    return id;
  }

  /**
   * The parameter count GPU-Insights publishes for the model (rounded as its table shows it: 62K, 23.5M ...).
   *
   * @return the count
   */
  public long publishedParameters() {
    return publishedParameters;
  }

  /**
   * One sample's shape.
   *
   * @return {@code (C, H, W)}
   */
  public Shape sample() {
    return sample;
  }

  /**
   * A new, uninitialised block of the model.
   *
   * @return the block
   */
  public Block newBlock() {
    return factory.get();
  }

  /**
   * What the model is trained on and with which loss.
   *
   * @return the objective
   */
  public TrainingObjective objective() {
    return objective;
  }
}
