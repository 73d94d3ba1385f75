package io.gpubench.history.store;

import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * Turns a driver's exception into the one message a user can act on: what is wrong with the store and what to do.
 * The driver's own text is kept at the end (with the password taken out), for the rare case the reading here misses.
 */
final class StoreErrors {

  private StoreErrors() {}

  static HistoryException of(StoreLocation at, String doing, SQLException e, Credentials credentials,
      Duration busyTimeout) {
    String driver = credentials.redact(String.valueOf(e.getMessage()));
    String what = at.dialect() == Dialect.SQLITE ? sqlite(at, e, busyTimeout) : postgres(at, e, credentials);
    return new HistoryException(at, "history store " + at + ": cannot " + doing + ": " + what + " (" + driver + ")",
        null);
  }

  private static String sqlite(StoreLocation at, SQLException e, Duration busyTimeout) {
    SQLiteErrorCode code = e instanceof SQLiteException s ? s.getResultCode() : null;
    int primary = code == null ? e.getErrorCode() & 0xff : code.code & 0xff;
    return switch (primary) {
      case 5, 6 -> "it stayed locked by another writer for longer than the busy timeout of " + busyTimeout.toSeconds()
          + " s; retry when the other build has finished, or raise gpubench.history.busyTimeout";
      case 8 -> "the file or its folder is read-only; make " + at.file() + " and its folder writable by this user (SQLite "
          + "writes -wal and -shm files beside it), or publish into another store";
      case 14 -> "the file cannot be opened; check that its folder " + (at.file() == null ? "" : at.file().getParent())
          + " exists and is writable";
      case 11, 26 -> "it is not an SQLite database, or it is corrupt; move it aside and rebuild the history from the "
          + "journals with the import command (HistoryMain import), or name another file";
      case 13 -> "the disk is full";
      default -> "SQLite error " + (code == null ? e.getErrorCode() : code.name());
    };
  }

  private static String postgres(StoreLocation at, SQLException e, Credentials c) {
    String state = e.getSQLState() == null ? "" : e.getSQLState();
    if (state.startsWith("28")) {
      return "the server refused the credentials" + (c.user() == null ? " (no user given)" : " of user " + c.user())
          + "; give them in settings.xml as a <server> whose id gpubench.history.server names, or in "
          + Credentials.USER_VARIABLE + " and " + Credentials.PASSWORD_VARIABLE;
    }
    if (state.startsWith("08")) {
      return "the server cannot be reached; check the host and port of the URL and that the server is running";
    }
    if (state.equals("3D000")) {
      return "the database does not exist; create it (createdb) or fix the URL";
    }
    if (state.equals("42501")) {
      return "the user may not do this; grant it CREATE on the schema (for the first publish) and INSERT/SELECT on "
          + "gpubench's tables";
    }
    if (state.equals("25006")) {
      return "the server is read-only (a standby, or default_transaction_read_only); publish into the primary";
    }
    if (state.startsWith("53")) {
      return "the server is out of resources (" + state + ")";
    }
    return "SQL state " + (state.isEmpty() ? "unknown" : state.toUpperCase(Locale.ROOT));
  }
}
