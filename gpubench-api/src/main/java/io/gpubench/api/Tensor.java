package io.gpubench.api;

/**
 * An n-dimensional array that lives on a backend's device: an input, an output or a reference. Backends make
 * tensors through the {@link BenchContext}; benchmark code hands them to its own kernels or libraries (a host
 * tensor's values through {@code io.gpubench.api.HostTensor}, a device tensor's address through the backend's
 * own type, via {@link BenchContext#unwrap}).
 */
public interface Tensor {

  /**
   * The name given at creation, used in error messages.
   *
   * @return the name
   */
  String name();

  /**
   * The extent of each dimension.
   *
   * @return a fresh copy of the dimensions
   */
  long[] dims();

  /**
   * The number of elements.
   *
   * @return the product of the dimensions
   */
  default long size() {
    long n = 1;
    for (long d : dims()) {
      n *= d;
    }
    return n;
  }

  /**
   * The format the elements are stored in.
   *
   * @return the storage precision
   */
  Precision precision();

  /**
   * The id of the backend whose device holds the tensor, such as {@code "cpu"} or {@code "cuda:0"}.
   *
   * @return the backend id
   */
  String device();
}
