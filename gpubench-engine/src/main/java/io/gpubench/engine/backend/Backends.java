package io.gpubench.engine.backend;

import io.gpubench.api.BackendId;
import io.gpubench.api.Precision;
import io.gpubench.api.result.DeviceInfo;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendProvider;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.BackendSettings;
import io.gpubench.api.spi.SessionSpec;
import io.gpubench.engine.support.Providers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The backends of this machine, found once per run through {@link java.util.ServiceLoader}. A provider that fails to load
 * (a missing class, an error in its constructor) does not stop the run: its failure is kept as the reason why
 * that family's cases are skipped.
 */
public final class Backends {
  private final List<Backend> all;

  private Backends(List<Backend> all) {
    this.all = List.copyOf(all);
  }

  /**
   * Finds the backends.
   *
   * @param settings the run's configuration, for providers
   * @param loader the class loader to search
   * @return the backends found, available or not
   */
  public static Backends discover(BackendSettings settings, ClassLoader loader) {
    List<Backend> found = new ArrayList<>();
    for (var p : Providers.load(BackendProvider.class, loader)) {
      if (!p.ok()) {
        found.add(new Missing(BackendId.of("provider-error", found.size()),
            "a backend provider failed to load: " + p.failure()));
        continue;
      }
      try {
        found.addAll(p.instance().backends(settings));
      } catch (RuntimeException | LinkageError e) {
        found.add(new Missing(BackendId.of("provider-error", found.size()),
            "backend provider " + p.type().getName() + " failed: " + e));
      }
    }
    return new Backends(found);
  }

  /**
   * Backends made from a fixed list, for tests.
   *
   * @param backends the backends
   * @return the registry
   */
  public static Backends of(List<Backend> backends) {
    return new Backends(backends);
  }

  /**
   * Every backend found.
   *
   * @return the backends
   */
  public List<Backend> all() {
    return all;
  }

  /**
   * The backends a class's declaration names: by id, or every backend of a family. A name nothing matches
   * yields an unavailable backend whose reason says so, so that its cases are skipped with that reason.
   *
   * @param name a family or id from {@code @GpuBenchmark(backends)}, parsed
   * @return the matching backends, at least one
   */
  public List<Backend> resolve(BackendId name) {
    List<Backend> matching = all.stream().filter(b -> name.selects(b.id())).toList();
    if (!matching.isEmpty()) {
      return matching;
    }
    boolean familyKnown = all.stream().anyMatch(b -> b.id().family().equals(name.family()));
    String reason = familyKnown
        ? "no backend " + name + " on this machine (found: " + all.stream().map(Backend::id).toList() + ")"
        : "no backend provider for '" + name.family() + "' on the classpath"
            + ("cuda".equals(name.family()) ? " (add io.gpubench:gpubench-cuda as a test dependency)" : "");
    return List.of(new Missing(name, reason));
  }

  /** A backend that is not there, standing in so that its cases can be skipped with the reason. */
  static final class Missing implements Backend {
    private final BackendId id;
    private final String reason;

    Missing(BackendId id, String reason) {
      this.id = id;
      this.reason = reason;
    }

    @Override
    public BackendId id() {
      return id;
    }

    @Override
    public Optional<String> unavailableReason() {
      return Optional.of(reason);
    }

    @Override
    public DeviceInfo describe() {
      return new DeviceInfo(id, "(none)", false, reason, Map.of());
    }

    @Override
    public Optional<String> unsupported(Precision precision) {
      return Optional.empty();
    }

    @Override
    public BackendSession open(SessionSpec spec) {
      throw new IllegalStateException(reason);
    }
  }
}
