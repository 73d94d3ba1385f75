package io.gpubench.api.spi;

import java.util.Set;

/**
 * The configuration keys a component reads besides the engine's own: a backend's ({@code cuda.peaks}), a
 * framework's ({@code djl.onednn}), a helper library's. Loaded through {@link java.util.ServiceLoader}: list the
 * implementation in {@code META-INF/services/io.gpubench.api.spi.SettingsKeys}.
 *
 * <p>The engine fails a run on a {@code gpubench.} key that nothing reads, naming the nearest known key, so that a
 * typo ({@code gpubench.profil=full}) is never ignored. A component that reads keys of its own declares them here,
 * and they are accepted wherever the component is on the class path:
 *
 * <pre>{@code
 * public final class CudaSettingsKeys implements SettingsKeys {
 *   public Set<String> keys() {
 *     return Set.of("cuda.workspace-mb", "cuda.peaks");
 *   }
 * }
 * }</pre>
 */
public interface SettingsKeys {

  /**
   * The keys, without the {@code gpubench.} prefix, as {@link BackendSettings#get} takes them.
   *
   * @return the keys, such as {@code "cuda.peaks"}
   */
  Set<String> keys();
}
