package io.gpubench.cuda.nccl;

import com.sun.jna.ptr.IntByReference;
import io.gpubench.cuda.CudaErrors;
import io.gpubench.cuda.internal.jna.CudaLibs;
import io.gpubench.cuda.internal.jna.Nccl;
import io.gpubench.cuda.internal.jna.NcclHot;
import java.util.Optional;

/**
 * What NCCL offers before and around communicators: whether it is here, its version, a new world's id, and
 * groups. A group ({@link #group}) fuses the calls made inside it, on any communicators of this thread, into one
 * launch: send and receive pairs must be grouped so that both progress.
 */
public final class NcclLibrary {
  private NcclLibrary() {}

  /**
   * Why NCCL cannot be used here.
   *
   * @return the reason (libnccl could not be loaded, with the names tried), or empty when it is loaded
   */
  public static Optional<String> unavailableReason() {
    return CudaLibs.ncclFailure().map(f -> "no NCCL: libnccl " + f);
  }

  /**
   * {@code ncclGetVersion}: the loaded library's {@code NCCL_VERSION_CODE}, such as 22809 for 2.28.9.
   *
   * @return the code
   * @throws io.gpubench.cuda.internal.jna.CudaLibs.LibraryUnavailableException without libnccl
   */
  public static int version() {
    IntByReference v = new IntByReference();
    int rc = CudaLibs.nccl().ncclGetVersion(v);
    if (rc != Nccl.SUCCESS) {
      throw CudaErrors.ncclError(rc, "ncclGetVersion", null);
    }
    return v.getValue();
  }

  /**
   * A version code as people write it. {@code NCCL_VERSION(X,Y,Z)} is {@code X*1000+Y*100+Z} up to 2.8 and
   * {@code X*10000+Y*100+Z} after, so 2804 is 2.8.4 and 22809 is 2.28.9.
   *
   * @param code the code
   * @return the text
   */
  public static String versionText(int code) {
    if (code >= 10000) {
      return code / 10000 + "." + (code % 10000) / 100 + "." + code % 100;
    }
    return code / 1000 + "." + (code % 1000) / 100 + "." + code % 100;
  }

  /**
   * {@code ncclGetUniqueId}: the id of a new world, made on rank 0 and handed to the other ranks. It starts NCCL's
   * bootstrap listener in this process, so the process that makes it must be rank 0's.
   *
   * @return the id
   */
  public static UniqueId newUniqueId() {
    Nccl.UniqueIdStruct s = new Nccl.UniqueIdStruct();
    int rc = CudaLibs.nccl().ncclGetUniqueId(s);
    if (rc != Nccl.SUCCESS) {
      throw CudaErrors.ncclError(rc, "ncclGetUniqueId", lastError());
    }
    s.read();
    return UniqueId.fromBytes(s.internal);
  }

  /**
   * Runs calls as one NCCL group: {@code ncclGroupStart}, the calls, {@code ncclGroupEnd} (also when a call
   * throws, so the thread is not left inside a group).
   *
   * @param calls the calls, such as a {@link Communicator#send} and a {@link Communicator#recv}
   */
  public static void group(Runnable calls) {
    CudaLibs.nccl();
    int rc = NcclHot.ncclGroupStart();
    if (rc != Nccl.SUCCESS) {
      throw CudaErrors.ncclError(rc, "ncclGroupStart", lastError());
    }
    RuntimeException failed = null;
    try {
      calls.run();
    } catch (RuntimeException e) {
      failed = e;
    }
    rc = NcclHot.ncclGroupEnd();
    if (failed != null) {
      throw failed;
    }
    if (rc != Nccl.SUCCESS) {
      throw CudaErrors.ncclError(rc, "ncclGroupEnd", lastError());
    }
  }

  /** {@code ncclGetLastError(NULL)}, for messages: the text of the last failure in this process. */
  static String lastError() {
    try {
      String s = CudaLibs.nccl().ncclGetLastError(null);
      return s == null || s.isBlank() ? null : "last error: " + s.strip();
    } catch (RuntimeException | LinkageError e) {
      return null;
    }
  }
}
