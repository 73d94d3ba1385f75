package io.gpubench.api.spi;

import java.util.Optional;

/** The run's configuration as a backend sees it: the {@code gpubench.}-prefixed keys, without the prefix. */
@FunctionalInterface
public interface BackendSettings {

  /**
   * A configuration value.
   *
   * @param key the key without the {@code gpubench.} prefix, such as {@code "cuda.telemetry-interval-ms"}
   * @return the value, when set
   */
  Optional<String> get(String key);

  /**
   * Settings with no keys set.
   *
   * @return empty settings
   */
  static BackendSettings none() {
    return key -> Optional.empty();
  }
}
