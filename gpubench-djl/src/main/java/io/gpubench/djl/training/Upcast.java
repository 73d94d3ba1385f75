package io.gpubench.djl.training;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;

/** Float32 copies of arrays that stay in the autograd graph. */
final class Upcast {

  private Upcast() {}

  /**
   * The array in float32, differentiable. DJL 0.36's {@code toType} cuts the autograd graph (measured: backward
   * through it fails with "element 0 of tensors does not require grad"), so the cast is a multiplication by a
   * one-element float32 one, which PyTorch's type promotion carries out in float32.
   *
   * @param array an array in any floating type
   * @return the array itself when already float32, else its float32 product with one
   */
  static NDArray toFloat32(NDArray array) {
    if (array.getDataType() == DataType.FLOAT32) {
      return array;
    }
    return array.mul(array.getManager().ones(new Shape(1), DataType.FLOAT32));
  }
}
