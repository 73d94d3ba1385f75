package io.gpubench.djl.training;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;

/**
 * What a model is trained to do, in the terms a throughput benchmark needs: the shapes of its inputs, the synthetic
 * data set (made once, kept on the device), what one step feeds the block, and the loss.
 */
public interface TrainingObjective {

  /**
   * The block's input shapes for a batch size, for {@code Trainer.initialize}.
   *
   * @param batch the batch size
   * @return one shape per block input
   */
  Shape[] inputShapes(int batch);

  /**
   * Makes the synthetic data set: random inputs and labels, on the manager's device, in the compute type.
   *
   * @param manager the long-lived manager that owns the data
   * @param batch the batch size
   * @param dataType the compute type of floating-point inputs
   * @return the data
   */
  SyntheticBatch synthesize(NDManager manager, int batch, DataType dataType);

  /**
   * The inputs and labels of one step. Objectives that draw per-step randomness (diffusion's timesteps and noise)
   * make it here, in the step's manager so that it is freed with the step; the default feeds the stored data.
   *
   * @param step the step's manager
   * @param data the stored data set
   * @return the step's batch
   */
  default SyntheticBatch stepBatch(NDManager step, SyntheticBatch data) {
    return data;
  }

  /**
   * The scalar loss of a step.
   *
   * @param labels the step's labels
   * @param predictions the block's outputs
   * @return a scalar
   */
  NDArray loss(NDList labels, NDList predictions);

  /**
   * Image classification with cross-entropy: inputs {@code (N, *sample)} from a standard normal, integer labels in
   * {@code [0, classes)}.
   *
   * @param sample one sample's shape, such as {@code (3, 32, 32)}
   * @param classes the number of classes
   * @return the objective
   */
  static TrainingObjective classification(Shape sample, int classes) {
    return new CrossEntropyObjective(sample, classes, false);
  }

  /**
   * Semantic segmentation with per-pixel cross-entropy: inputs {@code (N, C, H, W)}, integer labels
   * {@code (N, H, W)} in {@code [0, classes)}, predictions {@code (N, classes, H, W)}.
   *
   * @param sample one sample's shape {@code (C, H, W)}
   * @param classes the number of classes
   * @return the objective
   */
  static TrainingObjective segmentation(Shape sample, int classes) {
    return new CrossEntropyObjective(sample, classes, true);
  }

  /**
   * DDPM noise prediction with mean squared error, as GPU-Insights trains it: per step, timesteps {@code t} uniform
   * in {@code [0, timesteps)} and Gaussian noise are drawn, the images are noised with the simplified schedule
   * {@code ᾱ = 1 - t/T}, and the block, called with {@code (noisy, t)}, predicts the noise.
   *
   * @param sample one image's shape {@code (C, H, W)}
   * @param timesteps the diffusion steps {@code T}, 1000 in GPU-Insights
   * @return the objective
   */
  static TrainingObjective noisePrediction(Shape sample, int timesteps) {
    return new NoisePredictionObjective(sample, timesteps);
  }
}
