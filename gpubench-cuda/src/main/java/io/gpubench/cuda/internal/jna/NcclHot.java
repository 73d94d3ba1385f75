package io.gpubench.cuda.internal.jna;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;

/**
 * The NCCL calls made inside timed regions, through JNA direct mapping (one JNI call each): the collectives,
 * point-to-point calls, groups, and the async-error read that a wait polls. Buffers are device addresses; counts
 * are elements ({@code size_t}); types and operations are the {@link Nccl} constants.
 */
public final class NcclHot {
  private NcclHot() {}

  static void register(NativeLibrary lib) {
    Native.register(NcclHot.class, lib);
  }

  /**
   * {@code ncclAllReduce}; in place when {@code send == recv}.
   *
   * @param send device address
   * @param recv device address
   * @param count elements
   * @param type {@code ncclDataType_t}
   * @param op {@code ncclRedOp_t}
   * @param comm the communicator
   * @param stream the stream
   * @return the ncclResult_t
   */
  public static native int ncclAllReduce(long send, long recv, long count, int type, int op, Pointer comm,
      Pointer stream);

  /**
   * {@code ncclAllGather}: {@code recv} holds {@code nranks * sendCount} elements.
   *
   * @param send device address
   * @param recv device address
   * @param sendCount elements each rank sends
   * @param type {@code ncclDataType_t}
   * @param comm the communicator
   * @param stream the stream
   * @return the ncclResult_t
   */
  public static native int ncclAllGather(long send, long recv, long sendCount, int type, Pointer comm, Pointer stream);

  /**
   * {@code ncclReduceScatter}: {@code send} holds {@code nranks * recvCount} elements.
   *
   * @param send device address
   * @param recv device address
   * @param recvCount elements each rank receives
   * @param type {@code ncclDataType_t}
   * @param op {@code ncclRedOp_t}
   * @param comm the communicator
   * @param stream the stream
   * @return the ncclResult_t
   */
  public static native int ncclReduceScatter(long send, long recv, long recvCount, int type, int op, Pointer comm,
      Pointer stream);

  /**
   * {@code ncclBroadcast}; in place when {@code send == recv}.
   *
   * @param send device address (read on the root only)
   * @param recv device address
   * @param count elements
   * @param type {@code ncclDataType_t}
   * @param root the rank whose data is sent
   * @param comm the communicator
   * @param stream the stream
   * @return the ncclResult_t
   */
  public static native int ncclBroadcast(long send, long recv, long count, int type, int root, Pointer comm,
      Pointer stream);

  /**
   * {@code ncclSend}.
   *
   * @param send device address
   * @param count elements
   * @param type {@code ncclDataType_t}
   * @param peer the receiving rank
   * @param comm the communicator
   * @param stream the stream
   * @return the ncclResult_t
   */
  public static native int ncclSend(long send, long count, int type, int peer, Pointer comm, Pointer stream);

  /**
   * {@code ncclRecv}.
   *
   * @param recv device address
   * @param count elements
   * @param type {@code ncclDataType_t}
   * @param peer the sending rank
   * @param comm the communicator
   * @param stream the stream
   * @return the ncclResult_t
   */
  public static native int ncclRecv(long recv, long count, int type, int peer, Pointer comm, Pointer stream);

  /**
   * {@code ncclGroupStart}.
   *
   * @return the ncclResult_t
   */
  public static native int ncclGroupStart();

  /**
   * {@code ncclGroupEnd}.
   *
   * @return the ncclResult_t
   */
  public static native int ncclGroupEnd();

  /**
   * {@code ncclCommGetAsyncError}.
   *
   * @param comm the communicator
   * @param asyncError where the {@code ncclResult_t} is written (4 bytes)
   * @return the ncclResult_t of the query itself
   */
  public static native int ncclCommGetAsyncError(Pointer comm, Pointer asyncError);
}
