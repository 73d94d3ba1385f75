package io.gpubench.engine.backend.cpu;

import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendProvider;
import io.gpubench.api.spi.BackendSettings;
import java.util.List;

/** Provides the CPU backend, which is always there. */
public final class CpuBackendProvider implements BackendProvider {

  /** Public for {@link java.util.ServiceLoader}. */
  public CpuBackendProvider() {}

  @Override
  public List<Backend> backends(BackendSettings settings) {
    return List.of(new CpuBackend());
  }
}
