package io.gpubench.cuda.nccl;

import io.gpubench.cuda.internal.jna.Nccl;

/** The built-in reductions of NCCL ({@code ncclRedOp_t}). */
public enum ReduceOp {
  /** {@code ncclSum}. */
  SUM(Nccl.SUM),
  /** {@code ncclProd}. */
  PROD(Nccl.PROD),
  /** {@code ncclMax}. */
  MAX(Nccl.MAX),
  /** {@code ncclMin}. */
  MIN(Nccl.MIN),
  /** {@code ncclAvg}: the sum divided by the number of ranks. */
  AVG(Nccl.AVG);

  private final int code;

  ReduceOp(int code) {
    this.code = code;
  }

  /**
   * The {@code ncclRedOp_t} value.
   *
   * @return the code
   */
  public int code() {
    return code;
  }
}
