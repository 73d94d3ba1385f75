package io.gpubench.engine.support;

import io.gpubench.api.Tensor;
import io.gpubench.api.spi.FrameworkSupport;
import io.gpubench.engine.support.Providers;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The framework supports on the class path (gpubench-djl registers DJL's), asked in turn to adopt and release what
 * workloads return and to run {@code @Model} workloads. The engine itself knows no framework.
 */
public final class Frameworks {
  private static final Frameworks EMPTY = new Frameworks(List.of());

  private final List<FrameworkSupport> supports;

  private Frameworks(List<FrameworkSupport> supports) {
    this.supports = List.copyOf(supports);
  }

  /**
   * The supports found through {@link java.util.ServiceLoader}; one that fails to load is left out, so that its
   * types are refused with the usual message.
   *
   * @param loader the class loader to search
   * @return the supports
   */
  public static Frameworks discover(ClassLoader loader) {
    return new Frameworks(Providers.loaded(FrameworkSupport.class, loader));
  }

  /**
   * No framework at all.
   *
   * @return an empty registry
   */
  public static Frameworks none() {
    return EMPTY;
  }

  /**
   * The versions of the frameworks' libraries, for the environment in the results.
   *
   * @return library name to version
   */
  public Map<String, String> versions() {
    Map<String, String> v = new TreeMap<>();
    supports.forEach(s -> v.putAll(s.versions()));
    return v;
  }

  /**
   * The support that runs {@code @Model} workloads.
   *
   * @return the first support that runs models, when there is one
   */
  public Optional<FrameworkSupport> models() {
    return supports.stream().filter(FrameworkSupport::runsModels).findFirst();
  }

  /**
   * A returned object as a tensor, when a framework knows its type.
   *
   * @param name the name for messages
   * @param returned the object
   * @return the tensor, or empty
   */
  public Optional<Tensor> adopt(String name, Object returned) {
    for (FrameworkSupport s : supports) {
      Optional<Tensor> t = s.adopt(name, returned);
      if (t.isPresent()) {
        return t;
      }
    }
    return Optional.empty();
  }

  /**
   * Releases what a call returned when a framework owns it.
   *
   * @param returned the object, or null
   */
  public void release(Object returned) {
    if (returned == null || returned instanceof Tensor) {
      return;
    }
    for (FrameworkSupport s : supports) {
      if (s.release(returned)) {
        return;
      }
    }
  }
}
