package io.gpubench.engine.protocol;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * Describes throwables from benchmark code defensively: a cause chain may be a cycle, {@code getMessage} or
 * {@code toString} may throw or return megabytes. Whatever the throwable does, the description is finite, and the
 * case is recorded.
 */
public final class Throwables {
  /** The most characters a message keeps of one throwable's text. */
  static final int MAX_TEXT = 2_000;
  /** The most causes a description follows. */
  static final int MAX_CAUSES = 16;
  /** The most characters of a stack trace kept. */
  static final int MAX_STACK = 16_000;

  private Throwables() {}

  /**
   * A throwable as a one-line cause chain: {@code IllegalStateException: x <- OutOfMemoryError: y}.
   *
   * @param t the throwable
   * @return the description
   */
  public static String describe(Throwable t) {
    StringBuilder sb = new StringBuilder();
    Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    int depth = 0;
    for (Throwable c = t; c != null; c = cause(c)) {
      if (!seen.add(c)) {
        sb.append(" <- (cause cycle)");
        break;
      }
      if (depth++ == MAX_CAUSES) {
        sb.append(" <- ...");
        break;
      }
      if (sb.length() > 0) {
        sb.append(" <- ");
      }
      sb.append(typeName(c.getClass()));
      String message = message(c);
      if (message != null) {
        sb.append(": ").append(message);
      }
    }
    return sb.toString();
  }

  /**
   * A throwable's stack trace as text, bounded in length, or a note where printing it fails.
   *
   * @param t the throwable
   * @return the text
   */
  public static String stackTrace(Throwable t) {
    try {
      StringWriter w = new StringWriter();
      t.printStackTrace(new PrintWriter(w));
      String s = w.toString();
      return s.length() > MAX_STACK ? s.substring(0, MAX_STACK) + "\n\t... (" + (s.length() - MAX_STACK)
          + " more characters)" : s;
    } catch (RuntimeException | StackOverflowError e) {
      return "(the stack trace of " + t.getClass().getName() + " could not be printed: " + e.getClass().getName() + ")";
    }
  }

  /**
   * A throwable's type as a message names it: the simple name, or for an anonymous or local class (whose simple name
   * is empty or says nothing) what it extends and where it was declared.
   *
   * @param type the class
   * @return such as {@code IllegalStateException}, or {@code anonymous RuntimeException in io.example.Foo}
   */
  static String typeName(Class<?> type) {
    if (type.isAnonymousClass()) {
      Class<?> enclosing = type.getEnclosingClass();
      return "anonymous " + typeName(type.getSuperclass()) + (enclosing == null ? "" : " in " + enclosing.getName());
    }
    String simple = type.getSimpleName();
    return simple.isEmpty() ? type.getName() : simple;
  }

  private static Throwable cause(Throwable t) {
    try {
      Throwable c = t.getCause();
      return c == t ? null : c;
    } catch (RuntimeException e) {
      return null;
    }
  }

  private static String message(Throwable t) {
    String m;
    try {
      m = t.getMessage();
    } catch (RuntimeException | StackOverflowError e) {
      return "(getMessage() threw " + typeName(e.getClass()) + ")";
    }
    if (m == null) {
      return null;
    }
    String oneLine = m.length() > MAX_TEXT * 4 ? m.substring(0, MAX_TEXT * 4) : m;
    if (oneLine.length() > MAX_TEXT) {
      return oneLine.substring(0, MAX_TEXT) + "... (" + (m.length() - MAX_TEXT) + " more characters)";
    }
    return oneLine;
  }
}
