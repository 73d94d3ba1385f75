package io.gpubench.cuda;

import io.gpubench.api.Precision;
import io.gpubench.cuda.internal.jna.CublasLt;

/**
 * cuBLASLt's names for a product in gpubench's precisions (compute type, data types, what C is stored in), and the
 * column-major problem cuBLASLt is handed for a row-major one: the facts {@link Matmul} plans with, kept apart so that
 * they are tested without a GPU.
 */
final class LtTypes {
  private LtTypes() {}

  static Precision storageOf(Precision compute) {
    switch (compute) {
      case FP32:
      case TF32:
        return Precision.FP32;
      case FP16:
      case BF16:
      case FP64:
      case FP8_E4M3:
        return compute;
      default:
        throw new UnsupportedOperationException("gpubench's cuBLASLt matmul does not do " + compute
            + " (it does FP64, FP32, TF32, FP16, BF16 and FP8_E4M3)");
    }
  }

  /**
   * What C is stored in: the inputs' storage, except for FP8, whose product goes to BF16 or FP32 (an FP8 output
   * would need a D scale and loses most of the product's digits).
   */
  static Precision outputStorage(Precision compute, Precision c) {
    if (compute != Precision.FP8_E4M3) {
      return storageOf(compute);
    }
    return c == Precision.FP32 ? Precision.FP32 : Precision.BF16;
  }

  /**
   * The column-major problem cuBLASLt is given for row-major {@code C[m,n] = A[m,k] B[k,n]}: {@code D[n,m] =
   * op(A') op(B')} with {@code A'} the (possibly transposed) B and {@code B'} the A. Rows, columns and leading
   * dimensions are those of the stored matrices, as {@code cublasLtMatrixLayoutCreate} takes them.
   *
   * @param transA {@code CUBLAS_OP_N} or {@code CUBLAS_OP_T} for the first operand
   * @param transB likewise for the second
   * @param transposesB whether the plan makes a transposed copy of B ({@code [n,k]} row-major) first
   */
  record ColumnMajor(int transA, long rowsA, long colsA, long ldA, int transB, long rowsB, long colsB, long ldB,
      long rowsC, long colsC, long ldC, boolean transposesB) {

    static ColumnMajor of(Precision compute, long m, long n, long k) {
      if (compute != Precision.FP8_E4M3) {
        // B[k,n] row-major is B^T[n,k] column-major (ld n), A[m,k] is A^T[k,m] (ld k): D^T = B^T A^T, no transposes.
        return new ColumnMajor(CublasLt.CUBLAS_OP_N, n, k, n, CublasLt.CUBLAS_OP_N, k, m, k, n, m, n, false);
      }
      checkFp8Dims(m, n, k);
      // TN: the copy B^T[n,k] row-major is B[k,n] column-major (ld k), used transposed; A as above, not transposed.
      return new ColumnMajor(CublasLt.CUBLAS_OP_T, k, n, k, CublasLt.CUBLAS_OP_N, k, m, k, n, m, n, true);
    }
  }

  /** cuBLASLt's FP8 kernels want 16-byte aligned leading dimensions: k (of A and B^T) and n (of C). */
  static void checkFp8Dims(long m, long n, long k) {
    StringBuilder bad = new StringBuilder();
    if (k % 16 != 0) {
      bad.append("k=").append(k);
    }
    if (n % 16 != 0) {
      bad.append(bad.length() > 0 ? " and " : "").append("n=").append(n);
    }
    if (bad.length() > 0) {
      throw new IllegalArgumentException("FP8 matmul " + m + "x" + n + "x" + k + " needs k and n to be multiples of"
          + " 16 (cuBLASLt's FP8 layouts want 16-byte aligned leading dimensions); " + bad + " is not");
    }
  }

  static int computeType(Precision compute) {
    switch (compute) {
      case FP64:
        return CublasLt.CUBLAS_COMPUTE_64F;
      case TF32:
        return CublasLt.CUBLAS_COMPUTE_32F_FAST_TF32;
      default:
        return CublasLt.CUBLAS_COMPUTE_32F;
    }
  }

  static int dataType(Precision storage) {
    switch (storage) {
      case FP64:
        return CublasLt.CUDA_R_64F;
      case FP16:
        return CublasLt.CUDA_R_16F;
      case BF16:
        return CublasLt.CUDA_R_16BF;
      case FP8_E4M3:
        return CublasLt.CUDA_R_8F_E4M3;
      default:
        return CublasLt.CUDA_R_32F;
    }
  }

}
