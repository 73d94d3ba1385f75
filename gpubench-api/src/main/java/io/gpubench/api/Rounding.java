package io.gpubench.api;


/**
 * Rounds host values to what a precision can represent (round to nearest, ties to even, with subnormals), so
 * that inputs carry exactly the values a device computing in that precision sees, and so that the reference,
 * computed in a higher precision from the same rounded values, differs from the case only by the computation.
 */
public final class Rounding {

  private Rounding() {}

  /**
   * Rounds one value.
   *
   * @param x the value
   * @param precision the target precision
   * @return the nearest representable value (FP16 overflows to infinity; FP8 E4M3, which has no infinity,
   *     saturates at &plusmn;448)
   */
  public static float round(float x, Precision precision) {
    switch (precision) {
      case FP64:
      case FP32:
        return x;
      case TF32:
        return (float) roundTo(x, 10, -126, Float.MAX_VALUE, false);
      case BF16:
        return (float) roundTo(x, 7, -126, Float.MAX_VALUE, false);
      case FP16:
        return (float) roundTo(x, 10, -14, 65504, false);
      case FP8_E4M3:
        return (float) roundTo(x, 3, -6, 448, true);
      default:
        throw new IllegalArgumentException("no rounding for " + precision);
    }
  }

  /**
   * Rounds every value in place.
   *
   * @param values the values
   * @param precision the target precision
   * @return {@code values}
   */
  public static float[] roundAll(float[] values, Precision precision) {
    if (precision == Precision.FP32 || precision == Precision.FP64) {
      return values;
    }
    for (int i = 0; i < values.length; i++) {
      values[i] = round(values[i], precision);
    }
    return values;
  }

  private static double roundTo(double x, int mantissaBits, int minNormalExponent, double maxFinite, boolean saturate) {
    if (x == 0 || Double.isNaN(x) || Double.isInfinite(x)) {
      return x;
    }
    int e = Math.max(Math.getExponent(x), minNormalExponent);
    double ulp = Math.scalb(1.0, e - mantissaBits);
    double r = Math.rint(x / ulp) * ulp;
    if (Math.abs(r) > maxFinite) {
      return saturate ? Math.copySign(maxFinite, x) : Math.copySign(Double.POSITIVE_INFINITY, x);
    }
    return r;
  }
}
