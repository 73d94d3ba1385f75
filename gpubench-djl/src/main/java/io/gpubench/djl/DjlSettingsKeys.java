package io.gpubench.djl;

import io.gpubench.api.spi.SettingsKeys;
import java.util.Set;

/**
 * The configuration keys gpubench-djl reads, so that the engine accepts them where this module is on the class path.
 * Add a key here when the module starts reading one.
 */
public final class DjlSettingsKeys implements SettingsKeys {

  /** For {@link java.util.ServiceLoader}. */
  public DjlSettingsKeys() {}

  @Override
  public Set<String> keys() {
    return Set.of(OneDnnGuard.KEY.substring("gpubench.".length()),
        io.gpubench.djl.training.TrainingSession.SGD_PROPERTY.substring("gpubench.".length()));
  }
}
