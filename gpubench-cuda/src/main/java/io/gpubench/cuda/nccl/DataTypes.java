package io.gpubench.cuda.nccl;

import io.gpubench.api.Precision;
import io.gpubench.cuda.internal.jna.Nccl;

/** The {@code ncclDataType_t} a tensor of a {@link Precision} is reduced and moved as. */
public final class DataTypes {
  private DataTypes() {}

  /**
   * The NCCL type of a precision's storage: TF32 is stored, and so reduced, as FP32; FP8 (E4M3) needs NCCL 2.24 or
   * newer on compute capability 9.0 or newer, which NCCL itself checks.
   *
   * @param p the precision
   * @return the {@code ncclDataType_t} value
   */
  public static int code(Precision p) {
    switch (p) {
      case FP64:
        return Nccl.FLOAT64;
      case FP32:
      case TF32:
        return Nccl.FLOAT32;
      case FP16:
        return Nccl.FLOAT16;
      case BF16:
        return Nccl.BFLOAT16;
      case FP8_E4M3:
        return Nccl.FLOAT8_E4M3;
      default:
        throw new IllegalArgumentException("no NCCL data type for precision " + p);
    }
  }
}
