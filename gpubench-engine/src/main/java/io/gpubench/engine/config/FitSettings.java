package io.gpubench.engine.config;

import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.platform.engine.ConfigurationParameters;

/**
 * What the run asks of the fit helper ({@link Constants#FIT}): which cases it searches a batch for, the share of the
 * device's memory a batch may reach, and how many tries it may spend on one case.
 *
 * @param pattern the cases it searches, {@code *} matching any characters; empty when the run asks for no fit
 * @param share the most share of the device's memory a fitting batch's peak reaches, in (0, 1]
 * @param maxTries the most tries a case gets beyond its own run
 */
public record FitSettings(Optional<String> pattern, double share, int maxTries) {

  /** The axis the helper searches: the one axis name that frameworks and the seeds' methods size memory with. */
  public static final String AXIS = "batch";

  /** The default of {@link Constants#FIT_SHARE}: GPU-Insights' calibration leaves a tenth for what else runs. */
  public static final double DEFAULT_SHARE = 0.9;

  /** The default of {@link Constants#FIT_MAX_TRIES}: doubling from 1 to 4,096 and bisecting to 5% fit in it. */
  public static final int DEFAULT_MAX_TRIES = 12;

  /** A run without a fit. */
  public static final FitSettings NONE = new FitSettings(Optional.empty(), DEFAULT_SHARE, DEFAULT_MAX_TRIES);

  /**
   * Reads the keys.
   *
   * @param p the run's parameters
   * @return the settings
   * @throws io.gpubench.engine.declaration.InvalidDeclarationException naming the key and the value when a share is
   *     outside (0, 1] or a try count below 1
   */
  public static FitSettings from(ConfigurationParameters p) {
    ConfigValues v = new ConfigValues(p);
    Optional<String> pattern = v.get(Constants.FIT);
    Double share = v.positive(Constants.FIT_SHARE);
    if (share != null && share > 1) {
      throw ConfigValues.invalid(Constants.FIT_SHARE, v.get(Constants.FIT_SHARE).orElseThrow(),
          "it is a share of the device's memory, above 0 and at most 1 (0.9 for 90%)");
    }
    Integer tries = v.integer(Constants.FIT_MAX_TRIES, 1);
    return new FitSettings(pattern, share == null ? DEFAULT_SHARE : share,
        tries == null ? DEFAULT_MAX_TRIES : tries);
  }

  /**
   * Whether the pattern matches a case.
   *
   * @param id the case's id, {@code Class#workload[shape][precision][backend]} with the qualified class name
   * @param simpleClassName the simple name of its class, so that the pattern may start with it
   * @param displayName the case's display name
   * @return true when a fit is asked for and the pattern matches the id (class qualified or simple) or the display
   *     name
   */
  public boolean matches(String id, String simpleClassName, String displayName) {
    if (pattern.isEmpty()) {
      return false;
    }
    Pattern regex = Wildcards.compile(pattern.get());
    int hash = id.indexOf('#');
    String simpleId = hash < 0 ? id : simpleClassName + id.substring(hash);
    return regex.matcher(id).matches() || regex.matcher(simpleId).matches() || regex.matcher(displayName).matches();
  }
}
