package io.gpubench.history.support;

import io.gpubench.history.store.Credentials;
import io.gpubench.history.store.HistoryStore;
import io.gpubench.history.store.StoreLocation;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;

/** The two backends every store test runs against: an SQLite file, and a schema on the PostgreSQL server. */
public final class Backends {

  private Backends() {}

  /**
   * The backends' names, for {@code @MethodSource}.
   *
   * @return {@code sqlite}, {@code postgresql}
   */
  public static Stream<String> names() {
    return Stream.of("sqlite", "postgresql");
  }

  /**
   * A fresh, empty store of a backend (skipping the test where no PostgreSQL server is configured).
   *
   * @param backend the name
   * @param dir a temporary folder for the SQLite file
   * @return the location
   */
  public static StoreLocation fresh(String backend, Path dir) {
    return backend.equals("sqlite") ? StoreLocation.sqlite(dir.resolve("history.db")) : Postgres.freshStore();
  }

  /**
   * The credentials of a backend.
   *
   * @param at the store
   * @return none for a file, the server's for PostgreSQL
   */
  public static Credentials credentials(StoreLocation at) {
    return at.file() != null ? Credentials.NONE : Postgres.credentials();
  }

  /**
   * Opens a store.
   *
   * @param at where
   * @return the store
   */
  public static HistoryStore open(StoreLocation at) {
    return HistoryStore.open(at, credentials(at), Duration.ofSeconds(60));
  }
}
