package io.gpubench.djl.training;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;

/** Classification and per-pixel segmentation: softmax cross-entropy over the class axis 1. */
final class CrossEntropyObjective implements TrainingObjective {

  private final Shape sample;
  private final int classes;
  private final boolean perPixel;

  CrossEntropyObjective(Shape sample, int classes, boolean perPixel) {
    if (classes < 2) {
      throw new IllegalArgumentException("cross-entropy needs at least 2 classes, got " + classes);
    }
    if (perPixel && sample.dimension() != 3) {
      throw new IllegalArgumentException("segmentation samples are (channels, height, width), got " + sample);
    }
    this.sample = sample;
    this.classes = classes;
    this.perPixel = perPixel;
  }

  @Override
  public Shape[] inputShapes(int batch) {
    return new Shape[] {new Shape(batch).addAll(sample)};
  }

  @Override
  public SyntheticBatch synthesize(NDManager manager, int batch, DataType dataType) {
    NDArray images = Synthetic.normal(manager, inputShapes(batch)[0], dataType);
    Shape labelShape = perPixel ? new Shape(batch, sample.get(1), sample.get(2)) : new Shape(batch);
    NDArray labels = manager.randomInteger(0, classes, labelShape, DataType.INT64);
    return new SyntheticBatch(new NDList(images), new NDList(labels));
  }

  @Override
  public NDArray loss(NDList labels, NDList predictions) {
    // In float32 whatever the compute type, as autocast does for cross-entropy: a half-precision log-softmax
    // loses the small probabilities.
    NDArray logProbabilities = Upcast.toFloat32(predictions.singletonOrThrow()).logSoftmax(1);
    NDArray picked = logProbabilities.gather(labels.singletonOrThrow().expandDims(1), 1);
    return picked.mean().neg();
  }
}
