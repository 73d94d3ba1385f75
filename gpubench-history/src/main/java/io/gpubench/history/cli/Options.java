package io.gpubench.history.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A command line as {@link HistoryMain} reads it: {@code --name value} options, known per command, and the rest as
 * paths. An unknown option is an error naming it and the known ones, never ignored.
 */
final class Options {

  private final Map<String, String> values = new LinkedHashMap<>();
  private final List<String> rest = new ArrayList<>();

  private Options() {}

  static Options parse(List<String> args, Set<String> known, Set<String> flags) {
    Options o = new Options();
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (a.startsWith("--")) {
        if (flags.contains(a)) {
          o.values.put(a, "true");
          continue;
        }
        if (!known.contains(a)) {
          throw new UsageException("unknown option " + a + " (known: " + String.join(", ", known)
              + (flags.isEmpty() ? "" : ", " + String.join(", ", flags)) + ")");
        }
        if (i + 1 >= args.size()) {
          throw new UsageException("option " + a + " needs a value");
        }
        o.values.put(a, args.get(++i));
      } else {
        o.rest.add(a);
      }
    }
    return o;
  }

  String get(String name) {
    return values.get(name);
  }

  String get(String name, String fallback) {
    return values.getOrDefault(name, fallback);
  }

  String required(String name) {
    String v = values.get(name);
    if (v == null || v.isBlank()) {
      throw new UsageException("option " + name + " is required");
    }
    return v;
  }

  int integer(String name, int fallback) {
    String v = values.get(name);
    try {
      return v == null ? fallback : Integer.parseInt(v.strip());
    } catch (NumberFormatException e) {
      throw new UsageException("option " + name + " takes a whole number, not '" + v + "'");
    }
  }

  boolean flag(String name) {
    return values.containsKey(name);
  }

  List<String> rest() {
    return rest;
  }

  /** A command line that cannot be run: the message says what is wrong. */
  static final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
      super(message);
    }
  }
}
