package io.gpubench.djl;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Precision;
import io.gpubench.api.Tensor;

/** Moves values between gpubench tensors and DJL arrays. */
public final class DjlTensors {

  private DjlTensors() {}

  /**
   * Copies a DJL array to the host.
   *
   * @param name the tensor's name
   * @param array the array (FP64 stays FP64; other types become floats)
   * @return the host tensor
   */
  public static HostTensor toHost(String name, NDArray array) {
    long[] dims = array.getShape().getShape();
    if (array.getDataType() == DataType.FLOAT64) {
      return HostTensor.ofDoubles(name, array.toDoubleArray(), dims.length == 0 ? new long[] {1} : dims);
    }
    Precision p = array.getDataType() == DataType.FLOAT16 ? Precision.FP16 : Precision.FP32;
    float[] values = array.getDataType() == DataType.FLOAT32 ? array.toFloatArray()
        : array.toType(DataType.FLOAT32, false).toFloatArray();
    return HostTensor.ofFloats(name, p, values, dims.length == 0 ? new long[] {1} : dims);
  }

  /**
   * Casts every parameter of an initialised block in place. DJL's {@code Block.cast} is not implemented for
   * composite blocks, and a parameter's array cannot be replaced once set, so each array takes over the handle of
   * its cast copy ({@link NDArray#intern}).
   *
   * @param block an initialised block
   * @param type the data type
   */
  public static void castParameters(ai.djl.nn.Block block, DataType type) {
    for (var p : block.getParameters()) {
      NDArray array = p.getValue().getArray();
      if (array.getDataType() != type) {
        array.intern(array.toType(type, false));
      }
    }
  }

  /**
   * Copies a host tensor into a DJL array of the tensor's storage type.
   *
   * @param manager the manager that will own the array
   * @param tensor a host tensor (as the CPU backend makes them)
   * @return the array
   * @throws IllegalArgumentException for a device tensor
   */
  public static NDArray toNDArray(NDManager manager, Tensor tensor) {
    if (!(tensor instanceof HostTensor h)) {
      throw new IllegalArgumentException("tensor '" + tensor.name() + "' lives on " + tensor.device()
          + "; only host tensors convert to DJL arrays");
    }
    Shape shape = new Shape(h.dims());
    if (h.isDouble()) {
      return manager.create(h.doubles(), shape);
    }
    NDArray a = manager.create(h.floats(), shape);
    if (h.precision() == Precision.FP16) {
      NDArray half = a.toType(DataType.FLOAT16, false);
      a.close();
      return half;
    }
    return a;
  }
}
