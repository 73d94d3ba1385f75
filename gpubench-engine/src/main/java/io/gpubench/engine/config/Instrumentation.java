package io.gpubench.engine.config;

import io.gpubench.results.select.CasePattern;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.platform.engine.ConfigurationParameters;

/**
 * What a run records about its cases besides the figures, as its keys set it: whether the kernel audit is forced on
 * or off ({@link Constants#AUDIT}), the cases whose trials are a profiler capture range
 * ({@link Constants#PROFILER_CAPTURE}), and the cases whose trials JFR records ({@link Constants#JFR}).
 *
 * @param audit the run's override of {@code @GpuBenchmark(audit)}, or empty to follow each class
 * @param capture the cases whose trials are a profiler capture range
 * @param jfr the cases whose trials are recorded by JFR
 */
public record Instrumentation(Optional<Boolean> audit, Selection capture, Selection jfr) {

  /**
   * Cases a key selects: none, all ({@code true}), or those a pattern matches.
   *
   * @param key the key, for messages
   * @param all whether every case is selected
   * @param patterns the patterns, when not all
   */
  public record Selection(String key, boolean all, List<CasePattern> patterns) {

    /**
     * Copies the patterns.
     *
     * @param key key
     * @param all all
     * @param patterns patterns
     */
    public Selection {
      patterns = List.copyOf(patterns);
    }

    /**
     * Whether the key selects any case at all.
     *
     * @return true for {@code true} or a pattern
     */
    public boolean any() {
      return all || !patterns.isEmpty();
    }

    /**
     * Whether a case is selected.
     *
     * @param id the case's id
     * @param benchmarkClass its class's name
     * @param workload its workload's name
     * @return true when {@code true} was given or a pattern matches
     */
    public boolean selects(String id, String benchmarkClass, String workload) {
      return all || patterns.stream().anyMatch(p -> p.matches(id, benchmarkClass, workload));
    }

    @Override
    public String toString() {
      return key + "=" + (all ? "true" : String.join(" ", patterns.stream().map(CasePattern::text).toList()));
    }
  }

  /**
   * Reads the keys.
   *
   * @param p the run's parameters
   * @return the settings
   * @throws IllegalArgumentException naming the key, the value and what it may be
   */
  public static Instrumentation from(ConfigurationParameters p) {
    Optional<Boolean> audit = p.get(Constants.AUDIT).filter(v -> !v.isBlank()).map(v -> bool(Constants.AUDIT, v));
    return new Instrumentation(audit, selection(p, Constants.PROFILER_CAPTURE), selection(p, Constants.JFR));
  }

  private static Selection selection(ConfigurationParameters p, String key) {
    String v = p.get(key).orElse("").trim();
    String lower = v.toLowerCase(Locale.ROOT);
    if (v.isEmpty() || lower.equals("false")) {
      return new Selection(key, false, List.of());
    }
    if (lower.equals("true")) {
      return new Selection(key, true, List.of());
    }
    return new Selection(key, false, CasePattern.list(v));
  }

  private static boolean bool(String key, String value) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    if (v.equals("true") || v.equals("false")) {
      return v.equals("true");
    }
    throw new IllegalArgumentException("configuration " + key + " = \"" + value + "\" is invalid: expected true or "
        + "false");
  }
}
