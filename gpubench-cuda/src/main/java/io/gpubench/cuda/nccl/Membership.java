package io.gpubench.cuda.nccl;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import io.gpubench.api.Precision;
import io.gpubench.cuda.CudaDevice;
import io.gpubench.cuda.CudaErrors;
import io.gpubench.cuda.CudaException;
import io.gpubench.cuda.CudaStream;
import io.gpubench.cuda.internal.jna.CudaDriver;
import io.gpubench.cuda.internal.jna.CudaHot;
import io.gpubench.cuda.internal.jna.CudaLibs;
import io.gpubench.cuda.internal.jna.ErrorCodes;
import io.gpubench.cuda.internal.jna.Nccl;
import io.gpubench.cuda.internal.jna.NcclHot;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * This process's membership of a world of GPUs over NCCL: the {@code ncclComm_t} that {@link #join} made on every
 * rank with the id rank 0 made ({@link NcclLibrary#newUniqueId}), its faults, and its end. The rank's collectives go
 * through its {@link #communicator()}, the view without join, close and abort; whoever joined keeps the membership
 * and closes it. In the engine's worlds ({@code @Worlds}) that is the CUDA backend, and benchmark code gets only the
 * view, from {@code ctx.unwrap(Communicator.class)}. Used directly, outside the engine:
 *
 * <pre>{@code
 * UniqueId id = rank == 0 ? NcclLibrary.newUniqueId() : UniqueId.fromBase64(idFromRank0);
 * try (Membership m = Membership.join(id, rank, size, device)) {
 *   Communicator world = m.communicator();
 *   world.allReduce(x, x, ReduceOp.SUM, cuda.stream());     // in place
 *   world.await(cuda.stream(), Duration.ofSeconds(30));      // NcclTimeoutException after an abort
 * }
 * }</pre>
 *
 * <p>{@link #close()} destroys a healthy communicator ({@code ncclCommDestroy}) and aborts one that has seen a
 * fault ({@code ncclCommAbort}): destroy waits for the communicator's work, which a hung peer never finishes. Await
 * the streams before closing; after a fault anywhere in the world, call {@link #abort()} on every rank: the one call
 * that may come from another thread than the communicator's.
 */
public final class Membership implements AutoCloseable {
  final Pointer comm;
  final int rank;
  final int size;
  final CudaDevice device;
  private final Memory asyncError = new Memory(4);
  private final Communicator view = new Communicator(this);
  private volatile boolean released;
  volatile String fault;
  private String lastCall;
  private long lastCount;
  private Precision lastType;

  private Membership(Pointer comm, int rank, int size, CudaDevice device) {
    this.comm = comm;
    this.rank = rank;
    this.size = size;
    this.device = device;
  }

  /**
   * {@code ncclCommInitRank}: joins the world this id names as {@code rank} of {@code size}, on {@code device}. It
   * returns when every rank has joined; NCCL's bootstrap waits for them without a time limit of its own, so a rank
   * that never arrives is ended from outside (the engine ends a world's processes at its time limit).
   *
   * @param id the world's id, from rank 0
   * @param rank this rank, 0 to size-1
   * @param size the number of ranks
   * @param device this rank's GPU; its primary context is made current, which is how NCCL picks the device
   * @return the membership
   * @throws IllegalArgumentException naming the rank and size when they do not fit
   * @throws CudaException naming the call, NCCL's error and its last error when NCCL fails
   */
  public static Membership join(UniqueId id, int rank, int size, CudaDevice device) {
    if (size < 1 || rank < 0 || rank >= size) {
      throw new IllegalArgumentException("rank " + rank + " of a world of " + size + ": the rank must be 0 to "
          + (size - 1) + " and the size at least 1");
    }
    Nccl nccl = CudaLibs.nccl();
    device.makeCurrent();
    PointerByReference ref = new PointerByReference();
    int rc = nccl.ncclCommInitRank(ref, size, id.struct(), rank);
    String where = "rank " + rank + " of " + size + " on cuda:" + device.ordinal() + " (" + device.name() + ")";
    if (rc != Nccl.SUCCESS) {
      throw CudaErrors.ncclError(rc, "ncclCommInitRank", join(where, NcclLibrary.lastError()));
    }
    Membership m = new Membership(ref.getValue(), rank, size, device);
    IntByReference v = new IntByReference();
    m.checkSetup(nccl.ncclCommCuDevice(m.comm, v), "ncclCommCuDevice");
    if (v.getValue() != device.ordinal()) {
      m.abort();
      throw new IllegalStateException("ncclCommInitRank put " + where + " on CUDA device " + v.getValue()
          + ": the device's context was not current");
    }
    return m;
  }

  private void checkSetup(int rc, String call) {
    if (rc != Nccl.SUCCESS) {
      throw faulted(CudaErrors.ncclError(rc, call, describe()));
    }
  }

  /**
   * The rank's collectives: what benchmark code gets.
   *
   * @return the view, one for the life of the membership
   */
  public Communicator communicator() {
    return view;
  }

  void usable() {
    String f = fault;
    if (f != null) {
      throw new IllegalStateException(describe() + " is unusable: " + f);
    }
    if (released) {
      throw new IllegalStateException(describe() + " is closed");
    }
  }

  void checkRank(int r, String what) {
    if (r < 0 || r >= size) {
      throw new IllegalArgumentException(what + " " + r + " is not a rank of this world of " + size);
    }
  }

  /** Notes a collective's call, and turns its result into the exception; a fault unless the arguments were wrong. */
  void called(int rc, String call, long count, Precision type) {
    lastCall = call;
    lastCount = count;
    lastType = type;
    if (rc == Nccl.SUCCESS) {
      return;
    }
    String what = lastCall();
    CudaException e = CudaErrors.ncclError(rc, call, join(describe() + ", " + what, errors()));
    // A wrong argument leaves the communicator as it was; anything else may have left peers waiting.
    if (rc != Nccl.INVALID_ARGUMENT && rc != Nccl.INVALID_USAGE) {
      fault = e.getMessage();
    }
    throw e;
  }

  /** {@link Communicator#checkAsyncError()}. */
  void checkAsyncError() {
    int rc;
    int async;
    synchronized (this) {
      usable();
      rc = NcclHot.ncclCommGetAsyncError(comm, asyncError);
      async = asyncError.getInt(0);
    }
    if (rc != Nccl.SUCCESS) {
      throw faulted(CudaErrors.ncclError(rc, "ncclCommGetAsyncError", join(describe(), NcclLibrary.lastError())));
    }
    if (async != Nccl.SUCCESS && async != Nccl.IN_PROGRESS) {
      throw faulted(CudaErrors.ncclError(async, "ncclCommGetAsyncError",
          join(describe() + ", an asynchronous error; last call: " + lastCall(), errors())));
    }
  }

  /**
   * {@link Communicator#await}, for whoever holds the membership (the backend's synchronise).
   *
   * @param stream the stream the communicator's calls went on
   * @param limit how long the peers may take
   */
  public void await(CudaStream stream, Duration limit) {
    usable();
    device.makeCurrent();
    long start = System.nanoTime();
    long deadline = start + limit.toNanos();
    while (true) {
      int rc = CudaHot.cuStreamQuery(stream.handle());
      if (rc == 0) {
        checkAsyncError();
        return;
      }
      if (rc != CudaDriver.CUDA_ERROR_NOT_READY) {
        throw faulted(CudaErrors.cudaError(rc, "cuStreamQuery", describe() + ", waiting; last call: " + lastCall()));
      }
      checkAsyncError();
      long now = System.nanoTime();
      if (now - deadline > 0) {
        Duration waited = Duration.ofNanos(now - start);
        String why = describe() + ": the work on its stream did not finish within "
            + String.format(java.util.Locale.ROOT, "%.1f s", limit.toNanos() / 1e9) + " (last call: " + lastCall()
            + "); a peer rank did not take part";
        long t0 = System.nanoTime();
        abortAfter(why);
        Duration took = Duration.ofNanos(System.nanoTime() - t0);
        throw new NcclTimeoutException(why + "; communicator aborted in " + took.toMillis() + " ms", waited, took);
      }
      long spun = now - start;
      if (spun < 1_000_000L) {
        Thread.onSpinWait();
      } else if (spun < 100_000_000L) {
        Thread.yield();
      } else {
        LockSupport.parkNanos(50_000L);
      }
    }
  }

  private String lastCall() {
    return lastCall == null ? "none yet" : lastCall + " of " + lastCount + " " + lastType + " elements";
  }

  private RuntimeException faulted(RuntimeException e) {
    abortAfter(e.getMessage());
    return e;
  }

  private void abortAfter(String why) {
    if (fault == null) {
      fault = why;
    }
    abort();
  }

  /**
   * {@code ncclCommAbort}: stops this rank's NCCL work on the GPU and frees the communicator without waiting for
   * the peers. Another thread may call it while the owner waits in {@link #await} (the wait then throws); never
   * throws itself (a failure is printed, as in a close).
   */
  public synchronized void abort() {
    if (released) {
      return;
    }
    released = true;
    if (fault == null) {
      fault = "aborted";
    }
    int rc = CudaLibs.nccl().ncclCommAbort(comm);
    if (rc != Nccl.SUCCESS) {
      System.err.println("gpubench-cuda: " + CudaErrors.ncclError(rc, "ncclCommAbort", describe()).getMessage());
    }
  }

  /**
   * Ends the communicator: {@code ncclCommDestroy} when it is healthy (no fault seen, no async error now), else
   * {@link #abort()}. Never throws: it runs in {@code finally} blocks, where an exception would hide the case's own.
   */
  @Override
  public synchronized void close() {
    if (released) {
      return;
    }
    if (fault == null) {
      int rc = NcclHot.ncclCommGetAsyncError(comm, asyncError);
      int async = asyncError.getInt(0);
      if (rc != Nccl.SUCCESS || (async != Nccl.SUCCESS && async != Nccl.IN_PROGRESS)) {
        fault = "async error " + ErrorCodes.nccl(rc != Nccl.SUCCESS ? rc : async) + " at close";
      }
    }
    if (fault != null) {
      abort();
      return;
    }
    released = true;
    device.makeCurrent();
    int rc = CudaLibs.nccl().ncclCommDestroy(comm);
    if (rc != Nccl.SUCCESS) {
      System.err.println("gpubench-cuda: " + CudaErrors.ncclError(rc, "ncclCommDestroy", describe()).getMessage());
    }
  }

  /** NCCL's last error and the communicator's async error, for a message; null when NCCL says nothing. */
  private String errors() {
    // ncclGetLastError's argument is unused (NCCL keeps the last error per process), so it is asked with none.
    String last = NcclLibrary.lastError();
    String async;
    synchronized (this) {
      if (released) {
        return last;
      }
      int rc = NcclHot.ncclCommGetAsyncError(comm, asyncError);
      async = "async error: " + (rc == Nccl.SUCCESS ? ErrorCodes.nccl(asyncError.getInt(0))
          : "unknown (" + ErrorCodes.nccl(rc) + ")");
    }
    return last == null ? async : last + "; " + async;
  }

  private static String join(String a, String b) {
    return b == null ? a : a + "; " + b;
  }

  String describe() {
    return "NCCL rank " + rank + " of " + size + " on cuda:" + device.ordinal();
  }

  @Override
  public String toString() {
    return describe() + (fault != null ? " (" + fault + ")" : released ? " (closed)" : "");
  }
}
