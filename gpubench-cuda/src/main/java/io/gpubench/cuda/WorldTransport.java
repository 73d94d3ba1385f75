package io.gpubench.cuda;

import io.gpubench.api.spi.WorldRank;
import java.time.Duration;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * How CUDA sessions make and join worlds of ranks ({@code @Worlds}): implemented by {@code io.gpubench.cuda.nccl}
 * and found through {@link ServiceLoader}, so that this package, which NCCL's uses, does not depend on it in turn.
 */
public interface WorldTransport {

  /**
   * Why worlds cannot be made here.
   *
   * @return the reason, such as {@code "no NCCL: libnccl ..."}, or empty when they can
   */
  Optional<String> unavailableReason();

  /**
   * The id of a new world, made in the process of its rank 0.
   *
   * @return the id as text
   */
  String newWorldId();

  /**
   * Joins a world as one rank on a device; returns when every rank has joined.
   *
   * @param rank the rank's place in the world
   * @param device the rank's GPU
   * @return the membership
   */
  Rank join(WorldRank rank, CudaDevice device);

  /** One rank's membership of a world, as the session of the rank's case holds it. */
  interface Rank {

    /**
     * Waits until the stream's work is done while watching the world, giving up on the peers after the limit.
     *
     * @param stream the case's stream
     * @param limit how long the peers may take
     */
    void await(CudaStream stream, Duration limit);

    /** Stops the rank's work with its peers at once; any thread; never throws. */
    void abort();

    /** Ends the membership after the case; never throws. */
    void close();
  }

  /**
   * The transport on the class path.
   *
   * @return it, or empty where none is
   */
  static Optional<WorldTransport> find() {
    return Holder.TRANSPORT;
  }

  /** The transport, looked up once. */
  final class Holder {
    static final Optional<WorldTransport> TRANSPORT =
        ServiceLoader.load(WorldTransport.class, WorldTransport.class.getClassLoader()).findFirst();

    private Holder() {}
  }
}
