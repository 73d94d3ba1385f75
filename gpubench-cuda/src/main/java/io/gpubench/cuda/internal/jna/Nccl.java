package io.gpubench.cuda.internal.jna;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;

/**
 * The NCCL calls made outside timed regions, through JNA interface mapping: version, unique id, communicator
 * creation and teardown, errors. The collectives are in {@link NcclHot}. Values are those of {@code src/nccl.h.in}
 * at NCCL v2.28.9-1 (the H200 machines' NCCL), unchanged in 2.30.
 */
public interface Nccl extends Library {
  /** {@code NCCL_UNIQUE_ID_BYTES}. */
  int UNIQUE_ID_BYTES = 128;

  /** {@code ncclSuccess}, the first {@code ncclResult_t}. */
  int SUCCESS = 0;
  /** {@code ncclUnhandledCudaError}. */
  int UNHANDLED_CUDA_ERROR = 1;
  /** {@code ncclSystemError}. */
  int SYSTEM_ERROR = 2;
  /** {@code ncclInternalError}. */
  int INTERNAL_ERROR = 3;
  /** {@code ncclInvalidArgument}. */
  int INVALID_ARGUMENT = 4;
  /** {@code ncclInvalidUsage}. */
  int INVALID_USAGE = 5;
  /** {@code ncclRemoteError}. */
  int REMOTE_ERROR = 6;
  /** {@code ncclInProgress}. */
  int IN_PROGRESS = 7;

  /** {@code ncclInt8}, the first {@code ncclDataType_t}. */
  int INT8 = 0;
  /** {@code ncclUint8}. */
  int UINT8 = 1;
  /** {@code ncclInt32}. */
  int INT32 = 2;
  /** {@code ncclUint32}. */
  int UINT32 = 3;
  /** {@code ncclInt64}. */
  int INT64 = 4;
  /** {@code ncclUint64}. */
  int UINT64 = 5;
  /** {@code ncclFloat16}. */
  int FLOAT16 = 6;
  /** {@code ncclFloat32}. */
  int FLOAT32 = 7;
  /** {@code ncclFloat64}. */
  int FLOAT64 = 8;
  /** {@code ncclBfloat16}. */
  int BFLOAT16 = 9;
  /** {@code ncclFloat8e4m3} (NCCL 2.24 or newer, compute capability 9.0 or newer). */
  int FLOAT8_E4M3 = 10;
  /** {@code ncclFloat8e5m2}. */
  int FLOAT8_E5M2 = 11;

  /** {@code ncclSum}, the first {@code ncclRedOp_t}. */
  int SUM = 0;
  /** {@code ncclProd}. */
  int PROD = 1;
  /** {@code ncclMax}. */
  int MAX = 2;
  /** {@code ncclMin}. */
  int MIN = 3;
  /** {@code ncclAvg}. */
  int AVG = 4;

  int ncclGetVersion(IntByReference version);

  int ncclGetUniqueId(UniqueIdStruct uniqueId);

  /** The id goes by value: a 128-byte struct, which the C ABI copies (JNA's libffi lays it out). */
  int ncclCommInitRank(PointerByReference comm, int nranks, UniqueIdStruct.ByValue commId, int rank);

  int ncclCommDestroy(Pointer comm);

  int ncclCommAbort(Pointer comm);

  int ncclCommGetAsyncError(Pointer comm, IntByReference asyncError);

  int ncclCommCount(Pointer comm, IntByReference count);

  int ncclCommCuDevice(Pointer comm, IntByReference device);

  int ncclCommUserRank(Pointer comm, IntByReference rank);

  String ncclGetErrorString(int result);

  String ncclGetLastError(Pointer comm);

  /** {@code ncclUniqueId}: {@code char internal[NCCL_UNIQUE_ID_BYTES]}, 128 bytes. */
  @Structure.FieldOrder({"internal"})
  class UniqueIdStruct extends Structure {
    /** The opaque bytes. */
    public byte[] internal = new byte[UNIQUE_ID_BYTES];

    /** An empty id for {@code ncclGetUniqueId} to fill. */
    public UniqueIdStruct() {}

    /** The same struct, passed by value. */
    public static final class ByValue extends UniqueIdStruct implements Structure.ByValue {
      /**
       * An id with these bytes.
       *
       * @param bytes 128 bytes
       */
      public ByValue(byte[] bytes) {
        System.arraycopy(bytes, 0, internal, 0, UNIQUE_ID_BYTES);
      }
    }
  }
}
