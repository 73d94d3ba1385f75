package io.gpubench.djl.training;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import io.gpubench.djl.HostScalars;

/** DDPM training: noise the images at random timesteps, predict the noise, mean squared error. */
final class NoisePredictionObjective implements TrainingObjective {

  private final Shape sample;
  private final int timesteps;

  NoisePredictionObjective(Shape sample, int timesteps) {
    if (timesteps < 1) {
      throw new IllegalArgumentException("diffusion needs at least one timestep, got " + timesteps);
    }
    this.sample = sample;
    this.timesteps = timesteps;
  }

  @Override
  public Shape[] inputShapes(int batch) {
    return new Shape[] {new Shape(batch).addAll(sample), new Shape(batch)};
  }

  @Override
  public SyntheticBatch synthesize(NDManager manager, int batch, DataType dataType) {
    NDArray images = Synthetic.normal(manager, new Shape(batch).addAll(sample), dataType);
    return new SyntheticBatch(new NDList(images), new NDList());
  }

  @Override
  public SyntheticBatch stepBatch(NDManager step, SyntheticBatch data) {
    NDArray images = data.inputs().singletonOrThrow();
    long batch = images.getShape().get(0);
    NDArray t = step.randomInteger(0, timesteps, new Shape(batch), DataType.INT64);
    NDArray noise = step.randomNormal(0f, 1f, images.getShape(), DataType.FLOAT32).toType(images.getDataType(), false);
    // Numbers as host scalars: a plain div(timesteps) or add(1f) would copy the number to the GPU and wait for it.
    NDArray one = HostScalars.of(1);
    NDArray alphaBar = t.toType(DataType.FLOAT32, false).div(HostScalars.of(timesteps)).neg().add(one)
        .reshape(batch, 1, 1, 1).toType(images.getDataType(), false);
    NDArray noisy = alphaBar.sqrt().mul(images).add(alphaBar.neg().add(one).sqrt().mul(noise));
    return new SyntheticBatch(new NDList(noisy, t), new NDList(noise));
  }

  @Override
  public NDArray loss(NDList labels, NDList predictions) {
    // In float32, as autocast computes mse_loss.
    NDArray difference = Upcast.toFloat32(predictions.singletonOrThrow())
        .sub(labels.singletonOrThrow().toType(DataType.FLOAT32, false));
    return difference.square().mean();
  }
}
