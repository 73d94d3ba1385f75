package io.gpubench.engine.config;

import io.gpubench.engine.declaration.InvalidDeclarationException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.platform.engine.ConfigurationParameters;

/**
 * The {@code gpubench.} keys a run may set: the engine's ({@link Constants#KEYS}, {@link Constants#KEY_PREFIXES}),
 * other gpubench tools' ({@link Constants#TOOL_KEYS}) and those the components on the class path declare
 * ({@link io.gpubench.api.spi.SettingsKeys}). Any other key is a typo until shown otherwise: ignoring
 * {@code gpubench.profil=full} would run the default profile and pass.
 */
public final class KnownKeys {
  private final Set<String> exact = new TreeSet<>();

  /**
   * The known keys.
   *
   * @param componentKeys the keys components declare, without the {@code gpubench.} prefix
   */
  public KnownKeys(Collection<String> componentKeys) {
    exact.addAll(Constants.KEYS);
    exact.addAll(Constants.TOOL_KEYS);
    componentKeys.forEach(k -> exact.add(Constants.PREFIX + k));
  }

  /**
   * Whether a key is known.
   *
   * @param key a key, with its prefix
   * @return true when something reads it
   */
  public boolean known(String key) {
    return exact.contains(key) || Constants.KEY_PREFIXES.stream().anyMatch(p -> key.startsWith(p) && key.length() > p.length());
  }

  /**
   * Checks every {@code gpubench.} key the run sets: in the JUnit configuration parameters and in the system
   * properties (Surefire passes {@code -D} properties of the Maven command line to the test JVM as those; JUnit
   * reads a key from them when no parameter sets it).
   *
   * @param p the run's parameters
   * @throws InvalidDeclarationException naming the first unknown key, its value and the nearest known key
   */
  public void requireKnown(ConfigurationParameters p) {
    Set<String> set = new TreeSet<>();
    p.keySet().stream().filter(k -> k.startsWith(Constants.PREFIX)).forEach(set::add);
    System.getProperties().stringPropertyNames().stream().filter(k -> k.startsWith(Constants.PREFIX)).forEach(set::add);
    List<String> unknown = new ArrayList<>();
    for (String key : set) {
      if (!known(key)) {
        unknown.add(key);
      }
    }
    if (unknown.isEmpty()) {
      return;
    }
    String key = unknown.get(0);
    String value = p.get(key).orElse(System.getProperty(key, ""));
    List<String> candidates = new ArrayList<>(exact);
    Constants.KEY_PREFIXES.forEach(prefix -> candidates.add(prefix + "<...>"));
    String more = unknown.size() == 1 ? "" : " (and " + (unknown.size() - 1) + " more: "
        + String.join(", ", unknown.subList(1, unknown.size())) + ")";
    throw new InvalidDeclarationException("configuration " + key, "unknown configuration key " + key + " = \""
        + value + "\"" + Names.didYouMean(key, candidates) + more + ". The engine's keys are listed in "
        + Constants.class.getName() + " and docs/configuration.md", null);
  }
}
