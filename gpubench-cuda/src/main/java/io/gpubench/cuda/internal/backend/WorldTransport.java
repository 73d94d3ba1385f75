package io.gpubench.cuda.internal.backend;

import io.gpubench.api.spi.WorldRank;
import io.gpubench.cuda.CudaDevice;
import io.gpubench.cuda.nccl.Membership;
import io.gpubench.cuda.nccl.NcclLibrary;
import io.gpubench.cuda.nccl.UniqueId;
import java.util.Optional;

/**
 * How CUDA sessions make and join worlds of ranks ({@code @Worlds}), over NCCL: rank 0's {@code ncclUniqueId} as
 * Base64 text is the world's id, and each rank's session {@link Membership#join joins} with it. The session keeps the
 * membership (its wait, abort and close); benchmark code gets only its {@code Communicator} view.
 *
 * <p>This was a ServiceLoader interface while the session lived in {@code io.gpubench.cuda}, which NCCL's package
 * uses: the backend is now a floor above both, so it calls NCCL directly.
 */
final class WorldTransport {
  private WorldTransport() {}

  /**
   * Why worlds cannot be made here.
   *
   * @return the reason, such as {@code "no NCCL: libnccl ..."}, or empty when they can
   */
  static Optional<String> unavailableReason() {
    return NcclLibrary.unavailableReason();
  }

  /**
   * The id of a new world, made in the process of its rank 0 (it starts NCCL's bootstrap listener there).
   *
   * @return the id as text
   */
  static String newWorldId() {
    return NcclLibrary.newUniqueId().toBase64();
  }

  /**
   * Joins a world as one rank on a device; returns when every rank has joined.
   *
   * @param rank the rank's place in the world, the world's id included
   * @param device the rank's GPU
   * @return the membership, which the session closes
   */
  static Membership join(WorldRank rank, CudaDevice device) {
    return Membership.join(UniqueId.fromBase64(rank.worldId()), rank.rank(), rank.size(), device);
  }
}
