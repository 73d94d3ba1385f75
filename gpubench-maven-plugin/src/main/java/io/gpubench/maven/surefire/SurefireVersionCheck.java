package io.gpubench.maven.surefire;

import java.util.List;
import java.util.Optional;
import org.apache.maven.artifact.versioning.ComparableVersion;
import org.apache.maven.model.Plugin;

/**
 * Whether the build's Surefire can run JUnit Platform engines at all. Maven 3.8 binds Surefire 2.12.4 to the test
 * phase when the pom names no version; that Surefire knows nothing of the JUnit Platform, so every gpubench class
 * reports "Tests run: 0", the build passes, and a gate after it judges whatever results file is left in target/.
 * Surefire 3.0.0 is the first release whose JUnit Platform provider loads the launcher matching the project's JUnit
 * (6.x here); the README's block pins 3.6.1.
 *
 * <p>For a goal of the plugin to call before judging anything: {@code problem(project.getBuildPlugins())}, whose
 * versions are the effective ones (Maven's lifecycle default included), and fail with the message when present.
 */
public final class SurefireVersionCheck {

  /** The oldest Surefire that runs JUnit Platform engines of JUnit 6. */
  public static final String MINIMUM = "3.0.0";

  /** Surefire's plugin key, as {@code MavenProject#getPlugin} takes it. */
  public static final String SUREFIRE = "org.apache.maven.plugins:maven-surefire-plugin";

  private SurefireVersionCheck() {}

  /**
   * Why the build's Surefire cannot run the benchmarks, if it cannot.
   *
   * @param buildPlugins the project's build plugins with their effective versions
   * @return the problem, naming the version found, the minimum and the fix; empty when Surefire is recent enough,
   *     absent from the build, or of a version that cannot be read
   */
  public static Optional<String> problem(List<Plugin> buildPlugins) {
    return buildPlugins.stream().filter(p -> SUREFIRE.equals(p.getKey())).findFirst()
        .flatMap(p -> problem(p.getVersion()));
  }

  /**
   * Why a Surefire version cannot run the benchmarks, if it cannot.
   *
   * @param version the version, as the effective pom gives it
   * @return the problem, or empty when the version is recent enough or cannot be read
   */
  public static Optional<String> problem(String version) {
    if (version == null || version.isBlank() || !Character.isDigit(version.trim().charAt(0))) {
      return Optional.empty();
    }
    if (new ComparableVersion(version.trim()).compareTo(new ComparableVersion(MINIMUM)) >= 0) {
      return Optional.empty();
    }
    return Optional.of("maven-surefire-plugin " + version.trim() + " cannot run JUnit Platform engines: every"
        + " gpubench class would report \"Tests run: 0\" and there would be no new results to judge"
        + ("2.12.4".equals(version.trim()) ? " (2.12.4 is what Maven 3.8 uses when the pom names no version)" : "")
        + ". Pin maven-surefire-plugin " + MINIMUM + " or newer in <build><plugins> (the gpubench README's Surefire"
        + " block uses 3.6.1)");
  }
}
