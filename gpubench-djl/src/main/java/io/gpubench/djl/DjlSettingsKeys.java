package io.gpubench.djl;

import io.gpubench.api.spi.SettingsKeys;
import java.util.Set;

/**
 * The configuration keys gpubench-djl reads, so that the engine accepts them where this module is on the class path.
 * Add a key here when the module starts reading one.
 */
public final class DjlSettingsKeys implements SettingsKeys {
  // Kept here, in the package the training package builds on, so that listing it does not make the two a cycle.
  /**
   * The system property that picks the weight update: {@code direct} (the default, {@code DirectSgd}, gradients
   * released), {@code direct-zero} (the same, gradients zeroed in place as DJL does) or {@code djl} (DJL's
   * {@code Trainer.step()}).
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
