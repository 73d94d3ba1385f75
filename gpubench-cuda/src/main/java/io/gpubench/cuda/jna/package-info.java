/**
 * JNA bindings of the CUDA driver API, NVML, NVRTC, cuBLASLt and NCCL. Calls made outside timed regions use
 * interface mapping ({@link io.gpubench.cuda.jna.CudaDriver}, {@link io.gpubench.cuda.jna.Nvml},
 * {@link io.gpubench.cuda.jna.Nvrtc}, {@link io.gpubench.cuda.jna.CublasLt}, {@link io.gpubench.cuda.jna.Nccl});
 * the calls inside them use direct mapping ({@link io.gpubench.cuda.jna.CudaHot},
 * {@link io.gpubench.cuda.jna.CublasLtHot}, {@link io.gpubench.cuda.jna.NcclHot}). Every return code goes through
 * {@link io.gpubench.cuda.jna.CudaLibs}, which throws a {@link io.gpubench.cuda.CudaException} naming the call and
 * the library's error string.
 */
package io.gpubench.cuda.jna;
