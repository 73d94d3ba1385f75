package io.gpubench.cuda.nccl;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.Precision;
import io.gpubench.cuda.internal.jna.ErrorCodes;
import io.gpubench.cuda.internal.jna.Nccl;
import org.junit.jupiter.api.Test;

/**
 * The bindings agree with NCCL's header, {@code src/nccl.h.in} at tag v2.28.9-1 of github.com/NVIDIA/nccl (the
 * H200 machines' NCCL; the same values at 2.30.7): struct sizes, enum values, the version macro. No GPU needed.
 */
class NcclHeaderTest {

  @Test
  void aUniqueIdIs128BytesAndGoesByValueWithItsBytes() {
    // #define NCCL_UNIQUE_ID_BYTES 128; typedef struct { char internal[NCCL_UNIQUE_ID_BYTES]; } ncclUniqueId;
    assertThat(Nccl.UNIQUE_ID_BYTES).isEqualTo(128);
    assertThat(new Nccl.UniqueIdStruct().size()).isEqualTo(128);
    byte[] b = new byte[128];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) (i * 3 + 1);
    }
    Nccl.UniqueIdStruct.ByValue v = UniqueId.fromBytes(b).struct();
    assertThat(v.size()).isEqualTo(128);
    v.write();
    assertThat(v.getPointer().getByteArray(0, 128)).isEqualTo(b);
  }

  @Test
  void resultCodesAndTheirNames() {
    // typedef enum { ncclSuccess = 0, ncclUnhandledCudaError = 1, ncclSystemError = 2, ncclInternalError = 3,
    //   ncclInvalidArgument = 4, ncclInvalidUsage = 5, ncclRemoteError = 6, ncclInProgress = 7, ncclNumResults = 8 }
    int[] codes = {Nccl.SUCCESS, Nccl.UNHANDLED_CUDA_ERROR, Nccl.SYSTEM_ERROR, Nccl.INTERNAL_ERROR,
        Nccl.INVALID_ARGUMENT, Nccl.INVALID_USAGE, Nccl.REMOTE_ERROR, Nccl.IN_PROGRESS};
    String[] names = {"ncclSuccess", "ncclUnhandledCudaError", "ncclSystemError", "ncclInternalError",
        "ncclInvalidArgument", "ncclInvalidUsage", "ncclRemoteError", "ncclInProgress"};
    for (int i = 0; i < codes.length; i++) {
      assertThat(codes[i]).isEqualTo(i);
      assertThat(ErrorCodes.nccl(i)).isEqualTo(names[i]);
    }
    assertThat(ErrorCodes.nccl(8)).isEqualTo("ncclResult_8");
  }

  @Test
  void dataTypesAndReductions() {
    // ncclInt8 0, ncclUint8 1, ncclInt32 2, ncclUint32 3, ncclInt64 4, ncclUint64 5, ncclFloat16 6, ncclFloat32 7,
    // ncclFloat64 8, ncclBfloat16 9, ncclFloat8e4m3 10, ncclFloat8e5m2 11
    assertThat(new int[] {Nccl.INT8, Nccl.UINT8, Nccl.INT32, Nccl.UINT32, Nccl.INT64, Nccl.UINT64, Nccl.FLOAT16,
        Nccl.FLOAT32, Nccl.FLOAT64, Nccl.BFLOAT16, Nccl.FLOAT8_E4M3, Nccl.FLOAT8_E5M2})
        .containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
    // ncclSum 0, ncclProd 1, ncclMax 2, ncclMin 3, ncclAvg 4
    assertThat(ReduceOp.SUM.code()).isZero();
    assertThat(ReduceOp.PROD.code()).isEqualTo(1);
    assertThat(ReduceOp.MAX.code()).isEqualTo(2);
    assertThat(ReduceOp.MIN.code()).isEqualTo(3);
    assertThat(ReduceOp.AVG.code()).isEqualTo(4);
  }

  @Test
  void everyPrecisionHasItsStorageType() {
    assertThat(DataTypes.code(Precision.FP64)).isEqualTo(8);
    assertThat(DataTypes.code(Precision.FP32)).isEqualTo(7);
    assertThat(DataTypes.code(Precision.TF32)).as("TF32 is stored as FP32").isEqualTo(7);
    assertThat(DataTypes.code(Precision.FP16)).isEqualTo(6);
    assertThat(DataTypes.code(Precision.BF16)).isEqualTo(9);
    assertThat(DataTypes.code(Precision.FP8_E4M3)).isEqualTo(10);
  }

  @Test
  void versionCodesReadAsTheMacroWritesThem() {
    // #define NCCL_VERSION(X,Y,Z) (((X) <= 2 && (Y) <= 8) ? (X) * 1000 + (Y) * 100 + (Z)
    //                                                  : (X) * 10000 + (Y) * 100 + (Z))
    assertThat(NcclLibrary.versionText(2 * 10000 + 28 * 100 + 9)).isEqualTo("2.28.9");
    assertThat(NcclLibrary.versionText(2 * 10000 + 30 * 100 + 7)).isEqualTo("2.30.7");
    assertThat(NcclLibrary.versionText(2 * 1000 + 8 * 100 + 4)).isEqualTo("2.8.4");
  }
}
