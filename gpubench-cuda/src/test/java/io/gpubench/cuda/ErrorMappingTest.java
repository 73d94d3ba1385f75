package io.gpubench.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.cuda.internal.jna.ErrorCodes;
import org.junit.jupiter.api.Test;

/** Return codes become exceptions naming the call, the code's name and what was being done; no GPU needed. */
class ErrorMappingTest {

  @Test
  void aDriverErrorNamesTheCallTheCodeAndTheDetail() {
    CudaException e = CudaErrors.cudaError(2, "cuMemAlloc_v2", "allocating 'c', 268435456 bytes");
    assertThat(e.getMessage())
        .startsWith("cuMemAlloc_v2 failed: CUDA_ERROR_OUT_OF_MEMORY (2)")
        .endsWith("(allocating 'c', 268435456 bytes)");
    assertThat(e.api()).isEqualTo(CudaException.Api.DRIVER);
    assertThat(e.call()).isEqualTo("cuMemAlloc_v2");
    assertThat(e.code()).isEqualTo(2);
    assertThat(e.errorName()).isEqualTo("CUDA_ERROR_OUT_OF_MEMORY");
  }

  @Test
  void successPassesAndFailureThrows() {
    CudaErrors.check(0, "cuInit");
    assertThatThrownBy(() -> CudaErrors.check(700, "cuCtxSynchronize", "end of a trial"))
        .isInstanceOf(CudaException.class)
        .hasMessageStartingWith("cuCtxSynchronize failed: CUDA_ERROR_ILLEGAL_ADDRESS (700)")
        .hasMessageContaining("end of a trial");
  }

  @Test
  void anUnknownCodeKeepsItsNumber() {
    assertThat(ErrorCodes.cuda(12345)).isEqualTo("CUDA_ERROR_12345");
    assertThat(CudaErrors.cudaError(12345, "cuFoo", null).getMessage()).contains("(12345)");
  }

  @Test
  void nvmlNvrtcAndCublasCodesHaveTheirLibrariesNames() {
    CudaException nvml = CudaErrors.nvmlError(3, "nvmlDeviceGetPowerUsage");
    assertThat(nvml.getMessage()).startsWith("nvmlDeviceGetPowerUsage failed: NVML_ERROR_NOT_SUPPORTED (3)");
    assertThat(nvml.api()).isEqualTo(CudaException.Api.NVML);
    assertThatThrownBy(() -> CudaErrors.checkNvrtc(6, "nvrtcCompileProgram", "program k.cu; log:\nk.cu(3): error: x"))
        .isInstanceOf(CudaException.class)
        .hasMessageStartingWith("nvrtcCompileProgram failed: NVRTC_ERROR_COMPILATION (6)")
        .hasMessageContaining("k.cu(3): error: x");
    assertThatThrownBy(() -> CudaErrors.checkLt(15, "cublasLtMatmul", "matmul 8x8x8 FP16"))
        .isInstanceOf(CudaException.class)
        .hasMessageStartingWith("cublasLtMatmul failed: CUBLAS_STATUS_NOT_SUPPORTED (15)")
        .hasMessageContaining("matmul 8x8x8 FP16");
    assertThat(ErrorCodes.nvrtc(5)).isEqualTo("NVRTC_ERROR_INVALID_OPTION");
    assertThat(ErrorCodes.cublas(7)).isEqualTo("CUBLAS_STATUS_INVALID_VALUE");
    assertThat(ErrorCodes.nvml(999)).isEqualTo("NVML_ERROR_UNKNOWN");
  }

  @Test
  void theMessageLeavesOutAStringThatRepeatsTheName() {
    assertThat(CudaException.format("f", 1, "X", "X", null)).isEqualTo("f failed: X (1)");
    assertThat(CudaException.format("f", 1, "X", "what went wrong", "")).isEqualTo("f failed: X (1): what went wrong");
  }
}
