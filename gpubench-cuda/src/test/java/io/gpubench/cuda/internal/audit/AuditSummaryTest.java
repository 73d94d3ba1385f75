package io.gpubench.cuda.internal.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.gpubench.api.result.KernelAudit.Library;
import io.gpubench.api.result.KernelAudit.Method;
import io.gpubench.api.result.KernelAudit;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Counts per call, shares of GPU time and the busy fraction, from known kernels and copies. */
class AuditSummaryTest {
  private static final KernelAudit.Cost COST = new KernelAudit.Cost(5e6, 2e6, 6, 12, 40, 0);
  private static final LaunchAttribution.Attributed LT =
      new LaunchAttribution.Attributed(Library.CUBLASLT, "libcublasLt.so.13", Method.STACK);
  private static final LaunchAttribution.Attributed OWN =
      new LaunchAttribution.Attributed(Library.BENCHMARK, "JVM (JNA)", Method.STACK);
  private static final LaunchAttribution.Attributed NCCL =
      new LaunchAttribution.Attributed(Library.NCCL, "in a CUDA graph", Method.KERNEL_NAME);
  private static final LaunchAttribution.Attributed NONE =
      new LaunchAttribution.Attributed(Library.UNKNOWN, "no launch call recorded", Method.NONE);

  private static Activity.Kernel k(String name, long start, long end, int stream) {
    return new Activity.Kernel(name, start, end, 0, 1, stream, 1, 0);
  }

  private static Activity.Copy c(String kind, long bytes, long start, long end) {
    return new Activity.Copy(kind, bytes, start, end, 0, 1, 13, 1);
  }

  @Test
  void twoCallsOfAGemmAndAKernelWithAMemset() {
    // call 1: memset 0-100, gemm 100-1100, saxpy 1200-1300; call 2: memset 2000-2100, gemm 2100-3100, saxpy 3200-3300
    List<Activity.Kernel> kernels = List.of(k("gemm", 100, 1100, 13), k("saxpy", 1200, 1300, 13),
        k("gemm", 2100, 3100, 13), k("saxpy", 3200, 3300, 13));
    List<Activity.Copy> copies = List.of(c("memset", 4096, 0, 100), c("memset", 4096, 2000, 2100));
    KernelAudit a = AuditSummary.summarize(kernels, List.of(LT, OWN, LT, OWN), copies, 2, AuditSummary.HOW,
        List.of("a note"), COST);

    assertThat(a.isSkipped()).isFalse();
    assertThat(a.calls()).isEqualTo(2);
    assertThat(a.kernelNanos()).isEqualTo(1100);
    assertThat(a.copyNanos()).isEqualTo(100);
    assertThat(a.spanNanos()).isEqualTo(1650);
    // busy 2 x 1100 + 2 x 100 = 2400 of a span of 3300
    assertThat(a.busyFraction()).isCloseTo(2400.0 / 3300, within(1e-12));
    assertThat(a.libraryShare()).isCloseTo(1000.0 / 1200, within(1e-12));
    assertThat(a.copyShare()).isCloseTo(100.0 / 1200, within(1e-12));
    assertThat(a.communicationShare()).isZero();
    assertThat(a.kernels()).containsExactly(
        new KernelAudit.Kernel("gemm", Library.CUBLASLT, "libcublasLt.so.13", Method.STACK, 1, 1000, 1000.0 / 1200),
        new KernelAudit.Kernel("saxpy", Library.BENCHMARK, "JVM (JNA)", Method.STACK, 1, 100, 100.0 / 1200));
    assertThat(a.copies()).containsExactly(new KernelAudit.Copy("memset", 1, 4096, 100, 100.0 / 1200));
    assertThat(a.attribution().stackShare()).isEqualTo(1.0);
    assertThat(a.attribution().notes()).containsExactly("a note");
    assertThat(a.cost()).isEqualTo(COST);
    assertThat(AuditTable.summary("gemm+saxpy", a)).isEqualTo("audit-summary | gemm+saxpy | cuBLASLt 83.3%, "
        + "benchmark 8.3%, copies 8.3% | 2 kernels, 2.0 launches/call | busy 72.7% | audit 5.000 ms, call 2.000 ms");
    assertThat(AuditTable.format("gemm+saxpy", a)).contains("libcublasLt.so.13", "memset, 4096 bytes", "note: a note");
  }

  @Test
  void overlappingKernelsCountOnceInTheBusyTime() {
    // a compute kernel and an NCCL kernel overlapping on two streams, then a gap
    List<Activity.Kernel> kernels = List.of(k("gemm", 0, 1000, 13), k("ncclDevKernel_AllReduce", 500, 1500, 14),
        k("tail", 2500, 3000, 13));
    KernelAudit a = AuditSummary.summarize(kernels, List.of(LT, NCCL, NONE), List.of(), 1, AuditSummary.HOW,
        List.of(), COST);
    assertThat(a.spanNanos()).isEqualTo(3000);
    assertThat(a.busyFraction()).isCloseTo(2000.0 / 3000, within(1e-12));
    assertThat(a.kernelNanos()).isEqualTo(2500);
    assertThat(a.communicationShare()).isCloseTo(1000.0 / 2500, within(1e-12));
    assertThat(a.libraryShare()).isCloseTo(1000.0 / 2500, within(1e-12));
    assertThat(a.attribution().stackShare()).isCloseTo(0.4, within(1e-12));
    assertThat(a.attribution().nameShare()).isCloseTo(0.4, within(1e-12));
    assertThat(a.attribution().unattributedShare()).isCloseTo(0.2, within(1e-12));
  }

  @Test
  void theSameNameAttributedTwoWaysMakesTwoRows() {
    List<Activity.Kernel> kernels = List.of(k("x", 0, 10, 13), k("x", 20, 50, 13));
    KernelAudit a = AuditSummary.summarize(kernels, List.of(OWN, NONE), List.of(), 1, AuditSummary.HOW, List.of(),
        COST);
    assertThat(a.kernels()).extracting(KernelAudit.Kernel::method).containsExactly(Method.NONE, Method.STACK);
  }

  @Test
  void anEmptyCallHasNoSharesAndNoBusyFraction() {
    KernelAudit a = AuditSummary.summarize(List.of(), List.of(), List.of(), 1, AuditSummary.HOW, List.of(), COST);
    assertThat(a.spanNanos()).isZero();
    assertThat(a.busyFraction()).isZero();
    assertThat(a.libraryShare()).isZero();
    assertThat(a.kernels()).isEmpty();
  }

  @Test
  void mismatchedInputsAreRefused() {
    assertThatThrownBy(() -> AuditSummary.summarize(List.of(k("x", 0, 1, 1)), List.of(), List.of(), 1, "", List.of(),
        COST)).hasMessage("1 kernels but 0 attributions");
    assertThatThrownBy(() -> AuditSummary.summarize(List.of(), List.of(), List.of(), 0, "", List.of(), COST))
        .hasMessage("calls must be at least 1, was 0");
  }

  @Test
  void aSkippedAuditCarriesOnlyItsReason() {
    KernelAudit s = KernelAudit.skipped("no CUPTI: libcupti could not load any of cupti");
    assertThat(s.isSkipped()).isTrue();
    assertThat(s.kernels()).isEmpty();
    assertThat(s.attribution()).isNull();
  }
}
