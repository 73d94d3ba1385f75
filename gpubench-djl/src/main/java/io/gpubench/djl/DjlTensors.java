package io.gpubench.djl;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.pytorch.engine.PtNDArray;
import io.gpubench.api.BackendId;
import io.gpubench.api.DeviceTensor;
import io.gpubench.api.HostTensor;
import io.gpubench.api.Precision;
import io.gpubench.api.Tensor;
import java.util.Optional;

/**
 * Moves values between gpubench tensors and DJL arrays: a case's inputs into DJL arrays on the case's device (from the
 * host on the CPU, device to device on a GPU, once, in set-up), and what a DJL call returned to the engine (copied to
 * the host on the CPU, read in place on a GPU).
 */
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
   * Copies a case's tensor into a DJL array of the tensor's storage type, on the manager's device: a host tensor (the
   * CPU backend's) from the host; a device tensor (gpubench-cuda's, on {@code cuda:N}) device to device into an array
   * on {@code gpu(N)}, once the device has finished what was queued before. Call it in set-up: the copy waits for the
   * device.
   *
   * @param manager the manager that will own the array; for a device tensor, on the tensor's GPU
   * @param tensor a tensor the case's context made ({@code ctx.random}, {@code ctx.fromHost} ...)
   * @return the array
   * @throws IllegalArgumentException naming the tensor and both devices when the manager is on another device, or the
   *     tensor's storage has no DJL type (BF16, FP8) or is of a kind DJL cannot read
   */
  public static NDArray toNDArray(NDManager manager, Tensor tensor) {
    if (tensor instanceof DeviceTensor d) {
      return fromDevice(manager, d);
    }
    if (!(tensor instanceof HostTensor h)) {
      throw new IllegalArgumentException("tensor '" + tensor.name() + "' on " + tensor.device() + " is a "
          + tensor.getClass().getName() + "; DJL arrays are made from host tensors and device tensors");
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

  private static NDArray fromDevice(NDManager manager, DeviceTensor tensor) {
    Device device = manager.getDevice();
    BackendId where = BackendId.parse(tensor.device());
    if (!device.isGpu() || !where.family().equals("cuda") || where.index() != device.getDeviceId()) {
      throw new IllegalArgumentException("tensor '" + tensor.name() + "' lives on " + tensor.device()
          + " but the DJL manager is on " + device + "; make the manager with DjlDevices.require(ctx)");
    }
    DataType type = storageType(tensor);
    NDArray array = manager.create(new Shape(tensor.dims()), type);
    try {
      if (tensor.size() > 0) {
        CudaRuntime.copy(device.getDeviceId(), PtMemory.address(array), tensor.address(), tensor.bytes(),
            "copying tensor '" + tensor.name() + "' " + java.util.Arrays.toString(tensor.dims()) + " "
                + tensor.precision() + " on " + tensor.device() + " into a DJL array");
      }
      return array;
    } catch (RuntimeException e) {
      array.close();
      throw e;
    }
  }

  private static DataType storageType(Tensor tensor) {
    switch (tensor.precision()) {
      case FP64:
        return DataType.FLOAT64;
      case FP32:
      case TF32:
        return DataType.FLOAT32;
      case FP16:
        return DataType.FLOAT16;
      default:
        throw new IllegalArgumentException("tensor '" + tensor.name() + "' is stored in " + tensor.precision()
            + ", which DJL has no data type for (" + DjlDevices.NO_BF16 + ")");
    }
  }

  /**
   * A DJL array on a GPU as a device tensor the engine can check in place: FP64, FP32 and FP16 arrays of DJL's
   * PyTorch engine. A non-contiguous array is read through a dense copy owned by its manager.
   *
   * @param name the tensor's name
   * @param array the array, which stays the caller's
   * @return the device tensor, or empty for an array on the CPU, of another type or engine, or empty
   */
  static Optional<DeviceTensor> onDevice(String name, NDArray array) {
    Device device = array.getDevice();
    if (!device.isGpu() || !(array instanceof PtNDArray pt) || array.size() == 0) {
      return Optional.empty();
    }
    Precision precision;
    switch (array.getDataType()) {
      case FLOAT64:
        precision = Precision.FP64;
        break;
      case FLOAT32:
        precision = Precision.FP32;
        break;
      case FLOAT16:
        precision = Precision.FP16;
        break;
      default:
        return Optional.empty();
    }
    PtNDArray dense = PtMemory.contiguous(pt);
    return Optional.of(new DjlDeviceArray(name, dense, precision, BackendId.of("cuda", device.getDeviceId()).toString(),
        PtMemory.address(dense)));
  }
}
