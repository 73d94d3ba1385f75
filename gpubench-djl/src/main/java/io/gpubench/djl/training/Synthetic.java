package io.gpubench.djl.training;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;

/** Random data for the synthetic data sets, as GPU-Insights' fake data sets draw it. */
final class Synthetic {

  private Synthetic() {}

  /**
   * Standard normal values in a type, drawn in float32 (not every device draws half-precision normals) and cast; the
   * float32 draw is freed at once so that the data set holds only what the steps read.
   */
  static NDArray normal(NDManager manager, Shape shape, DataType dataType) {
    NDArray drawn = manager.randomNormal(0f, 1f, shape, DataType.FLOAT32);
    if (dataType == DataType.FLOAT32) {
      return drawn;
    }
    NDArray cast = drawn.toType(dataType, false);
    drawn.close();
    return cast;
  }
}
