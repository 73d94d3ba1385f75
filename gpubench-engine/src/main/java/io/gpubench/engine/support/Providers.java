package io.gpubench.engine.support;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Loads the implementations of a service-provider interface through {@link ServiceLoader}, keeping a provider that
 * fails to load (a missing class, a linkage error, an exception in its constructor) as a failure with the reason
 * rather than letting it stop the run. Backends, framework supports and diagnostics all load their providers here.
 */
public final class Providers {

  private Providers() {}

  /**
   * One provider: loaded, or why not.
   *
   * @param type the provider's class, or null when even that could not be loaded
   * @param instance the provider, or null when it failed
   * @param failure why it failed, or null
   * @param <T> the service type
   */
  public record Loaded<T>(Class<?> type, T instance, String failure) {

    /**
     * Whether the provider loaded.
     *
     * @return true when {@link #instance} is set
     */
    public boolean ok() {
      return instance != null;
    }
  }

  /**
   * Every provider of a service.
   *
   * @param service the service interface
   * @param loader the class loader to search
   * @param <T> the service type
   * @return the providers in class-path order, failures included
   */
  public static <T> List<Loaded<T>> load(Class<T> service, ClassLoader loader) {
    List<Loaded<T>> found = new ArrayList<>();
    Iterator<ServiceLoader.Provider<T>> it = ServiceLoader.load(service, loader).stream().iterator();
    while (true) {
      ServiceLoader.Provider<T> p;
      try {
        if (!it.hasNext()) {
          break;
        }
        p = it.next();
      } catch (ServiceConfigurationError | LinkageError e) {
        found.add(new Loaded<>(null, null, e.toString()));
        continue;
      }
      try {
        found.add(new Loaded<>(p.type(), p.get(), null));
      } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
        found.add(new Loaded<>(p.type(), null, e.toString()));
      }
    }
    return found;
  }

  /**
   * The providers of a service that loaded, ignoring failures (for services whose absence only narrows what runs).
   *
   * @param service the service interface
   * @param loader the class loader to search
   * @param <T> the service type
   * @return the loaded providers
   */
  public static <T> List<T> loaded(Class<T> service, ClassLoader loader) {
    return load(service, loader).stream().filter(Loaded::ok).map(Loaded::instance).toList();
  }
}
