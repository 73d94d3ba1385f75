package io.gpubench.engine.config;

import io.gpubench.api.BackendId;
import io.gpubench.api.CacheMode;
import io.gpubench.api.DeviceTiming;
import io.gpubench.api.Precision;
import io.gpubench.api.spi.BackendSettings;
import io.gpubench.engine.declaration.InvalidDeclarationException;
import io.gpubench.engine.declaration.ShapeParser;
import io.gpubench.engine.declaration.TrialPolicy;
import java.nio.file.Path;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.platform.engine.ConfigurationParameters;

/**
 * The engine's configuration for one run, read once from the JUnit configuration parameters at discovery and
 * kept on the engine descriptor. See {@link Constants} for the keys. Reading it checks every key and value: an
 * unknown key or a value its key does not take fails the run, naming key, value and the fix.
 *
 * @param outputDir folder for results and reports
 * @param resultsFile the results file's name
 * @param backends backend families or ids to narrow to; empty for all
 * @param precisions precisions to narrow to; empty for all
 * @param profile the shapes profile
 * @param seed the input seed
 * @param telemetryIntervalMillis telemetry sampling interval
 * @param summary whether to print the summary table
 * @param progress whether to print progress lines
 * @param progressIntervalSeconds seconds between progress lines; 0 for one per case
 * @param include patterns of opt-in classes to run
 * @param trialOverrides the run's overrides of {@code @Trials}
 * @param shapes the per-class shapes overrides: the class name as the key gives it, to the specification
 * @param axes the run's overrides of single axes ({@link Constants#AXES_PREFIX}), in key order
 * @param raw every {@code gpubench.} key that was set, for the results file and backend settings
 * @param sharding which share of the suite the run is ({@link Constants#SHARD}), and where its journal goes
 * @param source the parameters, for backend settings
 */
public record EngineConfig(
    Path outputDir,
    String resultsFile,
    List<BackendId> backends,
    List<Precision> precisions,
    String profile,
    long seed,
    int telemetryIntervalMillis,
    boolean summary,
    boolean progress,
    double progressIntervalSeconds,
    List<String> include,
    TrialOverrides trialOverrides,
    Map<String, String> shapes,
    List<AxisOverride> axes,
    Map<String, String> raw,
    ShardSettings sharding,
    ConfigurationParameters source) {

  /**
   * Reads the configuration, knowing only the engine's own keys.
   *
   * @param p the run's parameters
   * @return the configuration
   * @throws InvalidDeclarationException naming the key and the value when a key is unknown or a value malformed
   */
  public static EngineConfig from(ConfigurationParameters p) {
    return from(p, new KnownKeys(List.of()));
  }

  /**
   * Reads the configuration.
   *
   * @param p the run's parameters
   * @param keys the keys the run may set
   * @return the configuration
   * @throws InvalidDeclarationException naming the key and the value when a key is unknown or a value malformed
   */
  public static EngineConfig from(ConfigurationParameters p, KnownKeys keys) {
    keys.requireKnown(p);
    ConfigValues v = new ConfigValues(p);
    Map<String, String> raw = new TreeMap<>();
    for (String key : Constants.KEYS) {
      v.get(key).ifPresent(value -> raw.put(key, value));
    }
    Map<String, String> shapes = new LinkedHashMap<>();
    prefixedKeys(p, Constants.SHAPES_PREFIX).forEach(key -> v.get(key).ifPresent(spec -> {
      for (String one : spec.split(";")) {
        ConfigValues.parse(key, one.trim(), ShapeParser::parse);
      }
      shapes.put(key.substring(Constants.SHAPES_PREFIX.length()), spec);
      raw.put(key, spec);
    }));
    List<AxisOverride> axes = new java.util.ArrayList<>();
    prefixedKeys(p, Constants.AXES_PREFIX).forEach(key -> v.get(key).ifPresent(value -> {
      axes.add(AxisOverride.parse(key, value));
      raw.put(key, value);
    }));
    TrialOverrides trials = new TrialOverrides(
        v.integer(Constants.TRIALS_WARMUP, 1),
        v.integer(Constants.TRIALS_MIN, 2),
        v.integer(Constants.TRIALS_MAX, 2),
        v.positive(Constants.TRIALS_TARGET),
        v.positive(Constants.TRIALS_BUDGET_SECONDS),
        v.get(Constants.TRIALS_CALLS_PER_TRIAL).map(c -> ConfigValues.parse(Constants.TRIALS_CALLS_PER_TRIAL, c,
            EngineConfig::callsPerTrial)).orElse(null),
        v.oneOf(Constants.CACHE, CacheMode.class),
        v.get(Constants.CUDA_TIMING).map(t -> ConfigValues.parse(Constants.CUDA_TIMING, t, DeviceTiming::parse))
            .orElse(null),
        v.get(Constants.TRIALS_MAX_WARMUP_SECONDS).map(c -> ConfigValues.parse(Constants.TRIALS_MAX_WARMUP_SECONDS,
            c, EngineConfig::maxWarmupSeconds)).orElse(null));
    Double progressInterval = v.positive(Constants.PROGRESS_INTERVAL_SECONDS);
    v.integer(Constants.FORKS, 1);
    Integer telemetry = v.integer(Constants.TELEMETRY_INTERVAL_MS, 1);
    Long seed = v.longValue(Constants.SEED);
    v.bool(Constants.PARALLEL_ENABLED, false);
    FitSettings.from(p); // a malformed share or try count fails the run here, naming key and value
    LaunchSettings.from(p, System.getenv()); // a launcher that is not one fails the run here, naming key and value
    try {
      Instrumentation.from(p); // a malformed audit, capture or JFR key fails the run here, naming key and value
    } catch (IllegalArgumentException e) {
      throw new InvalidDeclarationException("configuration", e.getMessage(), null);
    }
    return new EngineConfig(
        Path.of(v.string(Constants.OUTPUT_DIR, Constants.DEFAULT_OUTPUT_DIR)),
        v.string(Constants.RESULTS_FILE, "results.json"),
        v.list(Constants.BACKENDS, BackendId::parse),
        v.list(Constants.PRECISIONS, Precision::parse),
        v.string(Constants.PROFILE, "default"),
        seed == null ? 42L : seed,
        telemetry == null ? 20 : telemetry,
        v.bool(Constants.SUMMARY, true),
        v.bool(Constants.PROGRESS, true),
        progressInterval == null ? 10.0 : progressInterval,
        v.list(Constants.INCLUDE, String::trim),
        trials,
        Map.copyOf(shapes),
        List.copyOf(axes),
        raw,
        ShardSettings.of(v.get(Constants.SHARD).orElse(null), v.get(Constants.SHARD_DIR).orElse(null),
            v.get(Constants.SHARD_TIMES).orElse(null), v.get(Constants.SHARD_RUN).orElse(null), System.getenv()),
        p);
  }

  /** A warm-up cap: {@code budget} (within the case's budget), 0 (the declared calls only) or positive seconds. */
  private static Double maxWarmupSeconds(String value) {
    if (value.trim().equalsIgnoreCase("budget")) {
      return io.gpubench.api.Trials.WITHIN_BUDGET;
    }
    double d;
    try {
      d = Double.parseDouble(value.trim());
    } catch (NumberFormatException e) {
      d = Double.NaN;
    }
    if (!(d >= 0) || Double.isInfinite(d)) {
      throw new IllegalArgumentException("it takes budget (a warm-up within the case's budget), 0 (the declared"
          + " calls only) or a number of seconds");
    }
    return d;
  }

  /** Calls per trial: a count of at least 1, or {@code auto} (0: the engine sizes trials from the warm-up). */
  private static Integer callsPerTrial(String value) {
    if (value.trim().equalsIgnoreCase("auto")) {
      return 0;
    }
    int n = Integer.parseInt(value.trim());
    if (n < 1) {
      throw new IllegalArgumentException("give a count of at least 1, or auto");
    }
    return n;
  }

  /** The keys set under a prefix, in the parameters or the system properties (where JUnit also reads them). */
  private static List<String> prefixedKeys(ConfigurationParameters p, String prefix) {
    java.util.Set<String> keys = new java.util.TreeSet<>();
    p.keySet().stream().filter(k -> k.startsWith(prefix)).forEach(keys::add);
    System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith(prefix)).forEach(keys::add);
    return List.copyOf(keys);
  }

  /**
   * The path of the results file.
   *
   * @return output folder and file name
   */
  public Path resultsPath() {
    return outputDir.resolve(resultsFile);
  }

  /**
   * The shapes a run sets for a class, by simple or qualified name.
   *
   * @param type the class
   * @return the specification ({@code ;}-separated shapes), when set
   */
  public Optional<String> shapesFor(Class<?> type) {
    return Optional.ofNullable(shapes.get(type.getName())).or(() -> Optional.ofNullable(shapes.get(type.getSimpleName())));
  }

  /**
   * The overrides of single axes that apply to a class, one per axis: the class's own key before the key for every
   * class ({@code gpubench.axes.<Class>.<axis>} before {@code gpubench.axes.<axis>}), the qualified name before the
   * simple one.
   *
   * @param type the class
   * @return by axis, in key order
   */
  public Map<String, AxisOverride> axesFor(Class<?> type) {
    Map<String, AxisOverride> byAxis = new LinkedHashMap<>();
    for (int rank = 0; rank < 3; rank++) {
      for (AxisOverride o : axes) {
        String name = o.className();
        int r = name == null ? 2 : name.equals(type.getName()) ? 0 : name.equals(type.getSimpleName()) ? 1 : -1;
        if (r == rank) {
          byAxis.putIfAbsent(o.axis(), o);
        }
      }
    }
    return byAxis;
  }

  /**
   * Whether a class declared {@code enabledByDefault = false} was asked for by {@link Constants#INCLUDE}.
   *
   * @param type the class
   * @return true when a pattern matches its simple or qualified name
   */
  public boolean includes(Class<?> type) {
    return include.stream().anyMatch(pattern -> includes(pattern, type));
  }

  /**
   * Whether one pattern of {@link Constants#INCLUDE} matches a class.
   *
   * @param pattern a simple or qualified name, {@code *} matching any characters
   * @param type the class
   * @return true when it matches the simple or the qualified name
   */
  public static boolean includes(String pattern, Class<?> type) {
    java.util.regex.Pattern regex = Wildcards.compile(pattern);
    return regex.matcher(type.getName()).matches() || regex.matcher(type.getSimpleName()).matches();
  }

  /**
   * A class's trial policy with the run's overrides applied.
   *
   * @param declared the class's policy
   * @return the policy in force
   */
  public TrialPolicy trials(TrialPolicy declared) {
    return trialOverrides.applyTo(declared);
  }

  /**
   * What the run records about its cases besides the figures: the kernel audit's override, the cases whose trials
   * are a profiler capture range, the cases recorded by JFR.
   *
   * @return the settings ({@link #from} has checked them)
   */
  public Instrumentation instrumentation() {
    return Instrumentation.from(source);
  }

  /**
   * The configuration as backends see it.
   *
   * @return settings reading {@code gpubench.}-prefixed keys
   */
  public BackendSettings backendSettings() {
    return key -> source.get(Constants.PREFIX + key);
  }
}
