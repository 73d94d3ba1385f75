package io.gpubench.cuda.internal.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gpubench.api.CacheMode;
import io.gpubench.api.Precision;
import io.gpubench.api.Tensor;
import io.gpubench.api.result.KernelAudit.Library;
import io.gpubench.api.result.KernelAudit.Method;
import io.gpubench.api.result.KernelAudit;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.BackendSettings;
import io.gpubench.api.spi.KernelAuditor;
import io.gpubench.api.spi.SessionSpec;
import io.gpubench.cuda.Cuda;
import io.gpubench.cuda.Dim3;
import io.gpubench.cuda.KernelLaunch;
import io.gpubench.cuda.Matmul;
import io.gpubench.cuda.internal.backend.CudaBackendProvider;
import io.gpubench.cuda.internal.jna.CudaLibs;
import io.gpubench.cuda.internal.profiler.CudaProfiler;
import io.gpubench.cuda.internal.profiler.NvtxRanges;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The audit on a real GPU, through the session, the {@link Cuda} façade, {@link Matmul} and NVRTC kernels: each test prints its audit
 * table. Skipped with the reason where there is no GPU or no libcupti; under a profiler only the profiler tests run.
 */
class CuptiAuditGpuTest {
  static final String SAXPY = "extern \"C\" __global__ void saxpy(float* y, const float* x, float a, int n) {\n"
      + "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
      + "  if (i < n) y[i] = a * x[i] + y[i];\n"
      + "}\n";

  private BackendSession s;
  private Cuda cuda;

  @BeforeEach
  void open() throws Exception {
    Backend b = new CudaBackendProvider().backends(BackendSettings.none()).get(0);
    assumeTrue(b.unavailableReason().isEmpty(), () -> "no CUDA GPU: " + b.unavailableReason().orElse(""));
    assumeTrue(CudaLibs.cuptiFailure().isEmpty(), () -> CudaLibs.cuptiFailure().get());
    s = b.open(new SessionSpec("CuptiAuditGpuTest", Precision.FP16, CacheMode.HOT, 20));
    cuda = s.unwrap(Cuda.class).orElseThrow();
  }

  @AfterEach
  void close() {
    if (s != null) {
      s.close();
    }
  }

  private KernelAudit audit(String title, Runnable call, int calls) {
    KernelAuditor.Audit a = s.unwrap(KernelAuditor.class).orElseThrow().start();
    for (int i = 0; i < calls; i++) {
      call.run();
    }
    KernelAudit r = a.stop(calls);
    System.out.println(AuditTable.format(title, r));
    System.out.println(AuditTable.summary(title, r));
    return r;
  }

  private Matmul gemm(int n) {
    Tensor a = s.tensors().allocate("a" + n, Precision.FP16, n, n);
    Tensor b = s.tensors().allocate("b" + n, Precision.FP16, n, n);
    Tensor c = s.tensors().allocate("c" + n, Precision.FP16, n, n);
    Matmul mm = cuda.matmul(Precision.FP16, a, b, c);
    mm.run();
    mm.run();
    s.synchronize();
    return mm;
  }

  private KernelLaunch saxpy(int n) {
    Tensor x = s.tensors().allocate("x", Precision.FP32, n);
    Tensor y = s.tensors().allocate("y", Precision.FP32, n);
    KernelLaunch l = cuda.kernel(SAXPY, "saxpy").bind(Dim3.blocksFor(n, 256), Dim3.of(256), 0, y, x, 2.0f, n);
    l.run();
    s.synchronize();
    return l;
  }

  private static void notUnderAProfiler() {
    assumeTrue(CudaProfiler.attachedTool().isEmpty(), () -> "under " + CudaProfiler.attachedTool().get());
  }

  @Test
  void anFp16GemmRunsCublasLtKernelsOnly() {
    notUnderAProfiler();
    Matmul mm = gemm(8192);
    KernelAudit r = audit("cuBLASLt FP16 GEMM 8192^3", mm::run, 1);
    assertThat(r.isSkipped()).as("%s", r.skipReason()).isFalse();
    String table = AuditTable.format("", r);
    assertThat(r.kernels()).as(table).isNotEmpty().allSatisfy(k -> {
      assertThat(k.library()).isEqualTo(Library.CUBLASLT);
      assertThat(k.method()).isEqualTo(Method.STACK);
      assertThat(k.source()).startsWith("libcublasLt.so");
    });
    assertThat(r.libraryShare()).as(table).isGreaterThan(0.99);
    assertThat(r.attribution().stackShare()).as(table).isEqualTo(1.0);
    assertThat(r.copyShare()).as(table).isLessThan(0.01);
    assertThat(r.busyFraction()).as(table).isGreaterThan(0.9);
    assertThat(r.cost().droppedRecords()).isZero();
  }

  @Test
  void anNvrtcKernelIsTheBenchmarksOwn() {
    notUnderAProfiler();
    KernelLaunch l = saxpy(1 << 24);
    KernelAudit r = audit("NVRTC saxpy, 10 calls", l::run, 10);
    assertThat(r.isSkipped()).as("%s", r.skipReason()).isFalse();
    String table = AuditTable.format("", r);
    assertThat(r.kernels()).as(table).hasSize(1);
    KernelAudit.Kernel k = r.kernels().get(0);
    assertThat(k.name()).isEqualTo("saxpy");
    assertThat(k.library()).isEqualTo(Library.BENCHMARK);
    assertThat(k.method()).isEqualTo(Method.STACK);
    assertThat(k.source()).isEqualTo("JVM (JNA)");
    assertThat(k.countPerCall()).isEqualTo(1.0);
    assertThat(r.libraryShare()).isZero();
    assertThat(r.cost().launchCalls()).as(table).isGreaterThanOrEqualTo(10);
  }

  @Test
  void aCallOfGemmKernelAndMemsetSharesItsGpuTime() {
    notUnderAProfiler();
    Matmul mm = gemm(1024);
    KernelLaunch l = saxpy(1 << 20);
    Tensor scratch = s.tensors().allocate("scratch", Precision.FP32, 1 << 20);
    KernelAudit alone = audit("cuBLASLt FP16 GEMM 1024^3 alone (busy fraction)", mm::run, 3);
    assertThat(alone.isSkipped()).as("%s", alone.skipReason()).isFalse();
    KernelAudit r = audit("poison + GEMM 1024^3 + saxpy, 3 calls", () -> {
      s.poison(scratch);
      mm.run();
      l.run();
    }, 3);
    assertThat(r.isSkipped()).as("%s", r.skipReason()).isFalse();
    String table = AuditTable.format("", r);
    assertThat(r.kernels().stream().map(KernelAudit.Kernel::library).collect(Collectors.toSet())).as(table)
        .containsExactlyInAnyOrder(Library.CUBLASLT, Library.BENCHMARK);
    assertThat(r.copies()).as(table).singleElement().satisfies(c -> {
      assertThat(c.kind()).isEqualTo("memset");
      assertThat(c.countPerCall()).isEqualTo(1.0);
      assertThat(c.bytesPerCall()).isEqualTo(4.0 * (1 << 20));
    });
    double shares = r.kernels().stream().mapToDouble(KernelAudit.Kernel::share).sum()
        + r.copies().stream().mapToDouble(KernelAudit.Copy::share).sum();
    assertThat(shares).isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-9));
    assertThat(r.busyFraction()).isBetween(0.0, 1.0);
  }

  @Test
  void aCaptureRangeAndNvtxRangesAroundOneCall() {
    Matmul mm = gemm(4096);
    NvtxRanges nvtx = NvtxRanges.domain("gpubench");
    try (NvtxRanges.Range range = nvtx.push("CuptiAuditGpuTest FP16 GEMM 4096^3");
        CudaProfiler.Capture capture = CudaProfiler.capture()) {
      for (int i = 0; i < 5; i++) {
        mm.run();
      }
      s.synchronize();
    }
    System.out.println("== profiler hooks: 5 GEMM calls inside cuProfilerStart/Stop and NVTX range 'CuptiAuditGpuTest"
        + " FP16 GEMM 4096^3' (tool attached: " + CudaProfiler.attachedTool().orElse("none") + "; NVTX: "
        + NvtxRanges.unavailableReason().orElse("libnvtx3interop loaded") + ")");
  }

  @Test
  void underAProfilerTheAuditIsSkippedAndNamesIt() {
    assumeThat(CudaProfiler.attachedTool()).as("a profiler attached").isPresent();
    Matmul mm = gemm(1024);
    KernelAudit r = audit("under " + CudaProfiler.attachedTool().get(), mm::run, 1);
    assertThat(r.skipReason()).startsWith("another CUPTI client holds this process");
  }
}
