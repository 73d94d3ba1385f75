/**
 * Hooks for the profilers a user reaches for after gpubench: {@link io.gpubench.cuda.profiler.CudaProfiler}'s
 * capture ranges ({@code cuProfilerStart}/{@code Stop}, for {@code nsys profile --capture-range=cudaProfilerApi})
 * and {@link io.gpubench.cuda.profiler.NvtxRanges} (named ranges in Nsight Systems' timeline).
 */
package io.gpubench.cuda.profiler;
