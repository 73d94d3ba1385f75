package io.gpubench.engine.diagnostics;

import io.gpubench.api.BackendId;
import io.gpubench.api.Precision;
import io.gpubench.api.result.DeviceInfo;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendProvider;
import io.gpubench.api.spi.BackendSettings;
import io.gpubench.api.spi.DevicePeaks;
import io.gpubench.engine.support.Providers;
import java.io.PrintStream;
import java.net.URL;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Lists every backend provider and backend on the classpath, and why each unavailable one cannot run.
 *
 * <pre>
 * java -cp 'lib/*' io.gpubench.engine.diagnostics.Diagnostics [--require FAMILY]... [-Dgpubench.KEY=VALUE]
 * </pre>
 *
 * <p>Providers get the {@code gpubench.}-prefixed system properties as their settings. Exit status: 0, or 2 when a
 * family named with {@code --require} has no available backend (for scripts that must not run on the wrong
 * machine), or 64 for a bad argument.
 */
public final class Diagnostics {
  /** One backend as found, or a provider that failed to load. */
  record Found(String provider, String source, Backend backend, String providerFailure) {}

  private Diagnostics() {}

  /**
   * Runs the listing.
   *
   * @param args {@code --require FAMILY}, repeatable
   */
  public static void main(String[] args) {
    List<String> required = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--require") && i + 1 < args.length) {
        required.add(args[++i]);
      } else {
        System.err.println("unknown argument '" + args[i] + "'; usage: Diagnostics [--require FAMILY]...");
        System.exit(64);
      }
    }
    System.exit(run(System.out, required, systemSettings(), Thread.currentThread().getContextClassLoader()));
  }

  /**
   * The {@code gpubench.} system properties, without the prefix.
   *
   * @return the settings
   */
  static BackendSettings systemSettings() {
    return key -> Optional.ofNullable(System.getProperty("gpubench." + key));
  }

  /**
   * Finds the backends, prints the listing and says whether the required families are there.
   *
   * @param out where to print
   * @param required families that must have an available backend
   * @param settings the providers' settings
   * @param loader the class loader to search
   * @return the exit status
   */
  public static int run(PrintStream out, List<String> required, BackendSettings settings, ClassLoader loader) {
    out.println("gpubench diagnostics: backends found through ServiceLoader<" + BackendProvider.class.getName() + ">");
    out.println("java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ") on "
        + System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch")
        + ", " + Runtime.getRuntime().availableProcessors() + " processors");
    List<Found> found = discover(settings, loader);
    if (found.isEmpty()) {
      out.println("no backend provider on the classpath: add gpubench-engine (cpu) or gpubench-cuda (cuda)");
    }
    String lastProvider = null;
    for (Found f : found) {
      if (!f.provider().equals(lastProvider)) {
        out.println();
        out.println("provider " + f.provider() + (f.source().isEmpty() ? "" : " (" + f.source() + ")"));
        lastProvider = f.provider();
      }
      if (f.providerFailure() != null) {
        out.println("  UNAVAILABLE  the provider failed: " + f.providerFailure());
        continue;
      }
      print(out, f.backend());
    }
    long available = found.stream().filter(f -> f.backend() != null && f.backend().unavailableReason().isEmpty())
        .count();
    out.println();
    out.println(found.size() + " backend(s), " + available + " available");
    int status = 0;
    for (String family : required) {
      boolean ok = found.stream().anyMatch(f -> f.backend() != null && f.backend().unavailableReason().isEmpty()
          && BackendId.parse(family).selects(f.backend().id()));
      if (!ok) {
        out.println("required backend '" + family + "' is not available here");
        status = 2;
      }
    }
    return status;
  }

  static List<Found> discover(BackendSettings settings, ClassLoader loader) {
    List<Found> found = new ArrayList<>();
    for (var p : Providers.load(BackendProvider.class, loader)) {
      String name = p.type() == null ? "(unloadable provider)" : p.type().getName();
      String source = p.type() == null ? "" : source(p.type());
      if (!p.ok()) {
        found.add(new Found(name, source, null, p.failure()));
        continue;
      }
      try {
        for (Backend b : p.instance().backends(settings)) {
          found.add(new Found(name, source, b, null));
        }
      } catch (RuntimeException | LinkageError e) {
        found.add(new Found(name, source, null, e.toString()));
      }
    }
    return found;
  }

  private static String source(Class<?> type) {
    CodeSource cs = type.getProtectionDomain().getCodeSource();
    URL url = cs == null ? null : cs.getLocation();
    if (url == null) {
      return "";
    }
    String s = url.getPath();
    if (s.endsWith("/")) {
      return s; // a classes folder: the whole path says which module
    }
    return s.substring(s.lastIndexOf('/') + 1);
  }

  private static void print(PrintStream out, Backend b) {
    Optional<String> why = b.unavailableReason();
    if (why.isPresent()) {
      out.printf(Locale.ROOT, "  %-10s UNAVAILABLE  %s%n", b.id(), why.get());
      return;
    }
    DeviceInfo d;
    try {
      d = b.describe();
    } catch (RuntimeException e) {
      out.printf(Locale.ROOT, "  %-10s available    (describe() failed: %s)%n", b.id(), e);
      return;
    }
    out.printf(Locale.ROOT, "  %-10s available    %s%n", b.id(), d.name());
    if (!d.properties().isEmpty()) {
      out.println("             " + d.properties().entrySet().stream().sorted(Map.Entry.comparingByKey())
          .map(Map.Entry::toString)
          .collect(Collectors.joining(", ")));
    }
    List<String> unsupported = new ArrayList<>();
    List<String> supported = new ArrayList<>();
    for (Precision p : Precision.values()) {
      Optional<String> r = b.unsupported(p);
      if (r.isPresent()) {
        unsupported.add(p + " (" + r.get() + ")");
      } else {
        supported.add(p.name());
      }
    }
    out.println("             precisions: " + String.join(" ", supported));
    for (String u : unsupported) {
      out.println("             not " + u);
    }
    Optional<DevicePeaks> peaks = b.peaks();
    peaks.ifPresent(pk -> out.println("             peaks: " + pk.flopsPerSecond().entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .map(e -> e.getKey() + " " + String.format(Locale.ROOT, "%.1f", e.getValue() / 1e12) + " TFLOP/s")
        .collect(Collectors.joining(", "))
        + String.format(Locale.ROOT, "; memory %.2f TB/s (%s)", pk.bytesPerSecond() / 1e12, pk.source())));
  }
}
