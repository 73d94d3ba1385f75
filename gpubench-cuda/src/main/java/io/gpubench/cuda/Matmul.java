package io.gpubench.cuda;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import io.gpubench.api.Precision;
import io.gpubench.cuda.jna.CublasLt;
import io.gpubench.cuda.jna.CublasLtHot;
import io.gpubench.cuda.jna.CudaHot;
import io.gpubench.cuda.jna.CudaLibs;

/**
 * A cuBLASLt matrix product planned once: row-major {@code C[m,n] = A[m,k] B[k,n]}, its descriptors, the
 * algorithm the heuristic ranked first (or the fastest of the first few, after {@link #autotune}) and the
 * session's workspace. {@link #run()} is one {@code cublasLtMatmul} on the session's stream.
 *
 * <p>Compute modes, by the precision asked for: {@code FP32} is {@code CUBLAS_COMPUTE_32F} (no TF32),
 * {@code TF32} is {@code CUBLAS_COMPUTE_32F_FAST_TF32} on FP32 storage, {@code FP16} and {@code BF16} multiply in
 * their format and accumulate in FP32, {@code FP64} is {@code CUBLAS_COMPUTE_64F}.
 *
 * <p>Row-major data is handed to cuBLASLt (column-major) as the transposed problem {@code C^T = B^T A^T}, which
 * needs no transposition of the data.
 */
public final class Matmul implements AutoCloseable {
  private final CudaSession session;
  private final Precision compute;
  private final long m;
  private final long n;
  private final long k;
  private final long a;
  private final long b;
  private final long c;
  private final Pointer handle;
  private Pointer desc;
  private Pointer layoutA;
  private Pointer layoutB;
  private Pointer layoutC;
  private final Memory alpha;
  private final Memory beta;
  private final Memory algo = new Memory(64);
  private final CublasLt.HeuristicResult[] candidates;
  private final int candidateCount;
  private int chosen;
  private long workspace;
  private long workspaceBytes;
  private final Pointer stream;

  Matmul(CudaSession session, Precision compute, CudaTensor ta, CudaTensor tb, CudaTensor tc, long workspaceLimit) {
    this.session = session;
    this.compute = compute;
    long[] da = ta.dims();
    long[] db = tb.dims();
    long[] dc = tc.dims();
    if (da.length != 2 || db.length != 2 || dc.length != 2 || da[1] != db[0] || dc[0] != da[0] || dc[1] != db[1]) {
      throw new IllegalArgumentException("matmul needs A[m,k] B[k,n] C[m,n]; got " + ta + ", " + tb + ", " + tc);
    }
    m = da[0];
    k = da[1];
    n = db[1];
    Precision storage = storageOf(compute);
    for (CudaTensor t : new CudaTensor[] {ta, tb, tc}) {
      Precision p = t.precision() == Precision.TF32 ? Precision.FP32 : t.precision();
      if (p != storage) {
        throw new IllegalArgumentException("matmul in " + compute + " needs " + storage + " tensors; " + t
            + " is stored in " + t.precision());
      }
    }
    a = ta.address();
    b = tb.address();
    c = tc.address();
    session.runtime().makeCurrent();
    handle = session.runtime().cublasLt();
    stream = session.stream().handle();
    CublasLt lt = CudaLibs.cublasLt();
    int dataType = dataType(storage);
    int scaleType = compute == Precision.FP64 ? CublasLt.CUDA_R_64F : CublasLt.CUDA_R_32F;
    PointerByReference ref = new PointerByReference();
    CudaLibs.checkLt(lt.cublasLtMatmulDescCreate(ref, computeType(compute), scaleType), "cublasLtMatmulDescCreate",
        describe());
    desc = ref.getValue();
    // Column-major view of the row-major problem: D^T[n,m] = B^T[n,k] A^T[k,m], no transposes.
    layoutA = layout(lt, dataType, n, k, n);
    layoutB = layout(lt, dataType, k, m, k);
    layoutC = layout(lt, dataType, n, m, n);
    alpha = new Memory(8);
    beta = new Memory(8);
    if (scaleType == CublasLt.CUDA_R_64F) {
      alpha.setDouble(0, 1.0);
      beta.setDouble(0, 0.0);
    } else {
      alpha.setFloat(0, 1.0f);
      beta.setFloat(0, 0.0f);
    }
    ref = new PointerByReference();
    CudaLibs.checkLt(lt.cublasLtMatmulPreferenceCreate(ref), "cublasLtMatmulPreferenceCreate", describe());
    Pointer pref = ref.getValue();
    try {
      Memory ws = new Memory(8);
      ws.setLong(0, workspaceLimit);
      CudaLibs.checkLt(lt.cublasLtMatmulPreferenceSetAttribute(pref, CublasLt.CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
          ws, 8), "cublasLtMatmulPreferenceSetAttribute", describe());
      candidates = (CublasLt.HeuristicResult[]) new CublasLt.HeuristicResult().toArray(8);
      IntByReference returned = new IntByReference();
      CudaLibs.checkLt(lt.cublasLtMatmulAlgoGetHeuristic(handle, desc, layoutA, layoutB, layoutC, layoutC, pref,
          candidates.length, candidates[0], returned), "cublasLtMatmulAlgoGetHeuristic", describe());
      for (CublasLt.HeuristicResult r : candidates) {
        r.read();
      }
      candidateCount = returned.getValue();
      if (candidateCount == 0) {
        throw new IllegalStateException("cuBLASLt has no algorithm for " + describe() + " within a workspace of "
            + workspaceLimit + " bytes");
      }
    } finally {
      lt.cublasLtMatmulPreferenceDestroy(pref);
    }
    choose(0);
  }

  static Precision storageOf(Precision compute) {
    switch (compute) {
      case FP32:
      case TF32:
        return Precision.FP32;
      case FP16:
      case BF16:
      case FP64:
        return compute;
      default:
        throw new UnsupportedOperationException(
            "gpubench's cuBLASLt matmul does not do " + compute + " (it does FP64, FP32, TF32, FP16 and BF16)");
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
      default:
        return CublasLt.CUDA_R_32F;
    }
  }

  private Pointer layout(CublasLt lt, int type, long rows, long cols, long ld) {
    PointerByReference ref = new PointerByReference();
    CudaLibs.checkLt(lt.cublasLtMatrixLayoutCreate(ref, type, rows, cols, ld), "cublasLtMatrixLayoutCreate", describe());
    return ref.getValue();
  }

  private void choose(int i) {
    chosen = i;
    algo.write(0, candidates[i].algo, 0, 8);
    long need = candidates[i].workspaceSize;
    workspace = need == 0 ? 0 : session.workspace(need);
    workspaceBytes = need;
  }

  /** Runs the product on the session's stream. */
  public void run() {
    session.runtime().makeCurrent();
    int rc = CublasLtHot.cublasLtMatmul(handle, desc, alpha, b, layoutA, a, layoutB, beta, c, layoutC, c, layoutC,
        algo, workspace, workspaceBytes, stream);
    if (rc != 0) {
      CudaLibs.checkLt(rc, "cublasLtMatmul", describe());
    }
  }

  /**
   * Times the heuristic's first candidates (each warmed up, then timed with CUDA events over {@code reps} calls)
   * and keeps the fastest. Not timed by the engine when called from a setup method.
   *
   * @param reps calls timed per candidate
   * @return this plan
   */
  public Matmul autotune(int reps) {
    float best = Float.MAX_VALUE;
    int bestIndex = 0;
    try (CudaSession.EventPair ev = session.eventPair()) {
      for (int i = 0; i < candidateCount; i++) {
        choose(i);
        try {
          run();
          run();
          ev.start();
          for (int r = 0; r < reps; r++) {
            run();
          }
          float ms = ev.stopMillis();
          if (ms < best) {
            best = ms;
            bestIndex = i;
          }
        } catch (RuntimeException e) {
          CudaHot.cuCtxSynchronize();
        }
      }
    }
    choose(bestIndex);
    return this;
  }

  /**
   * Which algorithm runs: its rank in the heuristic's list, the workspace and the candidates there were.
   *
   * @return a description
   */
  public String algorithm() {
    return "heuristic #" + chosen + " of " + candidateCount + ", workspace " + workspaceBytes + " B, waves "
        + candidates[chosen].wavesCount;
  }

  /**
   * The candidates the heuristic returned.
   *
   * @return how many
   */
  public int candidates() {
    return candidateCount;
  }

  /**
   * The floating-point operations of one call, {@code 2 m n k}.
   *
   * @return the FLOPs
   */
  public double flops() {
    return 2.0 * m * n * k;
  }

  private String describe() {
    return "matmul " + m + "x" + n + "x" + k + " " + compute;
  }

  @Override
  public void close() {
    CublasLt lt = CudaLibs.cublasLt();
    if (desc != null) {
      lt.cublasLtMatmulDescDestroy(desc);
      lt.cublasLtMatrixLayoutDestroy(layoutA);
      lt.cublasLtMatrixLayoutDestroy(layoutB);
      lt.cublasLtMatrixLayoutDestroy(layoutC);
      desc = null;
    }
  }

  @Override
  public String toString() {
    return describe() + " (" + algorithm() + ")";
  }
}
