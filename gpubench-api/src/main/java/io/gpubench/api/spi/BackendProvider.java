package io.gpubench.api.spi;

import java.util.List;

/**
 * Finds the backends of one kind on this machine; loaded through {@link java.util.ServiceLoader}. It must not
 * throw: a missing driver or library becomes an unavailable backend with the reason.
 */
public interface BackendProvider {

  /**
   * The backends found, available or not.
   *
   * @param settings the run's configuration, for provider-specific keys
   * @return the backends, one per device (e.g. {@code cuda:0}, {@code cuda:1}); at least one unavailable backend
   *     with the reason when none can run
   */
  List<Backend> backends(BackendSettings settings);
}
