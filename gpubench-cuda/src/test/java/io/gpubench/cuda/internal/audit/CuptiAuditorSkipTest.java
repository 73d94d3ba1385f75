package io.gpubench.cuda.internal.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.jna.Pointer;
import io.gpubench.api.result.KernelAudit;
import io.gpubench.api.spi.KernelAuditor;
import io.gpubench.cuda.internal.jna.CudaLibs;
import io.gpubench.cuda.internal.jna.Cupti;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Where CUPTI is absent, refuses or is taken, the audit is skipped with the reason; nothing throws. */
class CuptiAuditorSkipTest {
  private static final Pointer CONTEXT = new Pointer(0x1000);

  private static CuptiAuditor auditor(FakeCupti cupti, boolean walk) {
    return new CuptiAuditor(CONTEXT, 0, () -> {}, "Gemm#matmul[8192x8192x8192][FP16][cuda:0]", cupti::api, walk);
  }

  @Test
  void withoutLibcuptiTheAuditIsSkippedWithTheLoadersReason() {
    CuptiAuditor a = new CuptiAuditor(CONTEXT, 0, () -> {}, "case", () -> {
      throw new IllegalStateException("no CUPTI: libcupti could not load any of cupti, libcupti.so.13");
    }, true);
    KernelAudit r = a.start().stop(1);
    assertThat(r.isSkipped()).isTrue();
    assertThat(r.skipReason()).isEqualTo("no CUPTI: libcupti could not load any of cupti, libcupti.so.13");
  }

  @Test
  void insufficientPrivilegesAreNamedWithTheDriversSetting() {
    FakeCupti cupti = new FakeCupti().fail("cuptiActivityEnable", Cupti.CUPTI_ERROR_INSUFFICIENT_PRIVILEGES);
    KernelAudit r = auditor(cupti, false).start().stop(1);
    assertThat(r.skipReason()).startsWith("CUPTI refused: cuptiActivityEnable failed: CUPTI_ERROR_INSUFFICIENT_PRIVILEGES"
        + " (35)").contains("activity kind 10 for the kernel audit of Gemm#matmul[8192x8192x8192][FP16][cuda:0]")
        .endsWith("NVreg_RestrictProfilingToAdminUsers)");
    assertThat(cupti.calls).doesNotContain("cuptiActivityDisable 10");
  }

  @Test
  void anotherCuptiClientIsNamed() {
    assumeTrue(NativeStacks.unavailable() == null, () -> "no native stack walks: " + NativeStacks.unavailable());
    FakeCupti cupti = new FakeCupti().answer("cuptiSubscribe_v2", args -> {
      Pointer params = (Pointer) args[3];
      params.getPointer(16).setString(0, "CUPTI for Nsight Systems");
      return Cupti.CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED;
    });
    KernelAudit r = auditor(cupti, true).start().stop(1);
    assertThat(r.skipReason()).startsWith("another CUPTI client holds this process (CUPTI for Nsight Systems)")
        .endsWith("the kernel audit of Gemm#matmul[8192x8192x8192][FP16][cuda:0] is left to it");
    assertThat(cupti.calls).doesNotContain("cuptiActivityEnable 10");
  }

  @Test
  void oneAuditAtATimeAndEverythingEnabledIsDisabledAfter() {
    FakeCupti cupti = new FakeCupti();
    KernelAuditor.Audit first = auditor(cupti, false).start();
    KernelAudit second = auditor(new FakeCupti(), false).start().stop(1);
    assertThat(second.skipReason()).isEqualTo(
        "another kernel audit is running in this process; CUPTI records for one at a time");
    KernelAudit r = first.stop(1);
    assertThat(r.isSkipped()).isFalse();
    assertThat(r.kernels()).isEmpty();
    assertThat(r.attribution().how()).isEqualTo("kernel name (stack walks turned off)");
    assertThat(cupti.calls).contains("cuptiActivityEnable 10", "cuptiActivityDisable 10", "cuptiActivityDisable 1",
        "cuptiActivityDisable 2", "cuptiActivityEnableDriverApi 307", "cuptiActivityEnableRuntimeApi 505",
        "cuptiActivityFlushAll 1");
    assertThat(cupti.calls.lastIndexOf("cuptiActivityFlushAll 1")).isGreaterThan(cupti.calls.indexOf("cuptiActivityDisable 10"));
    assertThat(auditor(new FakeCupti(), false).start().stop(1).isSkipped()).as("the next audit may start").isFalse();
  }

  @Test
  void aCallThatFailsSkipsTheAuditAndSaysSo() {
    AtomicInteger syncs = new AtomicInteger();
    CuptiAuditor a = new CuptiAuditor(CONTEXT, 0, () -> {
      if (syncs.incrementAndGet() == 2) {
        throw new IllegalStateException("cuCtxSynchronize failed: CUDA_ERROR_ILLEGAL_ADDRESS (700)");
      }
    }, "case", new FakeCupti()::api, false);
    KernelAudit r = a.start().stop(1);
    assertThat(r.skipReason()).isEqualTo(
        "the audited call of case failed: cuCtxSynchronize failed: CUDA_ERROR_ILLEGAL_ADDRESS (700)");
  }

  @Test
  void stoppingWithNoCallsIsASkipNotAnException() {
    KernelAudit r = auditor(new FakeCupti(), false).start().stop(0);
    assertThat(r.skipReason()).contains("calls=0");
  }

  @Test
  void withoutAGpuTheRealCuptiRefusesAndTheAuditSaysWhy() {
    assumeTrue(CudaLibs.cuptiFailure().isEmpty(), () -> "libcupti not loadable: " + CudaLibs.cuptiFailure().get());
    assumeTrue(CudaLibs.cudaFailure().isPresent(), "this machine has a CUDA driver: the GPU tests cover it");
    KernelAudit r = new CuptiAuditor(CONTEXT, 0, () -> {}, "case").start().stop(1);
    assertThat(r.skipReason()).startsWith("CUPTI refused: cuptiGetDeviceId failed: CUPTI_ERROR_");
  }
}
