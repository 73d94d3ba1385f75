package io.gpubench.engine.correctness;

import io.gpubench.api.Tensor;
import java.util.Arrays;
import java.util.Optional;

/**
 * Whether an output can be compared element by element with its reference. Equal element counts are not enough: a
 * transposed {@code [n, m]} output against an {@code [m, n]} reference has as many elements and compares the wrong
 * pairs. The dimensions are compared after dropping extents of 1 ({@code [1, m, n]} is laid out as {@code [m, n]});
 * a side with one dimension left (a flat Java array returned by a workload or a reference) says nothing about the
 * layout, so only the counts are compared then.
 */
public final class Layouts {

  private Layouts() {}

  /**
   * Why two tensors cannot be compared, if they cannot.
   *
   * @param actual the output
   * @param expected the reference (or the checked call's output)
   * @return the problem, naming both tensors and their dimensions
   */
  public static Optional<String> mismatch(Tensor actual, Tensor expected) {
    long[] a = actual.dims();
    long[] e = expected.dims();
    if (actual.size() != expected.size()) {
      return Optional.of("output '" + actual.name() + "' " + Arrays.toString(a) + " has " + actual.size()
          + " elements, reference '" + expected.name() + "' " + Arrays.toString(e) + " has " + expected.size());
    }
    long[] sa = squeezed(a);
    long[] se = squeezed(e);
    if (sa.length > 1 && se.length > 1 && !Arrays.equals(sa, se)) {
      return Optional.of("output '" + actual.name() + "' has dims " + Arrays.toString(a) + ", reference '"
          + expected.name() + "' has dims " + Arrays.toString(e) + ": as many elements, laid out differently"
          + " (a transposed or reshaped output?); return the output in the reference's layout");
    }
    return Optional.empty();
  }

  /**
   * Fails when two tensors cannot be compared.
   *
   * @param actual the output
   * @param expected the reference
   * @throws IllegalArgumentException naming both tensors and their dimensions
   */
  public static void requireComparable(Tensor actual, Tensor expected) {
    mismatch(actual, expected).ifPresent(m -> {
      throw new IllegalArgumentException(m);
    });
  }

  private static long[] squeezed(long[] dims) {
    return Arrays.stream(dims).filter(d -> d != 1).toArray();
  }
}
