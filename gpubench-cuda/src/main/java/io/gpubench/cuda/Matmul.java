package io.gpubench.cuda;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import io.gpubench.api.Precision;
import io.gpubench.cuda.internal.jna.CublasLt;
import io.gpubench.cuda.internal.jna.CublasLtHot;
import io.gpubench.cuda.internal.jna.CudaHot;
import io.gpubench.cuda.internal.jna.CudaLibs;

/**
 * A cuBLASLt matrix product planned once: row-major {@code C[m,n] = A[m,k] B[k,n]}, its descriptors, the
 * algorithm the heuristic ranked first (or the fastest of the first few, after {@link #autotune}) and the
 * case's workspace. {@link #run()} is one {@code cublasLtMatmul} on the case's stream.
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
 * contiguous. The plan therefore copies {@code B} once, transposed, into a buffer of the case when it is made
 * (in a setup method: untimed), and every {@link #run()} reads that copy: a later change to {@code B} is not
 * seen. FP8 also needs {@code k} and {@code n} to be multiples of 16 (16-byte aligned leading dimensions).
 */
public final class Matmul implements AutoCloseable {
  private final CaseResources resources;
  private final DeviceRuntime runtime;
  private final Precision compute;
  private final long m;
  private final long n;
  private final long k;
  private final long a;
  private final long b;
  private final LtTypes.ColumnMajor view;
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

  Matmul(CaseResources resources, Precision compute, CudaTensor ta, CudaTensor tb, CudaTensor tc, long workspaceLimit) {
    this.resources = resources;
    this.runtime = resources.runtime();
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
    Precision storage = LtTypes.storageOf(compute);
    Precision outStorage = LtTypes.outputStorage(compute, tc.precision());
    for (CudaTensor t : new CudaTensor[] {ta, tb, tc}) {
      Precision p = t.precision() == Precision.TF32 ? Precision.FP32 : t.precision();
      Precision want = t == tc ? outStorage : storage;
      if (p != want) {
        throw new IllegalArgumentException("matmul in " + compute + " needs " + storage + " tensors"
            + (outStorage != storage ? " and a BF16 or FP32 C" : "") + "; " + t + " is stored in " + t.precision());
      }
    }
    view = LtTypes.ColumnMajor.of(compute, m, n, k);
    a = ta.address();
    b = view.transposesB() ? resources.transposedBytes(tb, "B^T for the TN layout of " + describe()) : tb.address();
    c = tc.address();
    runtime.makeCurrent();
    handle = runtime.cublasLt();
    stream = resources.stream().handle();
    CublasLt lt = CudaLibs.cublasLt();
    int dataType = LtTypes.dataType(storage);
    int outType = LtTypes.dataType(outStorage);
    int scaleType = compute == Precision.FP64 ? CublasLt.CUDA_R_64F : CublasLt.CUDA_R_32F;
    PointerByReference ref = new PointerByReference();
    CudaErrors.checkLt(lt.cublasLtMatmulDescCreate(ref, LtTypes.computeType(compute), scaleType), "cublasLtMatmulDescCreate",
        describe());
    desc = ref.getValue();
    Memory op = new Memory(4);
    op.setInt(0, view.transA());
    CudaErrors.checkLt(lt.cublasLtMatmulDescSetAttribute(desc, CublasLt.CUBLASLT_MATMUL_DESC_TRANSA, op, 4),
        "cublasLtMatmulDescSetAttribute(TRANSA)", describe());
    op.setInt(0, view.transB());
    CudaErrors.checkLt(lt.cublasLtMatmulDescSetAttribute(desc, CublasLt.CUBLASLT_MATMUL_DESC_TRANSB, op, 4),
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
    CudaErrors.checkLt(lt.cublasLtMatmulPreferenceCreate(ref), "cublasLtMatmulPreferenceCreate", describe());
    Pointer pref = ref.getValue();
    try {
      Memory ws = new Memory(8);
      ws.setLong(0, workspaceLimit);
      CudaErrors.checkLt(lt.cublasLtMatmulPreferenceSetAttribute(pref, CublasLt.CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
          ws, 8), "cublasLtMatmulPreferenceSetAttribute", describe());
      candidates = (CublasLt.HeuristicResult[]) new CublasLt.HeuristicResult().toArray(8);
      IntByReference returned = new IntByReference();
      CudaErrors.checkLt(lt.cublasLtMatmulAlgoGetHeuristic(handle, desc, layoutA, layoutB, layoutC, layoutC, pref,
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

  /**
   * What A and B of a product in a compute precision are stored in: FP32 for TF32, the precision itself otherwise.
   *
   * @param compute FP64, FP32, TF32, FP16, BF16 or FP8_E4M3
   * @return the storage precision
   * @throws UnsupportedOperationException naming the precision for another one
   */
  public static Precision storageOf(Precision compute) {
    return LtTypes.storageOf(compute);
  }

  private Pointer layout(CublasLt lt, int type, long rows, long cols, long ld) {
    PointerByReference ref = new PointerByReference();
    CudaErrors.checkLt(lt.cublasLtMatrixLayoutCreate(ref, type, rows, cols, ld), "cublasLtMatrixLayoutCreate", describe());
    return ref.getValue();
  }

  private void choose(int i) {
    chosen = i;
    algo.write(0, candidates[i].algo, 0, 8);
    long need = candidates[i].workspaceSize;
    workspace = need == 0 ? 0 : resources.workspace(need);
    workspaceBytes = need;
  }

  /** Runs the product on the case's stream. */
  public void run() {
    runtime.makeCurrent();
    int rc = CublasLtHot.cublasLtMatmul(handle, desc, alpha, b, layoutA, a, layoutB, beta, c, layoutC, c, layoutC,
        algo, workspace, workspaceBytes, stream);
    if (rc != 0) {
      CudaErrors.checkLt(rc, "cublasLtMatmul", describe());
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
    try (EventPair ev = resources.eventPair()) {
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
