/**
 * The CUDA backend: {@link io.gpubench.cuda.CudaBackendProvider} finds the GPUs, {@link io.gpubench.cuda.CudaSession}
 * runs one case on one of them. Benchmark code reaches the session with {@code ctx.unwrap(CudaSession.class)} and
 * uses it to plan cuBLASLt products ({@link io.gpubench.cuda.Matmul}), compile NVRTC kernels
 * ({@link io.gpubench.cuda.CudaKernel}, {@link io.gpubench.cuda.KernelLaunch}) and find tensors' device addresses
 * ({@link io.gpubench.cuda.CudaTensor}); all timed work goes on {@link io.gpubench.cuda.CudaSession#stream()}.
 */
package io.gpubench.cuda;
