package io.gpubench.history.store;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Where a results store lives: one SQLite file (a path, or {@code jdbc:sqlite:PATH}) or a PostgreSQL database
 * ({@code jdbc:postgresql://host:port/db}). Its {@link #toString()} is the form every message uses: a URL's user
 * information and any {@code password}, {@code user} or other secret-bearing parameter are cut out, so a location never
 * shows a credential someone wrote into it.
 *
 * @param dialect the database
 * @param url the JDBC URL, as given (it may hold a password: never print it, print the location)
 * @param file the SQLite file, or null for a server
 */
public record StoreLocation(Dialect dialect, String url, Path file) {

  private static final Pattern SECRET_PARAMETER = Pattern.compile(
      "(?i)([?&;](?:password|user|sslpassword|sslkey|sslcert|authenticationPluginClassName)=)[^&;]*");
  private static final Pattern USER_INFO = Pattern.compile("^(jdbc:postgresql://)[^/@]*@");

  /**
   * Checks the parts.
   *
   * @param dialect dialect
   * @param url URL
   * @param file file, for SQLite
   */
  public StoreLocation {
    Objects.requireNonNull(dialect, "dialect");
    Objects.requireNonNull(url, "url");
  }

  /**
   * Reads a location as a user writes it.
   *
   * @param text a path to an SQLite file, {@code jdbc:sqlite:PATH}, or {@code jdbc:postgresql://...}
   * @param base the folder a relative path is resolved against
   * @return the location
   * @throws IllegalArgumentException naming the text when it is blank or a JDBC URL of another database
   */
  public static StoreLocation parse(String text, Path base) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("no history store given: set gpubench.history to an SQLite file (such as "
          + "${user.home}/.gpubench/history.db) or a jdbc:postgresql:// URL");
    }
    String t = text.strip();
    String lower = t.toLowerCase(Locale.ROOT);
    if (lower.startsWith("jdbc:postgresql:")) {
      return new StoreLocation(Dialect.POSTGRESQL, t, null);
    }
    if (lower.startsWith("jdbc:sqlite:")) {
      String path = t.substring("jdbc:sqlite:".length());
      if (path.isBlank() || path.startsWith(":memory:") || path.startsWith("file:")) {
        throw new IllegalArgumentException("history store " + t + ": name a file (jdbc:sqlite:/path/history.db); "
            + "an in-memory or URI-form SQLite database would keep nothing across builds");
      }
      return sqlite(resolve(path, base));
    }
    if (lower.startsWith("jdbc:")) {
      throw new IllegalArgumentException("history store " + redact(t) + " is a JDBC URL of a database gpubench does "
          + "not support: use an SQLite file or jdbc:postgresql://host:port/database");
    }
    return sqlite(resolve(t, base));
  }

  /**
   * The location of an SQLite file.
   *
   * @param file the file
   * @return the location
   */
  public static StoreLocation sqlite(Path file) {
    Path f = file.toAbsolutePath().normalize();
    return new StoreLocation(Dialect.SQLITE, "jdbc:sqlite:" + f, f);
  }

  private static Path resolve(String path, Path base) {
    String p = path.startsWith("~/") ? System.getProperty("user.home") + path.substring(1) : path;
    Path candidate = Path.of(p);
    return candidate.isAbsolute() || base == null ? candidate : base.resolve(candidate);
  }

  /**
   * A URL with its user information and secret parameters cut out.
   *
   * @param url a JDBC URL
   * @return the URL as it may be printed
   */
  public static String redact(String url) {
    String u = USER_INFO.matcher(url).replaceFirst("$1***@");
    return SECRET_PARAMETER.matcher(u).replaceAll("$1***");
  }

  /**
   * The location as messages name it: the file, or the redacted URL.
   *
   * @return the text
   */
  @Override
  public String toString() {
    return file != null ? file.toString() : redact(url);
  }
}
