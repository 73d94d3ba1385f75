package io.gpubench.examples;

import io.gpubench.api.spi.SettingsKeys;
import io.gpubench.examples.models.TrainingCase;
import java.util.Set;

/**
 * The {@code gpubench.} system properties the examples read themselves. Code of your own that reads keys under
 * {@code gpubench.} declares them the same way (an implementation listed in
 * {@code META-INF/services/io.gpubench.api.spi.SettingsKeys}); otherwise the engine takes them for typos.
 */
public final class ExampleSettingsKeys implements SettingsKeys {

  /** For {@link java.util.ServiceLoader}. */
  public ExampleSettingsKeys() {}

  @Override
  public Set<String> keys() {
    return Set.of(TrainingCase.CPU_FP16_PROPERTY.substring("gpubench.".length()), "gpu-insights.epochs");
  }
}
