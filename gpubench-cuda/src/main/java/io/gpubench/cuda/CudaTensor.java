package io.gpubench.cuda;

import io.gpubench.api.DeviceTensor;
import io.gpubench.api.Precision;
import java.util.Arrays;

/**
 * A tensor in device memory, made for a case (its context's inputs and outputs, {@link Cuda#allocate}) and freed
 * when the case ends. Kernels and libraries take its {@link #address()}; a kernel argument may also be the tensor
 * itself. A case also wraps, as a borrowed tensor it never frees, a {@link DeviceTensor} another library made on
 * its device (a DJL array a call returned), to check it in place.
 */
public final class CudaTensor implements DeviceTensor {
  private final CaseResources owner;
  private final String name;
  private final long[] dims;
  private final Precision precision;
  private final long address;
  private final long bytes;

  CudaTensor(CaseResources owner, String name, long[] dims, Precision precision, long address, long bytes) {
    this.owner = owner;
    this.name = name;
    this.dims = dims.clone();
    this.precision = precision;
    this.address = address;
    this.bytes = bytes;
  }

  CaseResources owner() {
    return owner;
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
    return owner.backendId();
  }

  /**
   * The device address of the first element ({@code CUdeviceptr}).
   *
   * @return the address
   */
  @Override
  public long address() {
    return address;
  }

  /**
   * The size in bytes.
   *
   * @return elements times the storage size
   */
  @Override
  public long bytes() {
    return bytes;
  }

  /**
   * Dimension {@code i}.
   *
   * @param i the index; negative counts from the end
   * @return its extent
   */
  public long dim(int i) {
    return dims[i < 0 ? dims.length + i : i];
  }

  @Override
  public String toString() {
    return name + Arrays.toString(dims) + " " + precision + " @" + owner.backendId();
  }
}
