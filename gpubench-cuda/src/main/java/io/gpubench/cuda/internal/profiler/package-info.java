/**
 * Not API: hooks for the profilers a user reaches for after gpubench:
 * {@link io.gpubench.cuda.internal.profiler.CudaProfiler}'s capture ranges ({@code cuProfilerStart}/{@code Stop},
 * for {@code nsys profile --capture-range=cudaProfilerApi}) and
 * {@link io.gpubench.cuda.internal.profiler.NvtxRanges} (named ranges in Nsight Systems' timeline). The engine opens
 * them through the session's {@code ProfilerHooks}, selected by {@code gpubench.profiler.capture}.
 */
package io.gpubench.cuda.internal.profiler;
