/**
 * What CUDA benchmark code uses. It gets the {@link io.gpubench.cuda.Cuda} façade with
 * {@code ctx.unwrap(Cuda.class)} and uses it to plan cuBLASLt products ({@link io.gpubench.cuda.Matmul}), compile
 * NVRTC kernels ({@link io.gpubench.cuda.CudaKernel}, {@link io.gpubench.cuda.KernelLaunch}), find tensors' device
 * addresses ({@link io.gpubench.cuda.CudaTensor}) and allocate scratch memory; all timed work goes on
 * {@link io.gpubench.cuda.Cuda#stream()}. A failed CUDA call throws {@link io.gpubench.cuda.CudaException}
 * ({@link io.gpubench.cuda.CudaErrors} makes them).
 *
 * <p>The API of gpubench-cuda is this package and {@code io.gpubench.cuda.nccl}. Everything under
 * {@code io.gpubench.cuda.internal} (the JNA bindings, telemetry, the kernel audit, the profiler hooks and the
 * engine-facing backend that the engine finds through {@code ServiceLoader}) is not API and may change without
 * notice; so are the three types here marked {@code @API(status = INTERNAL)} ({@link io.gpubench.cuda.CaseResources},
 * {@link io.gpubench.cuda.DeviceRuntime}, {@link io.gpubench.cuda.EventPair}), public only because the backend, a
 * floor above, holds them.
 *
 * <p>The floors, each importing only those below it (gpubench-cuda's {@code ArchitectureTest} keeps it so):
 * {@code internal.jna} (bindings); this package (errors, the handles and the case's resources they hold);
 * {@code nccl}, {@code internal.telemetry}, {@code internal.audit}, {@code internal.profiler};
 * {@code internal.backend} (the provider, the engine's session, its clocks).
 */
package io.gpubench.cuda;
