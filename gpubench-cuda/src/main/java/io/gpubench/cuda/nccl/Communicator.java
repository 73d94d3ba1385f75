package io.gpubench.cuda.nccl;

import com.sun.jna.Pointer;
import io.gpubench.api.Precision;
import io.gpubench.cuda.CudaDevice;
import io.gpubench.cuda.CudaException;
import io.gpubench.cuda.CudaStream;
import io.gpubench.cuda.CudaTensor;
import io.gpubench.cuda.internal.jna.NcclHot;
import java.time.Duration;
import java.util.Optional;

/**
 * This process's rank in a world of GPUs over NCCL, as benchmark code uses it: the collectives, enqueued on the
 * stream given and returning at once, and {@link #await}, which waits for that stream while watching the
 * communicator and aborts it when a peer does not take part in time, so that no rank waits forever. Get it from
 * {@code ctx.unwrap(Communicator.class)} in a case of {@code @Worlds}:
 *
 * <pre>{@code
 * Communicator world = ctx.unwrap(Communicator.class).orElseThrow();
 * world.allReduce(x, x, ReduceOp.SUM, cuda.stream());     // in place, on the case's stream: timed with the trial
 * }</pre>
 *
 * <p>It cannot join, close or abort its world: its {@link Membership} does that, and in the engine's worlds the CUDA
 * backend holds the membership (it joins when the case's session opens, aborts when another rank failed, and
 * destroys the communicator when the case ends). A communicator is used by one thread at a time.
 */
public final class Communicator {
  private final Membership m;

  Communicator(Membership m) {
    this.m = m;
  }

  /**
   * This rank.
   *
   * @return 0 to size-1
   */
  public int rank() {
    return m.rank;
  }

  /**
   * The number of ranks.
   *
   * @return the world's size
   */
  public int size() {
    return m.size;
  }

  /**
   * This rank's GPU.
   *
   * @return the device
   */
  public CudaDevice device() {
    return m.device;
  }

  /**
   * The {@code ncclComm_t}, for a benchmark's own NCCL calls through JNI or Panama.
   *
   * @return the address
   */
  public long address() {
    return Pointer.nativeValue(m.comm);
  }

  /**
   * Why the communicator is no longer usable: an error of a call or of the communicator, a wait that ran out, an
   * abort.
   *
   * @return the first fault, or empty while it is healthy
   */
  public Optional<String> fault() {
    return Optional.ofNullable(m.fault);
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
    m.usable();
    int rc = NcclHot.ncclAllReduce(send, recv, count, DataTypes.code(type), op.code(), m.comm, stream.handle());
    m.called(rc, "ncclAllReduce", count, type);
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
    m.usable();
    int rc = NcclHot.ncclAllGather(send, recv, sendCount, DataTypes.code(type), m.comm, stream.handle());
    m.called(rc, "ncclAllGather", sendCount, type);
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
    m.usable();
    int rc = NcclHot.ncclReduceScatter(send, recv, recvCount, DataTypes.code(type), op.code(), m.comm, stream.handle());
    m.called(rc, "ncclReduceScatter", recvCount, type);
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
    m.usable();
    m.checkRank(root, "root");
    int rc = NcclHot.ncclBroadcast(send, recv, count, DataTypes.code(type), root, m.comm, stream.handle());
    m.called(rc, "ncclBroadcast", count, type);
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
    m.usable();
    m.checkRank(peer, "peer");
    int rc = NcclHot.ncclSend(send, count, DataTypes.code(type), peer, m.comm, stream.handle());
    m.called(rc, "ncclSend", count, type);
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
    m.usable();
    m.checkRank(peer, "peer");
    int rc = NcclHot.ncclRecv(recv, count, DataTypes.code(type), peer, m.comm, stream.handle());
    m.called(rc, "ncclRecv", count, type);
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
    same(send, recv, m.size, "ncclAllGather");
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
    same(recv, send, m.size, "ncclReduceScatter");
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

  /**
   * {@code ncclCommGetAsyncError}: fails when the communicator has met an error in its background work (a peer's
   * connection lost, a remote error), which leaves this rank's collectives waiting forever; the communicator is
   * aborted first.
   *
   * @throws CudaException naming the async error
   */
  public void checkAsyncError() {
    m.checkAsyncError();
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
    m.await(stream, limit);
  }

  @Override
  public String toString() {
    return m.toString();
  }
}
