/**
 * Worlds of GPUs over NCCL: {@link io.gpubench.cuda.nccl.Communicator} (one rank's collectives on a given stream, a
 * wait that aborts when a peer does not take part: what benchmark code gets from {@code ctx.unwrap}),
 * {@link io.gpubench.cuda.nccl.Membership} (the {@code ncclComm_t}'s join, abort and close, kept by whoever joined: in
 * the engine's worlds the CUDA backend), the world's
 * {@link io.gpubench.cuda.nccl.UniqueId} that rank 0 hands to the others as bytes or Base64,
 * {@link io.gpubench.cuda.nccl.NcclLibrary} (version, groups, why NCCL is absent) and
 * {@link io.gpubench.cuda.nccl.BusBandwidth} (nccl-tests' algorithm and bus bandwidth).
 *
 * <p>One process holds one rank: it opens {@code cuda:r} (its primary context, which
 * {@link io.gpubench.cuda.CudaDevice#makeCurrent()} makes current, and which is how NCCL finds the device) and
 * touches no other GPU. Every rank's process sees the same GPUs in the same order (the world's, or all), as
 * torchrun, nccl-tests and the Wan harness run them: NCCL then checks peer access between the two devices itself
 * ({@code cudaDeviceCanAccessPeer}) and the ordinals mean the same in every rank. With one GPU visible per process
 * NCCL also connects (since CUDA 10.1 it assumes P2P to devices it cannot see, {@code src/transport/p2p.cc}), but
 * without that check; {@code device/nccl-x2.sh} measures both.
 */
package io.gpubench.cuda.nccl;
