/**
 * Not API: everything under this package is gpubench-cuda's own machinery (the JNA bindings, NVML telemetry, the
 * CUPTI kernel audit, the profiler hooks, and the engine-facing backend), public only because Java packages cannot
 * share package-private types. It may change in any release without notice. Benchmark code imports
 * {@code io.gpubench.cuda} and {@code io.gpubench.cuda.nccl} only; the engine finds the backend through
 * {@code ServiceLoader} ({@code META-INF/services/io.gpubench.api.spi.BackendProvider}) and reaches it through
 * {@code io.gpubench.api.spi} only.
 */
package io.gpubench.cuda.internal;
