package io.gpubench.history.store;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A run's per-trial samples of a case as the store keeps them: little-endian IEEE doubles, exact and an eighth the
 * size of their decimal text.
 */
final class Samples {

  private Samples() {}

  static byte[] pack(double[] values) {
    ByteBuffer b = ByteBuffer.allocate(values.length * Double.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    for (double v : values) {
      b.putDouble(v);
    }
    return b.array();
  }

  static double[] unpack(byte[] bytes) {
    if (bytes == null) {
      return new double[0];
    }
    ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    double[] out = new double[bytes.length / Double.BYTES];
    for (int i = 0; i < out.length; i++) {
      out[i] = b.getDouble();
    }
    return out;
  }
}
