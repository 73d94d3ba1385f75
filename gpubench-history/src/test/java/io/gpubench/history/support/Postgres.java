package io.gpubench.history.support;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gpubench.history.store.Credentials;
import io.gpubench.history.store.StoreLocation;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The PostgreSQL server the tests run against: {@code GPUBENCH_PG_URL}, {@code GPUBENCH_PG_USER} and
 * {@code GPUBENCH_PG_PASSWORD} (CI's {@code .ci/start-postgres} starts a throwaway cluster and sets them). Without
 * them the PostgreSQL tests are skipped with the reason; {@code -Dgpubench.postgresTests=required} turns a missing
 * server into a failure, as CI runs them. Each test gets a schema of its own, so tests neither see nor wait for each
 * other's tables.
 */
public final class Postgres {

  private static final AtomicInteger SCHEMAS = new AtomicInteger();

  private Postgres() {}

  /**
   * Whether a server is configured; fails instead when the tests are required and none is.
   *
   * @return true when the tests can run
   */
  public static boolean available() {
    boolean configured = System.getenv("GPUBENCH_PG_URL") != null && !System.getenv("GPUBENCH_PG_URL").isBlank();
    if (!configured && "required".equals(System.getProperty("gpubench.postgresTests"))) {
      throw new IllegalStateException("gpubench.postgresTests=required but GPUBENCH_PG_URL is not set: start a "
          + "server with eval \"$(.ci/start-postgres)\"");
    }
    return configured;
  }

  /** Skips the calling test, with the reason, where no server is configured. */
  public static void assume() {
    assumeTrue(available(), "no PostgreSQL server: GPUBENCH_PG_URL is not set (eval \"$(.ci/start-postgres)\" starts "
        + "a throwaway one; -Dgpubench.postgresTests=required makes these tests mandatory)");
  }

  /**
   * The server's credentials.
   *
   * @return user and password from the environment
   */
  public static Credentials credentials() {
    return new Credentials(System.getenv("GPUBENCH_PG_USER"), System.getenv("GPUBENCH_PG_PASSWORD"));
  }

  /**
   * A fresh, empty schema on the server, as a store location ({@code currentSchema} set).
   *
   * @return the location
   */
  public static StoreLocation freshStore() {
    assume();
    String schema = ("t" + ProcessHandle.current().pid() + "_" + SCHEMAS.incrementAndGet() + "_"
        + Long.toString(System.nanoTime(), 36)).toLowerCase(Locale.ROOT);
    try (Connection c = connect(); Statement st = c.createStatement()) {
      st.executeUpdate("CREATE SCHEMA " + schema);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot create a schema on " + StoreLocation.redact(url()) + ": "
          + e.getMessage(), e);
    }
    String url = url();
    return new StoreLocation(io.gpubench.history.store.Dialect.POSTGRESQL,
        url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema, null);
  }

  /**
   * A connection as the tests' administrator, for setting up faults.
   *
   * @return the connection
   * @throws SQLException from the driver
   */
  public static Connection connect() throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", System.getenv("GPUBENCH_PG_USER"));
    p.setProperty("password", System.getenv("GPUBENCH_PG_PASSWORD"));
    return DriverManager.getConnection(url(), p);
  }

  /**
   * The server's URL.
   *
   * @return the URL
   */
  public static String url() {
    return System.getenv("GPUBENCH_PG_URL");
  }
}
