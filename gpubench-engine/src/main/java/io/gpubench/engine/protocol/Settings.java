package io.gpubench.engine.protocol;

import java.util.Map;

/**
 * The body of {@link Control#CONFIGURE}: the run's {@code gpubench.} keys, without the prefix, for the worker's
 * backends and for benchmark code, which reads them as system properties there as it would in the build's JVM.
 *
 * @param values the keys and their values
 */
public record Settings(Map<String, String> values) {

  /**
   * Copies the map.
   *
   * @param values values
   */
  public Settings {
    values = Map.copyOf(values);
  }
}
