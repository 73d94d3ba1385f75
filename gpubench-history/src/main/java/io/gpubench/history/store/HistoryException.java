package io.gpubench.history.store;

/**
 * A results store that cannot be used: locked, read-only, corrupt, of a newer schema, unreachable, refusing the
 * credentials. The message names the store (its file, or its URL without credentials), says what went wrong and
 * what to do; the run's journal is untouched, so a publish that failed can be repeated.
 */
public final class HistoryException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient StoreLocation location;

  /**
   * Makes the exception.
   *
   * @param location the store
   * @param message the whole message, naming the store and what to do
   * @param cause the driver's exception, or null
   */
  public HistoryException(StoreLocation location, String message, Throwable cause) {
    super(message, cause);
    this.location = location;
  }

  /**
   * The store at fault.
   *
   * @return the location
   */
  public StoreLocation location() {
    return location;
  }
}
