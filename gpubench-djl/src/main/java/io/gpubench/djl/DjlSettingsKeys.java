package io.gpubench.djl;

import io.gpubench.api.spi.SettingsKeys;
import java.util.Set;

/**
 * The configuration keys gpubench-djl reads, so that the engine accepts them where this module is on the class path.
 * Add a key here when the module starts reading one.
 */
public final class DjlSettingsKeys implements SettingsKeys {
  /**
   * The system property that picks the SGD step of {@code io.gpubench.djl.training.TrainingSession}. Kept here, in
   * the package the training package builds on, so that listing it does not make the two packages a cycle.
   */
  public static final String TRAINING_SGD = "gpubench.training.sgd";

  /** For {@link java.util.ServiceLoader}. */
  public DjlSettingsKeys() {}

  @Override
  public Set<String> keys() {
    return Set.of(OneDnnGuard.KEY.substring("gpubench.".length()),
        TRAINING_SGD.substring("gpubench.".length()));
  }
}
