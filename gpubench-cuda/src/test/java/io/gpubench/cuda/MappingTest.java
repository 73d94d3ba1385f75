package io.gpubench.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.api.Precision;
import io.gpubench.cuda.jna.CublasLt;
import org.junit.jupiter.api.Test;

/** Precisions map onto the right cuBLASLt types and NVRTC options; no GPU needed. */
class MappingTest {

  @Test
  void fp32IsPlainFp32AndTf32IsItsOwnComputeType() {
    assertThat(Matmul.computeType(Precision.FP32)).isEqualTo(CublasLt.CUBLAS_COMPUTE_32F).isEqualTo(68);
    assertThat(Matmul.computeType(Precision.TF32)).isEqualTo(CublasLt.CUBLAS_COMPUTE_32F_FAST_TF32).isEqualTo(77);
    assertThat(Matmul.computeType(Precision.FP16)).isEqualTo(68);
    assertThat(Matmul.computeType(Precision.BF16)).isEqualTo(68);
    assertThat(Matmul.computeType(Precision.FP64)).isEqualTo(70);
  }

  @Test
  void storageAndDataTypes() {
    assertThat(Matmul.storageOf(Precision.TF32)).isEqualTo(Precision.FP32);
    assertThat(Matmul.dataType(Precision.FP32)).isEqualTo(0);
    assertThat(Matmul.dataType(Precision.FP64)).isEqualTo(1);
    assertThat(Matmul.dataType(Precision.FP16)).isEqualTo(2);
    assertThat(Matmul.dataType(Precision.BF16)).isEqualTo(14);
    assertThatThrownBy(() -> Matmul.storageOf(Precision.FP8_E4M3))
        .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("FP8_E4M3");
  }

  @Test
  void builtinStorageCodes() {
    assertThat(BuiltinKernels.code(Precision.FP32)).isEqualTo(0);
    assertThat(BuiltinKernels.code(Precision.TF32)).isEqualTo(0);
    assertThat(BuiltinKernels.code(Precision.FP64)).isEqualTo(1);
    assertThat(BuiltinKernels.code(Precision.FP16)).isEqualTo(2);
    assertThat(BuiltinKernels.code(Precision.BF16)).isEqualTo(3);
    assertThat(BuiltinKernels.code(Precision.FP8_E4M3)).isEqualTo(4);
  }

  @Test
  void nvrtcCompilesForTheDevicesArchitecture() {
    CudaDevice h200 = new CudaDevice(0, "NVIDIA H200", 9, 0, 132, 62914560, 150109880320L, 232448, "0000:00:06.0", 13000);
    assertThat(h200.arch()).isEqualTo("sm_90");
    assertThat(h200.computeCapability()).isEqualTo("9.0");
    assertThat(KernelCompiler.options(h200, "-DX=1"))
        .containsExactly("--gpu-architecture=sm_90", "--std=c++17", "-lineinfo", "-DX=1");
    assertThat(h200.atLeast(8, 9)).isTrue();
    assertThat(new CudaDevice(0, "A100", 8, 0, 108, 0, 0, 0, "", 12000).atLeast(8, 9)).isFalse();
    assertThat(CudaDevice.cudaVersionText(13000)).isEqualTo("13.0");
    assertThat(CudaDevice.cudaVersionText(12040)).isEqualTo("12.4");
  }

  @Test
  void launchSizes() {
    assertThat(Dim3.blocksFor(1_000_003, 256)).isEqualTo(Dim3.of(3907));
    assertThat(Dim3.blocksFor(0, 256)).isEqualTo(Dim3.of(1));
    assertThatThrownBy(() -> Dim3.of(0)).hasMessageContaining("(0, 1, 1)");
  }

  @Test
  void stickyErrorsAreTheOnesThatPoisonTheContext() {
    assertThat(DeviceRuntime.sticky(700)).isTrue(); // illegal address
    assertThat(DeviceRuntime.sticky(719)).isTrue(); // launch failed
    assertThat(DeviceRuntime.sticky(715)).isTrue(); // illegal instruction
    assertThat(DeviceRuntime.sticky(2)).isFalse(); // out of memory
    assertThat(DeviceRuntime.sticky(701)).isFalse(); // too many resources requested for launch
  }
}
