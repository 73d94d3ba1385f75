package io.gpubench.engine.config;

import io.gpubench.api.BackendId;
import io.gpubench.api.CacheMode;
import io.gpubench.api.DeviceTiming;
import io.gpubench.api.Precision;
import io.gpubench.api.spi.BackendSettings;
import io.gpubench.engine.declaration.TrialPolicy;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.platform.engine.ConfigurationParameters;

/**
 * The engine's configuration for one run, read once from the JUnit configuration parameters at discovery and
 * kept on the engine descriptor. See {@link Constants} for the keys.
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
 * @param raw every {@code gpubench.} key that was set, for the results file and backend settings
 * @param source the parameters, for per-class lookups
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
    Map<String, String> raw,
    ConfigurationParameters source) {

  /** The keys known to the engine, to echo the configuration in force into the results. */
  private static final List<String> KNOWN = List.of(Constants.OUTPUT_DIR, Constants.RESULTS_FILE, Constants.BACKENDS,
      Constants.PRECISIONS, Constants.PROFILE, Constants.INCLUDE, Constants.TRIALS_WARMUP, Constants.TRIALS_MIN,
      Constants.TRIALS_MAX, Constants.TRIALS_TARGET, Constants.TRIALS_BUDGET_SECONDS, Constants.TRIALS_CALLS_PER_TRIAL,
      Constants.TRIALS_MAX_WARMUP_SECONDS, Constants.CACHE, Constants.CUDA_TIMING, Constants.SEED,
      Constants.TELEMETRY_INTERVAL_MS, Constants.SUMMARY, Constants.PROGRESS, Constants.PROGRESS_INTERVAL_SECONDS,
      Constants.PARALLEL_ENABLED, Constants.FORK, Constants.FORKS, Constants.FORK_JVM_ARGS,
      Constants.FORK_TIMEOUT_SECONDS, Constants.FORK_START_TIMEOUT_SECONDS);

  /**
   * Reads the configuration.
   *
   * @param p the run's parameters
   * @return the configuration
   * @throws IllegalArgumentException naming the key and the value when a value is malformed
   */
  public static EngineConfig from(ConfigurationParameters p) {
    Map<String, String> raw = new TreeMap<>();
    for (String key : KNOWN) {
      p.get(key).filter(v -> !v.isBlank()).ifPresent(v -> raw.put(key, v));
    }
    return new EngineConfig(
        Path.of(p.get(Constants.OUTPUT_DIR).filter(s -> !s.isBlank()).orElse(Constants.DEFAULT_OUTPUT_DIR)),
        p.get(Constants.RESULTS_FILE).filter(s -> !s.isBlank()).orElse("results.json"),
        list(p, Constants.BACKENDS).stream().map(v -> parse(Constants.BACKENDS, v, BackendId::parse)).toList(),
        list(p, Constants.PRECISIONS).stream().map(v -> parse(Constants.PRECISIONS, v, Precision::parse)).toList(),
        p.get(Constants.PROFILE).filter(s -> !s.isBlank()).orElse("default").trim(),
        number(p, Constants.SEED, 42L, Long::parseLong),
        number(p, Constants.TELEMETRY_INTERVAL_MS, 20, Integer::parseInt),
        p.getBoolean(Constants.SUMMARY).orElse(true),
        p.getBoolean(Constants.PROGRESS).orElse(true),
        number(p, Constants.PROGRESS_INTERVAL_SECONDS, 10.0, Double::parseDouble),
        list(p, Constants.INCLUDE),
        raw,
        p);
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
    return source.get(Constants.SHAPES_PREFIX + type.getName())
        .or(() -> source.get(Constants.SHAPES_PREFIX + type.getSimpleName()))
        .filter(s -> !s.isBlank());
  }

  /**
   * Whether a class declared {@code enabledByDefault = false} was asked for by {@link Constants#INCLUDE}.
   *
   * @param type the class
   * @return true when a pattern matches its simple or qualified name
   */
  public boolean includes(Class<?> type) {
    for (String pattern : include) {
      String regex = Arrays.stream(pattern.split("\\*", -1)).map(java.util.regex.Pattern::quote)
          .reduce((a, b) -> a + ".*" + b).orElse("");
      if (type.getName().matches(regex) || type.getSimpleName().matches(regex)) {
        return true;
      }
    }
    return false;
  }

  /**
   * A class's trial policy with the run's overrides applied.
   *
   * @param declared the class's policy
   * @return the policy in force
   * @throws IllegalArgumentException naming the key and value when an override is malformed
   */
  public TrialPolicy trials(TrialPolicy declared) {
    return new TrialPolicy(
        number(source, Constants.TRIALS_WARMUP, declared.warmup(), Integer::parseInt),
        number(source, Constants.TRIALS_MIN, declared.min(), Integer::parseInt),
        number(source, Constants.TRIALS_MAX, declared.max(), Integer::parseInt),
        number(source, Constants.TRIALS_TARGET, declared.target(), Double::parseDouble),
        declared.confidence(),
        number(source, Constants.TRIALS_BUDGET_SECONDS, declared.budgetSeconds(), Double::parseDouble),
        number(source, Constants.TRIALS_CALLS_PER_TRIAL, declared.callsPerTrial(),
            v -> v.equalsIgnoreCase("auto") ? 0 : Integer.parseInt(v)),
        source.get(Constants.CACHE).filter(s -> !s.isBlank())
            .map(v -> parse(Constants.CACHE, v, s -> CacheMode.valueOf(s.trim().toUpperCase(Locale.ROOT))))
            .orElse(declared.cache()),
        source.get(Constants.CUDA_TIMING).filter(s -> !s.isBlank())
            .map(v -> parse(Constants.CUDA_TIMING, v, DeviceTiming::parse))
            .orElse(declared.deviceTiming()),
        number(source, Constants.TRIALS_MAX_WARMUP_SECONDS, declared.maxWarmupSeconds(), Double::parseDouble));
  }

  /**
   * The configuration as backends see it.
   *
   * @return settings reading {@code gpubench.}-prefixed keys
   */
  public BackendSettings backendSettings() {
    return key -> source.get(Constants.PREFIX + key);
  }

  private static List<String> list(ConfigurationParameters p, String key) {
    return p.get(key).map(v -> Arrays.stream(v.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList())
        .orElse(List.of());
  }

  private static <T> T number(ConfigurationParameters p, String key, T fallback, Function<String, T> parser) {
    return p.get(key).filter(s -> !s.isBlank()).map(v -> parse(key, v.trim(), parser)).orElse(fallback);
  }

  private static <T> T parse(String key, String value, Function<String, T> parser) {
    try {
      return parser.apply(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("configuration " + key + " = \"" + value + "\" is invalid: " + e.getMessage(), e);
    }
  }
}
