/**
 * The backend service-provider interface: how a device (the CPU, a CUDA GPU) plugs into the engine.
 *
 * <p>A module registers a {@link io.gpubench.api.spi.BackendProvider} in
 * {@code META-INF/services/io.gpubench.api.spi.BackendProvider}. The engine asks every provider for its backends
 * once per run; a backend that cannot run here is still returned, with the reason, so that its cases are skipped
 * with that reason rather than silently missing.
 */
package io.gpubench.api.spi;
