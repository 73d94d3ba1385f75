/**
 * Not API: JNA bindings of the CUDA driver API, NVML, NVRTC, cuBLASLt, NCCL, CUPTI and NVTX, the ground floor of
 * gpubench-cuda (it imports nothing of the packages above it). Calls made outside timed regions use interface
 * mapping ({@link io.gpubench.cuda.internal.jna.CudaDriver}, {@link io.gpubench.cuda.internal.jna.Nvml},
 * {@link io.gpubench.cuda.internal.jna.Nvrtc}, {@link io.gpubench.cuda.internal.jna.CublasLt},
 * {@link io.gpubench.cuda.internal.jna.Nccl}); the calls inside them use direct mapping
 * ({@link io.gpubench.cuda.internal.jna.CudaHot}, {@link io.gpubench.cuda.internal.jna.CublasLtHot},
 * {@link io.gpubench.cuda.internal.jna.NcclHot}). {@link io.gpubench.cuda.internal.jna.CudaLibs} loads the libraries
 * and {@link io.gpubench.cuda.internal.jna.ErrorStrings} says what a return code means; {@code
 * io.gpubench.cuda.CudaErrors}, a floor up, turns a failed code into the {@code CudaException} that names the call.
 */
package io.gpubench.cuda.internal.jna;
