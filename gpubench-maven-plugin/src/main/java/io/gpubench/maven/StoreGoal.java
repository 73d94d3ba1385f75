package io.gpubench.maven;

import io.gpubench.history.record.Git;
import io.gpubench.history.record.Provenance;
import io.gpubench.history.store.Credentials;
import io.gpubench.history.store.StoreLocation;
import java.io.File;
import java.time.Duration;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.settings.Server;
import org.apache.maven.settings.Settings;
import org.apache.maven.settings.crypto.DefaultSettingsDecryptionRequest;
import org.apache.maven.settings.crypto.SettingsDecrypter;
import org.apache.maven.settings.crypto.SettingsDecryptionResult;

/**
 * What the goals that use the results store share: where it is, whose credentials open it (a {@code settings.xml}
 * {@code <server>}, else {@code GPUBENCH_HISTORY_USER}/{@code GPUBENCH_HISTORY_PASSWORD}; never the POM), and where a
 * run comes from (the CI's variables, else git; a branch set here wins).
 */
abstract class StoreGoal extends GoalSupport {

  /**
   * The results store: an SQLite file (such as {@code ${user.home}/.gpubench/history.db} or a CI cache folder, never
   * under {@code target/}, which {@code clean} removes) or a {@code jdbc:postgresql://host:port/db} URL.
   */
  @Parameter(property = "gpubench.history")
  String history;

  /** The id of the {@code settings.xml} {@code <server>} whose username and password open a history server. */
  @Parameter(property = "gpubench.history.server")
  String historyServer;

  /** The branch the runs are published under, where the CI's variables and git do not say it (or say it wrong). */
  @Parameter(property = "gpubench.history.branch")
  String historyBranch;

  /** How long a publish waits for another writer of an SQLite store, in seconds. */
  @Parameter(property = "gpubench.history.busyTimeout", defaultValue = "60")
  int historyBusyTimeout;

  /** Maven's settings, for the server's credentials. */
  @Parameter(defaultValue = "${settings}", readonly = true)
  Settings settings;

  /** Decrypts a server's password encrypted with {@code mvn --encrypt-password}. */
  @Component
  SettingsDecrypter settingsDecrypter;

  /** The project's folder: relative store paths and git's work tree. */
  @Parameter(defaultValue = "${project.basedir}", readonly = true)
  File basedir;

  /** The project's build folder, which no store may live in. */
  @Parameter(defaultValue = "${project.build.directory}", readonly = true)
  File buildDirectory;

  /**
   * Whether a store is configured.
   *
   * @return true when {@code gpubench.history} is set
   */
  boolean storeConfigured() {
    return history != null && !history.isBlank();
  }

  /**
   * The store.
   *
   * @return the location
   * @throws MojoExecutionException naming the setting when it is unset, unsupported, or a file under target/
   */
  StoreLocation storeLocation() throws MojoExecutionException {
    StoreLocation at;
    try {
      at = StoreLocation.parse(history, basedir == null ? null : basedir.toPath());
    } catch (IllegalArgumentException e) {
      throw new MojoExecutionException(goal() + ": " + e.getMessage());
    }
    if (at.file() != null && buildDirectory != null
        && at.file().startsWith(buildDirectory.toPath().toAbsolutePath().normalize())) {
      throw new MojoExecutionException(goal() + ": history store " + at + " is inside the build folder "
          + buildDirectory + ", which mvn clean removes with every run it holds; put it outside, such as "
          + "${user.home}/.gpubench/history.db or a folder your CI caches");
    }
    return at;
  }

  /**
   * The credentials: the named settings server's, else the environment's.
   *
   * @return the credentials
   * @throws MojoExecutionException naming the server id when settings.xml has no such server
   */
  Credentials credentials() throws MojoExecutionException {
    if (historyServer == null || historyServer.isBlank()) {
      return Credentials.fromEnvironment(System.getenv());
    }
    Server server = settings == null ? null : settings.getServer(historyServer);
    if (server == null) {
      throw new MojoExecutionException(goal() + ": gpubench.history.server names '" + historyServer + "', but "
          + "settings.xml has no <server> with that id; add one with its <username> and <password>");
    }
    if (settingsDecrypter != null) {
      SettingsDecryptionResult r = settingsDecrypter.decrypt(new DefaultSettingsDecryptionRequest(server));
      if (!r.getProblems().isEmpty()) {
        throw new MojoExecutionException(goal() + ": cannot decrypt the password of settings server '"
            + historyServer + "': " + r.getProblems().get(0).getMessage());
      }
      server = r.getServer();
    }
    return new Credentials(server.getUsername(), server.getPassword());
  }

  /**
   * How long an SQLite writer waits.
   *
   * @return the timeout
   */
  Duration busyTimeout() {
    return Duration.ofSeconds(Math.max(1, historyBusyTimeout));
  }

  /**
   * Where this build's runs come from.
   *
   * @return the CI's variables, else git's answers, with the configured branch
   */
  Provenance provenance() {
    Provenance git = basedir == null ? Provenance.UNKNOWN : Git.of(basedir.toPath());
    return Provenance.fromCi(System.getenv()).orElse(git).withBranch(historyBranch);
  }

  /**
   * The goal's name in its messages: {@code gpubench publish}.
   *
   * @return the name
   */
  abstract String goal();
}
