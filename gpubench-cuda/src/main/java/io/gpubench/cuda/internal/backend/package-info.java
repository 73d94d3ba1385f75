/**
 * Not API: the engine-facing CUDA backend, the top floor of gpubench-cuda.
 * {@link io.gpubench.cuda.internal.backend.CudaBackendProvider} (registered for {@code ServiceLoader}) finds the GPUs;
 * each {@link io.gpubench.cuda.internal.backend.CudaBackend} opens a session per case, which runs the engine's
 * protocol over the case's {@link io.gpubench.cuda.CaseResources}: its clocks (events; blocked; graph, chosen by
 * {@link io.gpubench.cuda.internal.backend.AutoTiming}), telemetry, kernel audit, profiler hooks, and its rank's
 * membership of a world. Also here: the roofline peaks (the datasheet table, the probe) and the module's
 * configuration keys.
 */
package io.gpubench.cuda.internal.backend;
