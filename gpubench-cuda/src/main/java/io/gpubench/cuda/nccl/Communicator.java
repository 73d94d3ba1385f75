package io.gpubench.cuda.nccl;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import io.gpubench.api.Precision;
import io.gpubench.cuda.CudaDevice;
import io.gpubench.cuda.CudaException;
import io.gpubench.cuda.CudaStream;
import io.gpubench.cuda.CudaTensor;
import io.gpubench.cuda.jna.CudaHot;
import io.gpubench.cuda.jna.CudaLibs;
import io.gpubench.cuda.jna.ErrorCodes;
import io.gpubench.cuda.jna.Nccl;
import io.gpubench.cuda.jna.NcclHot;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;

/**
 * This process's rank in a world of GPUs over NCCL: one {@code ncclComm_t}, made by {@link #join} on every rank with
 * the id rank 0 made ({@link NcclLibrary#newUniqueId}). Collectives are enqueued on the stream given and return at
 * once; {@link #await} waits for that stream while watching the communicator, and aborts it when a peer does not
 * take part in time, so that no rank waits forever:
 *
 * <pre>{@code
 * UniqueId id = rank == 0 ? NcclLibrary.newUniqueId() : UniqueId.fromBase64(idFromRank0);
 * try (Communicator world = Communicator.join(id, rank, size, device)) {
 *   world.allReduce(x, x, ReduceOp.SUM, cuda.stream());     // in place
 *   world.await(cuda.stream(), Duration.ofSeconds(30));      // NcclTimeoutException after an abort
 * }
 * }</pre>
 *
 * <p>{@link #close()} destroys a healthy communicator ({@code ncclCommDestroy}) and aborts one that has seen a
 * fault ({@code ncclCommAbort}): destroy waits for the communicator's work, which a hung peer never finishes. Await
 * the streams before closing; after a fault anywhere in the world, call {@link #abort()} on every rank.
 *
 * <p>A communicator is used by one thread at a time; only {@link #abort()} may come from another thread.
 */
public final class Communicator implements AutoCloseable, io.gpubench.cuda.WorldTransport.Rank {
  private static final int CUDA_ERROR_NOT_READY = 600;

  private final Pointer comm;
  private final int rank;
  private final int size;
  private final CudaDevice device;
  private final Memory asyncError = new Memory(4);
  private volatile boolean released;
  private volatile String fault;
  private String lastCall;
  private long lastCount;
  private Precision lastType;

  private Communicator(Pointer comm, int rank, int size, CudaDevice device) {
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
   * @return the communicator
   * @throws IllegalArgumentException naming the rank and size when they do not fit
   * @throws CudaException naming the call, NCCL's error and its last error when NCCL fails
   */
  public static Communicator join(UniqueId id, int rank, int size, CudaDevice device) {
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
      throw CudaLibs.ncclError(rc, "ncclCommInitRank", join(where, NcclLibrary.lastError()));
    }
    Communicator c = new Communicator(ref.getValue(), rank, size, device);
    IntByReference v = new IntByReference();
    c.checkSetup(nccl.ncclCommCuDevice(c.comm, v), "ncclCommCuDevice");
    if (v.getValue() != device.ordinal()) {
      c.abort();
      throw new IllegalStateException("ncclCommInitRank put " + where + " on CUDA device " + v.getValue()
          + ": the device's context was not current");
    }
    return c;
  }

  private void checkSetup(int rc, String call) {
    if (rc != Nccl.SUCCESS) {
      CudaException e = CudaLibs.ncclError(rc, call, describe());
      abort();
      throw e;
    }
  }

  /**
   * This rank.
   *
   * @return 0 to size-1
   */
  public int rank() {
    return rank;
  }

  /**
   * The number of ranks.
   *
   * @return the world's size
   */
  public int size() {
    return size;
  }

  /**
   * This rank's GPU.
   *
   * @return the device
   */
  public CudaDevice device() {
    return device;
  }

  /**
   * The {@code ncclComm_t}, for a benchmark's own NCCL calls through JNI or Panama.
   *
   * @return the address
   */
  public long address() {
    return Pointer.nativeValue(comm);
  }

  /**
   * Why the communicator is no longer usable: an error of a call or of the communicator, a wait that ran out, an
   * abort.
   *
   * @return the first fault, or empty while it is healthy
   */
  public Optional<String> fault() {
    return Optional.ofNullable(fault);
  }

  // ---- collectives on device addresses ----

  /**
   * {@code ncclAllReduce} of {@code count} elements; in place when {@code send == recv}.
   *
   * @param send device address
   * @param recv device address
   * @param count elements
   * @param type their precision
   * @param op the reduction
   * @param stream the stream it runs on
   */
  public void allReduce(long send, long recv, long count, Precision type, ReduceOp op, CudaStream stream) {
    usable();
    int rc = NcclHot.ncclAllReduce(send, recv, count, DataTypes.code(type), op.code(), comm, stream.handle());
    called(rc, "ncclAllReduce", count, type);
  }

  /**
   * {@code ncclAllGather}: every rank's {@code sendCount} elements, rank r's at {@code recv + r * sendCount}.
   *
   * @param send device address
   * @param recv device address of {@code size * sendCount} elements
   * @param sendCount elements per rank
   * @param type their precision
   * @param stream the stream it runs on
   */
  public void allGather(long send, long recv, long sendCount, Precision type, CudaStream stream) {
    usable();
    int rc = NcclHot.ncclAllGather(send, recv, sendCount, DataTypes.code(type), comm, stream.handle());
    called(rc, "ncclAllGather", sendCount, type);
  }

  /**
   * {@code ncclReduceScatter}: the reduction of every rank's {@code send}, of which rank r keeps block r.
   *
   * @param send device address of {@code size * recvCount} elements
   * @param recv device address
   * @param recvCount elements per rank
   * @param type their precision
   * @param op the reduction
   * @param stream the stream it runs on
   */
  public void reduceScatter(long send, long recv, long recvCount, Precision type, ReduceOp op, CudaStream stream) {
    usable();
    int rc = NcclHot.ncclReduceScatter(send, recv, recvCount, DataTypes.code(type), op.code(), comm, stream.handle());
    called(rc, "ncclReduceScatter", recvCount, type);
  }

  /**
   * {@code ncclBroadcast} of the root's {@code send} into every rank's {@code recv}; in place when they are equal.
   *
   * @param send device address, read on the root
   * @param recv device address
   * @param count elements
   * @param type their precision
   * @param root the rank that sends
   * @param stream the stream it runs on
   */
  public void broadcast(long send, long recv, long count, Precision type, int root, CudaStream stream) {
    usable();
    checkRank(root, "root");
    int rc = NcclHot.ncclBroadcast(send, recv, count, DataTypes.code(type), root, comm, stream.handle());
    called(rc, "ncclBroadcast", count, type);
  }

  /**
   * {@code ncclSend} to a peer, which must {@link #recv} the same count; pair them in a {@link NcclLibrary#group}.
   *
   * @param send device address
   * @param count elements
   * @param type their precision
   * @param peer the receiving rank
   * @param stream the stream it runs on
   */
  public void send(long send, long count, Precision type, int peer, CudaStream stream) {
    usable();
    checkRank(peer, "peer");
    int rc = NcclHot.ncclSend(send, count, DataTypes.code(type), peer, comm, stream.handle());
    called(rc, "ncclSend", count, type);
  }

  /**
   * {@code ncclRecv} from a peer, which must {@link #send} the same count.
   *
   * @param recv device address
   * @param count elements
   * @param type their precision
   * @param peer the sending rank
   * @param stream the stream it runs on
   */
  public void recv(long recv, long count, Precision type, int peer, CudaStream stream) {
    usable();
    checkRank(peer, "peer");
    int rc = NcclHot.ncclRecv(recv, count, DataTypes.code(type), peer, comm, stream.handle());
    called(rc, "ncclRecv", count, type);
  }

  // ---- the same on tensors, their sizes checked ----

  /**
   * All-reduce of a tensor into another of the same size and precision (the same tensor: in place).
   *
   * @param send the input
   * @param recv the output
   * @param op the reduction
   * @param stream the stream it runs on
   */
  public void allReduce(CudaTensor send, CudaTensor recv, ReduceOp op, CudaStream stream) {
    same(send, recv, 1, "ncclAllReduce");
    allReduce(send.address(), recv.address(), send.size(), send.precision(), op, stream);
  }

  /**
   * All-gather: {@code recv} holds {@code size} times {@code send}'s elements.
   *
   * @param send this rank's part
   * @param recv every rank's parts, in rank order
   * @param stream the stream it runs on
   */
  public void allGather(CudaTensor send, CudaTensor recv, CudaStream stream) {
    same(send, recv, size, "ncclAllGather");
    allGather(send.address(), recv.address(), send.size(), send.precision(), stream);
  }

  /**
   * Reduce-scatter: {@code send} holds {@code size} times {@code recv}'s elements.
   *
   * @param send the whole input of this rank
   * @param recv this rank's block of the reduction
   * @param op the reduction
   * @param stream the stream it runs on
   */
  public void reduceScatter(CudaTensor send, CudaTensor recv, ReduceOp op, CudaStream stream) {
    same(recv, send, size, "ncclReduceScatter");
    reduceScatter(send.address(), recv.address(), recv.size(), recv.precision(), op, stream);
  }

  /**
   * Broadcast from the root into every rank's {@code recv}, the same size and precision as {@code send}.
   *
   * @param send read on the root
   * @param recv written on every rank
   * @param root the rank that sends
   * @param stream the stream it runs on
   */
  public void broadcast(CudaTensor send, CudaTensor recv, int root, CudaStream stream) {
    same(send, recv, 1, "ncclBroadcast");
    broadcast(send.address(), recv.address(), send.size(), send.precision(), root, stream);
  }

  /**
   * Sends a tensor to a peer.
   *
   * @param t the tensor
   * @param peer the receiving rank
   * @param stream the stream it runs on
   */
  public void send(CudaTensor t, int peer, CudaStream stream) {
    send(t.address(), t.size(), t.precision(), peer, stream);
  }

  /**
   * Receives a tensor from a peer.
   *
   * @param t the tensor written
   * @param peer the sending rank
   * @param stream the stream it runs on
   */
  public void recv(CudaTensor t, int peer, CudaStream stream) {
    recv(t.address(), t.size(), t.precision(), peer, stream);
  }

  private static void same(CudaTensor small, CudaTensor large, long times, String call) {
    if (small.precision() != large.precision()) {
      throw new IllegalArgumentException(call + ": " + small + " and " + large + " differ in precision");
    }
    if (large.size() != times * small.size()) {
      throw new IllegalArgumentException(call + ": " + large + " has " + large.size() + " elements; it needs "
          + (times == 1 ? "as many as " + small : times + " times the " + small.size() + " of " + small));
    }
  }

  private void checkRank(int r, String what) {
    if (r < 0 || r >= size) {
      throw new IllegalArgumentException(what + " " + r + " is not a rank of this world of " + size);
    }
  }

  private void usable() {
    String f = fault;
    if (f != null) {
      throw new IllegalStateException(describe() + " is unusable: " + f);
    }
    if (released) {
      throw new IllegalStateException(describe() + " is closed");
    }
  }

  private void called(int rc, String call, long count, Precision type) {
    lastCall = call;
    lastCount = count;
    lastType = type;
    if (rc == Nccl.SUCCESS) {
      return;
    }
    String what = lastCall();
    CudaException e = CudaLibs.ncclError(rc, call, join(describe() + ", " + what, errors()));
    // A wrong argument leaves the communicator as it was; anything else may have left peers waiting.
    if (rc != Nccl.INVALID_ARGUMENT && rc != Nccl.INVALID_USAGE) {
      fault = e.getMessage();
    }
    throw e;
  }

  // ---- waiting, faults, the end ----

  /**
   * {@code ncclCommGetAsyncError}: fails when the communicator has met an error in its background work (a peer's
   * connection lost, a remote error), which leaves this rank's collectives waiting forever; the communicator is
   * aborted first.
   *
   * @throws CudaException naming the async error
   */
  public void checkAsyncError() {
    int rc;
    int async;
    synchronized (this) {
      usable();
      rc = NcclHot.ncclCommGetAsyncError(comm, asyncError);
      async = asyncError.getInt(0);
    }
    if (rc != Nccl.SUCCESS) {
      throw faulted(CudaLibs.ncclError(rc, "ncclCommGetAsyncError", join(describe(), NcclLibrary.lastError())));
    }
    if (async != Nccl.SUCCESS && async != Nccl.IN_PROGRESS) {
      throw faulted(CudaLibs.ncclError(async, "ncclCommGetAsyncError",
          join(describe() + ", an asynchronous error; last call: " + lastCall(), errors())));
    }
  }

  /**
   * Waits until the stream's work is done, as NCCL's documentation advises: {@code cuStreamQuery} polled with
   * {@code ncclCommGetAsyncError}, never a blocking synchronise. An async error, a CUDA error, or the time limit
   * passing aborts the communicator (its kernels on this GPU quit) and throws. It spins for the first
   * millisecond, then yields, then parks 50 µs between polls after 100 ms, so a long wait does not hold a core.
   *
   * @param stream the stream the communicator's calls went on
   * @param limit how long the peers may take
   * @throws NcclTimeoutException when the limit passes, after the abort
   * @throws CudaException for an async NCCL error or a CUDA error, after the abort
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
      if (rc != CUDA_ERROR_NOT_READY) {
        throw faulted(CudaLibs.cudaError(rc, "cuStreamQuery", describe() + ", waiting; last call: " + lastCall()));
      }
      checkAsyncError();
      long now = System.nanoTime();
      if (now - deadline > 0) {
        Duration waited = Duration.ofNanos(now - start);
        String why = describe() + ": the work on its stream did not finish within " + seconds(limit) + " (last call: "
            + lastCall() + "); a peer rank did not take part";
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

  private static String seconds(Duration d) {
    return String.format(java.util.Locale.ROOT, "%.1f s", d.toNanos() / 1e9);
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
      System.err.println("gpubench-cuda: " + CudaLibs.ncclError(rc, "ncclCommAbort", describe()).getMessage());
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
      System.err.println("gpubench-cuda: " + CudaLibs.ncclError(rc, "ncclCommDestroy", describe()).getMessage());
    }
  }

  private String errors() {
    // ncclGetLastError's argument is unused (NCCL keeps the last error per process), so it is asked with none.
    String last = NcclLibrary.lastError();
    StringBuilder s = new StringBuilder(last == null ? "" : last);
    synchronized (this) {
      if (released) {
        return s.length() == 0 ? null : s.toString();
      }
      int rc = NcclHot.ncclCommGetAsyncError(comm, asyncError);
      if (s.length() > 0) {
        s.append("; ");
      }
      s.append("async error: ").append(rc == Nccl.SUCCESS
          ? ErrorCodes.nccl(asyncError.getInt(0))
          : "unknown (" + ErrorCodes.nccl(rc) + ")");
    }
    return s.length() == 0 ? null : s.toString();
  }

  private static String join(String a, String b) {
    return b == null ? a : a + "; " + b;
  }

  private String describe() {
    return "NCCL rank " + rank + " of " + size + " on cuda:" + device.ordinal();
  }

  @Override
  public String toString() {
    return describe() + (fault != null ? " (" + fault + ")" : released ? " (closed)" : "");
  }
}
