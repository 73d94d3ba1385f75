package io.gpubench.cuda.internal.jna;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;

/** The cuBLASLt calls made outside timed regions: handles, descriptors, layouts, preferences, heuristics. */
public interface CublasLt extends Library {
  int CUDA_R_32F = 0;
  int CUDA_R_64F = 1;
  int CUDA_R_16F = 2;
  int CUDA_R_16BF = 14;
  int CUDA_R_8F_E4M3 = 28;

  int CUBLAS_COMPUTE_16F = 64;
  int CUBLAS_COMPUTE_32F = 68;
  int CUBLAS_COMPUTE_32F_PEDANTIC = 69;
  int CUBLAS_COMPUTE_64F = 70;
  int CUBLAS_COMPUTE_32F_FAST_TF32 = 77;

  int CUBLAS_OP_N = 0;
  int CUBLAS_OP_T = 1;

  int CUBLASLT_MATMUL_DESC_TRANSA = 3;
  int CUBLASLT_MATMUL_DESC_TRANSB = 4;
  int CUBLASLT_MATMUL_DESC_A_SCALE_POINTER = 17;
  int CUBLASLT_MATMUL_DESC_B_SCALE_POINTER = 18;
  int CUBLASLT_MATMUL_DESC_D_SCALE_POINTER = 20;
  int CUBLASLT_MATMUL_DESC_FAST_ACCUM = 25;

  int CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1;

  long cublasLtGetVersion();

  String cublasLtGetStatusName(int status);

  String cublasLtGetStatusString(int status);

  int cublasLtCreate(PointerByReference handle);

  int cublasLtDestroy(Pointer handle);

  int cublasLtMatmulDescCreate(PointerByReference desc, int computeType, int scaleType);

  int cublasLtMatmulDescDestroy(Pointer desc);

  int cublasLtMatmulDescSetAttribute(Pointer desc, int attribute, Pointer value, long size);

  int cublasLtMatrixLayoutCreate(PointerByReference layout, int type, long rows, long cols, long ld);

  int cublasLtMatrixLayoutDestroy(Pointer layout);

  int cublasLtMatmulPreferenceCreate(PointerByReference pref);

  int cublasLtMatmulPreferenceDestroy(Pointer pref);

  int cublasLtMatmulPreferenceSetAttribute(Pointer pref, int attribute, Pointer value, long size);

  int cublasLtMatmulAlgoGetHeuristic(Pointer handle, Pointer desc, Pointer a, Pointer b, Pointer c, Pointer d,
      Pointer pref, int requested, HeuristicResult results, IntByReference returned);

  /**
   * {@code cublasLtMatmulHeuristicResult_t}: the algorithm (64 opaque bytes), its workspace, status and waves; 96
   * bytes.
   */
  @Structure.FieldOrder({"algo", "workspaceSize", "state", "wavesCount", "reserved"})
  class HeuristicResult extends Structure {
    /** {@code cublasLtMatmulAlgo_t}: eight 64-bit words. */
    public long[] algo = new long[8];
    /** Workspace bytes the algorithm needs. */
    public long workspaceSize;
    /** The status of this result. */
    public int state;
    /** Waves of thread blocks. */
    public float wavesCount;
    /** Reserved. */
    public int[] reserved = new int[4];

    /** For arrays made by {@link Structure#toArray}. */
    public HeuristicResult() {}

    /**
     * A field's offset, for layout checks against the C header.
     *
     * @param field the field's name
     * @return its offset in bytes
     */
    public int offset(String field) {
      return fieldOffset(field);
    }
  }
}
