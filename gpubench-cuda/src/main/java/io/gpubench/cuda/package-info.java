/**
 * The CUDA backend: {@link io.gpubench.cuda.CudaBackendProvider} finds the GPUs, and an engine-facing session runs
 * one case on one of them. Benchmark code gets the {@link io.gpubench.cuda.Cuda} façade with
 * {@code ctx.unwrap(Cuda.class)} and uses it to plan cuBLASLt products ({@link io.gpubench.cuda.Matmul}), compile
 * NVRTC kernels ({@link io.gpubench.cuda.CudaKernel}, {@link io.gpubench.cuda.KernelLaunch}), find tensors' device
 * addresses ({@link io.gpubench.cuda.CudaTensor}) and allocate scratch memory; all timed work goes on
 * {@link io.gpubench.cuda.Cuda#stream()}.
 */
package io.gpubench.cuda;
