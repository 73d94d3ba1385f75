package io.gpubench.cuda.internal.backend;

import io.gpubench.api.spi.SettingsKeys;
import io.gpubench.cuda.internal.audit.CuptiAuditor;
import java.util.Set;

/**
 * The configuration keys gpubench-cuda reads, so that the engine accepts them where this module is on the class
 * path ({@code gpubench.cuda.timing} is the engine's own). Add a key here when the module starts reading one.
 */
public final class CudaSettingsKeys implements SettingsKeys {

  /** For {@link java.util.ServiceLoader}. */
  public CudaSettingsKeys() {}

  @Override
  public Set<String> keys() {
    return Set.of("cuda.workspace-mb", PeakSelection.KEY, CuptiAuditor.DUMP_DIR.substring("gpubench.".length()));
  }
}
