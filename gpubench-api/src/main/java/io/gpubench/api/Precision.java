package io.gpubench.api;

/**
 * A numeric format a case computes in. The name is what configuration and reports use.
 *
 * <p>{@link #bytes()} is the storage size of one element, used by {@link Cost} expressions as {@code e}.
 */
public enum Precision {
  /** IEEE double precision; the usual reference precision. */
  FP64(8),
  /** IEEE single precision, computed without tensor-core shortcuts. */
  FP32(4),
  /** Single-precision storage, tensor-core TF32 math (10-bit mantissa). */
  TF32(4),
  /** IEEE half precision. */
  FP16(2),
  /** bfloat16: single-precision range, 8-bit mantissa. */
  BF16(2),
  /** 8-bit float, 4 exponent and 3 mantissa bits, where a backend has it. */
  FP8_E4M3(1);

  private final int bytes;

  Precision(int bytes) {
    this.bytes = bytes;
  }

  /**
   * The storage size of one element.
   *
   * @return bytes per element
   */
  public int bytes() {
    return bytes;
  }

  /**
   * Parses a precision name case-insensitively, accepting {@code FP8} for {@link #FP8_E4M3}.
   *
   * @param name the name, such as {@code "fp16"}
   * @return the precision
   * @throws IllegalArgumentException naming the value and the known names when it is not one
   */
  public static Precision parse(String name) {
    String n = name.trim().toUpperCase(java.util.Locale.ROOT);
    if (n.equals("FP8")) {
      return FP8_E4M3;
    }
    for (Precision p : values()) {
      if (p.name().equals(n)) {
        return p;
      }
    }
    throw new IllegalArgumentException(
        "unknown precision '" + name + "' (known: " + java.util.Arrays.toString(values()) + ")");
  }
}
