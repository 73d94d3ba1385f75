package io.gpubench.history.store;

import java.util.Map;
import java.util.Optional;

/**
 * A user name and password for a database server, from Maven's {@code settings.xml} ({@code <server>}) or from the
 * environment; never from a POM, and never written anywhere: {@link #toString()} does not show the password, and
 * {@link #redact(String)} takes it out of any text (a driver's message) before that text is printed.
 *
 * @param user the user name, or null to let the URL or the driver decide
 * @param password the password, or null
 */
public record Credentials(String user, String password) {

  /** The variable naming the user, read where no settings server is named. */
  public static final String USER_VARIABLE = "GPUBENCH_HISTORY_USER";

  /** The variable holding the password, read where no settings server is named. */
  public static final String PASSWORD_VARIABLE = "GPUBENCH_HISTORY_PASSWORD";

  /** No credentials: an SQLite file, or a server that authenticates otherwise (peer, certificates). */
  public static final Credentials NONE = new Credentials(null, null);

  /**
   * The credentials in the environment: {@value #USER_VARIABLE} and {@value #PASSWORD_VARIABLE}, else PostgreSQL's
   * own {@code PGUSER} and {@code PGPASSWORD}.
   *
   * @param env the environment
   * @return the credentials, {@link #NONE} when none are set
   */
  public static Credentials fromEnvironment(Map<String, String> env) {
    String user = first(env, USER_VARIABLE, "PGUSER");
    String password = first(env, PASSWORD_VARIABLE, "PGPASSWORD");
    return user == null && password == null ? NONE : new Credentials(user, password);
  }

  private static String first(Map<String, String> env, String... names) {
    for (String n : names) {
      String v = env.get(n);
      if (v != null && !v.isEmpty()) {
        return v;
      }
    }
    return null;
  }

  /**
   * The password, if there is one.
   *
   * @return the password
   */
  public Optional<String> secret() {
    return Optional.ofNullable(password).filter(p -> !p.isEmpty());
  }

  /**
   * Text with the password taken out, for messages that quote a driver or a server.
   *
   * @param text the text, may be null
   * @return the text with every occurrence of the password replaced by {@code ***}
   */
  public String redact(String text) {
    if (text == null || password == null || password.isEmpty()) {
      return text;
    }
    return text.replace(password, "***");
  }

  @Override
  public String toString() {
    return "Credentials[user=" + user + ", password=" + (password == null ? "none" : "***") + "]";
  }
}
