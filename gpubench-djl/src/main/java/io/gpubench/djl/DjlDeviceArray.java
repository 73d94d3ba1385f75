package io.gpubench.djl;

import ai.djl.ndarray.NDArray;
import io.gpubench.api.DeviceTensor;
import io.gpubench.api.Precision;
import java.util.Arrays;

/**
 * A DJL array on a GPU seen as a device tensor, so that the engine checks it where it lives: the CUDA session reads it
 * in place, after the device has finished. It holds the array, which stays the caller's to close.
 */
final class DjlDeviceArray implements DeviceTensor {
  private final String name;
  private final NDArray array;
  private final long[] dims;
  private final Precision precision;
  private final String device;
  private final long address;

  DjlDeviceArray(String name, NDArray array, Precision precision, String device, long address) {
    this.name = name;
    this.array = array;
    long[] shape = array.getShape().getShape();
    this.dims = shape.length == 0 ? new long[] {1} : shape;
    this.precision = precision;
    this.device = device;
    this.address = address;
  }

  /** The DJL array whose memory this is. */
  NDArray array() {
    return array;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public long[] dims() {
    return dims.clone();
  }

  @Override
  public Precision precision() {
    return precision;
  }

  @Override
  public String device() {
    return device;
  }

  @Override
  public long address() {
    return address;
  }

  @Override
  public String toString() {
    return name + Arrays.toString(dims) + " " + precision + " @" + device + " (DJL)";
  }
}
