package io.gpubench.cuda.nccl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gpubench.cuda.CudaDevice;
import io.gpubench.cuda.CudaErrors;
import io.gpubench.cuda.CudaException;
import io.gpubench.cuda.internal.jna.CudaLibs;
import org.junit.jupiter.api.Test;

/** NCCL results become exceptions naming the call, the result's name and what was being done; no GPU needed. */
class NcclErrorsTest {
  static final CudaDevice NO_DEVICE = new CudaDevice(0, "none", 9, 0, 1, 0, 0, 0, "", 13000);

  @Test
  void aResultNamesTheCallTheCodeAndTheDetail() {
    CudaException e = CudaErrors.ncclError(1, "ncclAllReduce",
        "NCCL rank 0 of 2 on cuda:0, ncclAllReduce of 67108864 FP32 elements; async error: ncclSuccess");
    assertThat(e.getMessage())
        .startsWith("ncclAllReduce failed: ncclUnhandledCudaError (1)")
        .endsWith("(NCCL rank 0 of 2 on cuda:0, ncclAllReduce of 67108864 FP32 elements; async error: ncclSuccess)");
    assertThat(e.api()).isEqualTo(CudaException.Api.NCCL);
    assertThat(e.call()).isEqualTo("ncclAllReduce");
    assertThat(e.code()).isEqualTo(1);
    assertThat(e.errorName()).isEqualTo("ncclUnhandledCudaError");
  }

  @Test
  void anUnknownResultKeepsItsNumber() {
    assertThat(CudaErrors.ncclError(42, "ncclSend", null).getMessage()).startsWith("ncclSend failed: ncclResult_42 (42)");
  }

  @Test
  void withoutLibncclEveryUseSaysWhy() {
    assumeTrue(CudaLibs.ncclFailure().isPresent(), "libnccl is loaded here; this test is for machines without it");
    String reason = NcclLibrary.unavailableReason().orElseThrow();
    assertThat(reason).startsWith("no NCCL: libnccl could not load any of nccl, libnccl.so.2");
    assertThatThrownBy(NcclLibrary::version)
        .isInstanceOf(CudaLibs.LibraryUnavailableException.class)
        .hasMessage(reason);
    assertThatThrownBy(NcclLibrary::newUniqueId).hasMessage(reason);
    UniqueId id = UniqueId.fromBytes(new byte[UniqueId.BYTES]);
    assertThatThrownBy(() -> Membership.join(id, 0, 1, NO_DEVICE)).hasMessage(reason);
    assertThatThrownBy(() -> NcclLibrary.group(() -> { })).hasMessage(reason);
  }

  @Test
  void aRankOutsideTheWorldIsRefusedBeforeNcclIsAsked() {
    UniqueId id = UniqueId.fromBytes(new byte[UniqueId.BYTES]);
    assertThatThrownBy(() -> Membership.join(id, 2, 2, NO_DEVICE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("rank 2 of a world of 2: the rank must be 0 to 1 and the size at least 1");
    assertThatThrownBy(() -> Membership.join(id, 0, 0, NO_DEVICE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("rank 0 of a world of 0");
  }
}
