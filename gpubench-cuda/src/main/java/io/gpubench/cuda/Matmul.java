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
 * their format and accumulate in FP32, {@code FP64} is {@code CUBLAS_COMPUTE_64F}. {@code FP8_E4M3} multiplies
 * E4M3 {@code A} and {@code B} with FP32 accumulation ({@code CUBLAS_COMPUTE_32F}, fast accumulation off) into a
 * BF16 or FP32 {@code C}; no scale pointers are set, so cuBLASLt's scales are 1 (inputs are taken as they are).
 * Its accumulation is coarser than FP32's: with an FP32 C an H200 gave a relative L2 error of 4.4e-5 at 384x256x512
 * against 6e-7 for an FP32 product; with a BF16 C the rounding of C (1.7e-3) hides it.
 *
 * <p>Row-major data is handed to cuBLASLt (column-major) as the transposed problem {@code C^T = B^T A^T}, which
 * needs no transposition of the data, except for FP8: Hopper's FP8 kernels take only the "TN" form (the first
 * operand transposed, both stored with {@code k} contiguous), and row-major {@code B[k,n]} has {@code n}
 * contiguous. The plan therefore copies {@code B} once, transposed, into a buffer of the session when it is made
 * (in a setup method: untimed), and every {@link #run()} reads that copy: a later change to {@code B} is not
 * seen. FP8 also needs {@code k} and {@code n} to be multiples of 16 (16-byte aligned leading dimensions).
 */
public final class Matmul implements AutoCloseable {
  private final CudaSession session;
  private final Precision compute;
  private final long m;
  private final long n;
  private final long k;
  private final long a;
  private final long b;
  private final ColumnMajor view;
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
    Precision outStorage = outputStorage(compute, tc.precision());
    for (CudaTensor t : new CudaTensor[] {ta, tb, tc}) {
      Precision p = t.precision() == Precision.TF32 ? Precision.FP32 : t.precision();
      Precision want = t == tc ? outStorage : storage;
      if (p != want) {
        throw new IllegalArgumentException("matmul in " + compute + " needs " + storage + " tensors"
            + (outStorage != storage ? " and a BF16 or FP32 C" : "") + "; " + t + " is stored in " + t.precision());
      }
    }
    view = ColumnMajor.of(compute, m, n, k);
    a = ta.address();
    b = view.transposesB() ? session.transposedBytes(tb, "B^T for the TN layout of " + describe()) : tb.address();
    c = tc.address();
    session.runtime().makeCurrent();
    handle = session.runtime().cublasLt();
    stream = session.stream().handle();
    CublasLt lt = CudaLibs.cublasLt();
    int dataType = dataType(storage);
    int outType = dataType(outStorage);
    int scaleType = compute == Precision.FP64 ? CublasLt.CUDA_R_64F : CublasLt.CUDA_R_32F;
    PointerByReference ref = new PointerByReference();
    CudaLibs.checkLt(lt.cublasLtMatmulDescCreate(ref, computeType(compute), scaleType), "cublasLtMatmulDescCreate",
        describe());
    desc = ref.getValue();
    Memory op = new Memory(4);
    op.setInt(0, view.transA());
    CudaLibs.checkLt(lt.cublasLtMatmulDescSetAttribute(desc, CublasLt.CUBLASLT_MATMUL_DESC_TRANSA, op, 4),
        "cublasLtMatmulDescSetAttribute(TRANSA)", describe());
    op.setInt(0, view.transB());
    CudaLibs.checkLt(lt.cublasLtMatmulDescSetAttribute(desc, CublasLt.CUBLASLT_MATMUL_DESC_TRANSB, op, 4),
        "cublasLtMatmulDescSetAttribute(TRANSB)", describe());
    layoutA = layout(lt, dataType, view.rowsA(), view.colsA(), view.ldA());
    layoutB = layout(lt, dataType, view.rowsB(), view.colsB(), view.ldB());
    layoutC = layout(lt, outType, view.rowsC(), view.colsC(), view.ldC());
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
