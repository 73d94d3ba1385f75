package io.gpubench.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.api.Precision;
import io.gpubench.cuda.internal.jna.CublasLt;
import org.junit.jupiter.api.Test;

/** Precisions map onto the right cuBLASLt types and NVRTC options; no GPU needed. */
class MappingTest {

  @Test
  void fp32IsPlainFp32AndTf32IsItsOwnComputeType() {
    assertThat(LtTypes.computeType(Precision.FP32)).isEqualTo(CublasLt.CUBLAS_COMPUTE_32F).isEqualTo(68);
    assertThat(LtTypes.computeType(Precision.TF32)).isEqualTo(CublasLt.CUBLAS_COMPUTE_32F_FAST_TF32).isEqualTo(77);
    assertThat(LtTypes.computeType(Precision.FP16)).isEqualTo(68);
    assertThat(LtTypes.computeType(Precision.BF16)).isEqualTo(68);
    assertThat(LtTypes.computeType(Precision.FP64)).isEqualTo(70);
  }

  @Test
  void storageAndDataTypes() {
    assertThat(LtTypes.storageOf(Precision.TF32)).isEqualTo(Precision.FP32);
    assertThat(LtTypes.dataType(Precision.FP32)).isEqualTo(0);
    assertThat(LtTypes.dataType(Precision.FP64)).isEqualTo(1);
    assertThat(LtTypes.dataType(Precision.FP16)).isEqualTo(2);
    assertThat(LtTypes.dataType(Precision.BF16)).isEqualTo(14);
    assertThat(LtTypes.storageOf(Precision.FP8_E4M3)).isEqualTo(Precision.FP8_E4M3);
    assertThat(LtTypes.dataType(Precision.FP8_E4M3)).isEqualTo(CublasLt.CUDA_R_8F_E4M3).isEqualTo(28);
    assertThat(LtTypes.computeType(Precision.FP8_E4M3)).isEqualTo(CublasLt.CUBLAS_COMPUTE_32F);
  }

  @Test
  void fp8WritesBf16OrFp32AndOtherPrecisionsWriteTheirStorage() {
    assertThat(LtTypes.outputStorage(Precision.FP8_E4M3, Precision.BF16)).isEqualTo(Precision.BF16);
    assertThat(LtTypes.outputStorage(Precision.FP8_E4M3, Precision.FP32)).isEqualTo(Precision.FP32);
    assertThat(LtTypes.outputStorage(Precision.FP8_E4M3, Precision.FP8_E4M3)).isEqualTo(Precision.BF16);
    assertThat(LtTypes.outputStorage(Precision.TF32, Precision.FP32)).isEqualTo(Precision.FP32);
    assertThat(LtTypes.outputStorage(Precision.FP16, Precision.FP32)).isEqualTo(Precision.FP16);
  }

  @Test
  void rowMajorProductsAreTheTransposedColumnMajorProductWithoutCopies() {
    LtTypes.ColumnMajor v = LtTypes.ColumnMajor.of(Precision.BF16, 100, 30, 7);
    assertThat(v).isEqualTo(new LtTypes.ColumnMajor(CublasLt.CUBLAS_OP_N, 30, 7, 30, CublasLt.CUBLAS_OP_N, 7, 100, 7,
        30, 100, 30, false));
  }

  @Test
  void fp8IsTheTnFormOverATransposedCopyOfB() {
    // m=64, n=32, k=48: A' = B^T[n,k] row-major = B as 48x32 column-major (ld k), transposed; B' = A as 48x64 (ld k)
    LtTypes.ColumnMajor v = LtTypes.ColumnMajor.of(Precision.FP8_E4M3, 64, 32, 48);
    assertThat(v.transA()).isEqualTo(CublasLt.CUBLAS_OP_T).isEqualTo(1);
    assertThat(v.transB()).isEqualTo(CublasLt.CUBLAS_OP_N).isEqualTo(0);
    assertThat(new long[] {v.rowsA(), v.colsA(), v.ldA()}).containsExactly(48, 32, 48);
    assertThat(new long[] {v.rowsB(), v.colsB(), v.ldB()}).containsExactly(48, 64, 48);
    assertThat(new long[] {v.rowsC(), v.colsC(), v.ldC()}).containsExactly(32, 64, 32);
    assertThat(v.transposesB()).isTrue();
    // op(A') is n x k, op(B') is k x m: D is n x m column-major, which is C[m,n] row-major
    long opARows = v.transA() == CublasLt.CUBLAS_OP_T ? v.colsA() : v.rowsA();
    long opACols = v.transA() == CublasLt.CUBLAS_OP_T ? v.rowsA() : v.colsA();
    assertThat(opACols).isEqualTo(v.rowsB());
    assertThat(new long[] {opARows, v.colsB()}).containsExactly(v.rowsC(), v.colsC());
    assertThat(CublasLt.CUBLASLT_MATMUL_DESC_TRANSA).isEqualTo(3);
    assertThat(CublasLt.CUBLASLT_MATMUL_DESC_TRANSB).isEqualTo(4);
  }

  @Test
  void fp8RefusesLeadingDimensionsThatAreNotMultiplesOf16() {
    assertThatThrownBy(() -> LtTypes.ColumnMajor.of(Precision.FP8_E4M3, 64, 32, 40))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("FP8 matmul 64x32x40").hasMessageContaining("k=40 is not");
    assertThatThrownBy(() -> LtTypes.ColumnMajor.of(Precision.FP8_E4M3, 64, 24, 40))
        .hasMessageContaining("k=40 and n=24 is not").hasMessageContaining("multiples of 16");
    assertThatThrownBy(() -> LtTypes.ColumnMajor.of(Precision.FP8_E4M3, 64, 24, 48)).hasMessageContaining("n=24 is");
    // m is no leading dimension: any m will do
    assertThat(LtTypes.ColumnMajor.of(Precision.FP8_E4M3, 3, 16, 16).colsC()).isEqualTo(3);
    assertThat(LtTypes.ColumnMajor.of(Precision.FP16, 3, 5, 7).transposesB()).isFalse();
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
