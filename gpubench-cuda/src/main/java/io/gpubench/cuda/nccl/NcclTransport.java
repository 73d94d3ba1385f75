package io.gpubench.cuda.nccl;

import io.gpubench.api.spi.WorldRank;
import io.gpubench.cuda.CudaDevice;
import io.gpubench.cuda.WorldTransport;
import java.util.Optional;

/**
 * Worlds over NCCL for CUDA sessions: rank 0's {@code ncclUniqueId} as Base64 text is the world's id, and each rank
 * {@link Communicator#join joins} with it; benchmark code gets the {@link Communicator} from
 * {@code ctx.unwrap(Communicator.class)}. Registered in {@code META-INF/services}.
 */
public final class NcclTransport implements WorldTransport {

  /** For {@link java.util.ServiceLoader}. */
  public NcclTransport() {}

  @Override
  public Optional<String> unavailableReason() {
    return NcclLibrary.unavailableReason();
  }

  @Override
  public String newWorldId() {
    return NcclLibrary.newUniqueId().toBase64();
  }

  @Override
  public Communicator join(WorldRank rank, CudaDevice device) {
    return Communicator.join(UniqueId.fromBase64(rank.worldId()), rank.rank(), rank.size(), device);
  }
}
