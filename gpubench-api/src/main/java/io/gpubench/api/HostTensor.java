package io.gpubench.api;

import java.util.Arrays;
import java.util.Objects;

/**
 * A tensor in host memory, as the CPU backend makes them, and as returned outputs are wrapped. Elements of a
 * precision narrower than FP32 are stored as floats rounded to that precision; FP64 elements as doubles.
 */
public final class HostTensor implements Tensor {
  private final String name;
  private final long[] dims;
  private final Precision precision;
  private final float[] floats;
  private final double[] doubles;

  private HostTensor(String name, long[] dims, Precision precision, float[] floats, double[] doubles) {
    this.name = Objects.requireNonNull(name, "name");
    this.dims = dims.clone();
    this.precision = Objects.requireNonNull(precision, "precision");
    this.floats = floats;
    this.doubles = doubles;
    long n = size();
    long have = floats != null ? floats.length : doubles.length;
    if (n != have) {
      throw new IllegalArgumentException(
          "tensor '" + name + "': dims " + Arrays.toString(dims) + " hold " + n + " elements, values hold " + have);
    }
  }

  /**
   * Wraps floats (not copied).
   *
   * @param name the tensor's name
   * @param precision the precision the values are rounded to; not {@link Precision#FP64}
   * @param values the values
   * @param dims the dimensions; none for a flat tensor of {@code values.length}
   * @return the tensor
   */
  public static HostTensor ofFloats(String name, Precision precision, float[] values, long... dims) {
    if (precision == Precision.FP64) {
      throw new IllegalArgumentException("tensor '" + name + "': FP64 values are held as doubles, use ofDoubles");
    }
    return new HostTensor(name, dims.length == 0 ? new long[] {values.length} : dims, precision, values, null);
  }

  /**
   * Wraps doubles (not copied) as an FP64 tensor.
   *
   * @param name the tensor's name
   * @param values the values
   * @param dims the dimensions; none for a flat tensor of {@code values.length}
   * @return the tensor
   */
  public static HostTensor ofDoubles(String name, double[] values, long... dims) {
    return new HostTensor(name, dims.length == 0 ? new long[] {values.length} : dims, Precision.FP64, null, values);
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
    return "cpu";
  }

  /**
   * Whether the values are held as doubles (an FP64 tensor).
   *
   * @return true for FP64
   */
  public boolean isDouble() {
    return doubles != null;
  }

  /**
   * The backing floats, live: writes are seen by the engine's checks.
   *
   * @return the values
   * @throws IllegalStateException for an FP64 tensor
   */
  public float[] floats() {
    if (floats == null) {
      throw new IllegalStateException("tensor '" + name + "' is FP64: use doubles()");
    }
    return floats;
  }

  /**
   * The backing doubles, live.
   *
   * @return the values
   * @throws IllegalStateException for a tensor that is not FP64
   */
  public double[] doubles() {
    if (doubles == null) {
      throw new IllegalStateException("tensor '" + name + "' is " + precision + ": use floats()");
    }
    return doubles;
  }

  /**
   * One element as a double, whatever the storage.
   *
   * @param i the flat index
   * @return the value
   */
  public double get(long i) {
    return doubles != null ? doubles[(int) i] : floats[(int) i];
  }

  @Override
  public String toString() {
    return name + Arrays.toString(dims) + " " + precision;
  }
}
