package io.gpubench.engine.config;

import io.gpubench.engine.declaration.InvalidDeclarationException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import org.junit.platform.engine.ConfigurationParameters;

/**
 * Reads the values of the engine's keys strictly: a value that is not what its key takes fails the run with the key,
 * the value and what it takes, instead of falling back to a default ({@code summary=maybe} is not {@code false},
 * {@code trials.max=-1} is not "no limit").
 */
final class ConfigValues {
  private final ConfigurationParameters p;

  ConfigValues(ConfigurationParameters p) {
    this.p = p;
  }

  /** The value, trimmed; empty when unset or blank (a blank value is how a build leaves a key at its default). */
  Optional<String> get(String key) {
    return p.get(key).map(String::trim).filter(v -> !v.isEmpty());
  }

  String string(String key, String fallback) {
    return get(key).orElse(fallback);
  }

  boolean bool(String key, boolean fallback) {
    return get(key).map(v -> switch (v.toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw invalid(key, v, "it takes true or false");
    }).orElse(fallback);
  }

  /** A whole number of at least {@code least}. */
  Integer integer(String key, int least) {
    return get(key).map(v -> {
      int n;
      try {
        n = Integer.parseInt(v);
      } catch (NumberFormatException e) {
        throw invalid(key, v, "it takes a whole number" + (least > Integer.MIN_VALUE ? " of at least " + least : ""));
      }
      if (n < least) {
        throw invalid(key, v, "it takes a whole number of at least " + least);
      }
      return n;
    }).orElse(null);
  }

  Long longValue(String key) {
    return get(key).map(v -> {
      try {
        return Long.parseLong(v);
      } catch (NumberFormatException e) {
        throw invalid(key, v, "it takes a whole number");
      }
    }).orElse(null);
  }

  /** A finite number above zero. */
  Double positive(String key) {
    return get(key).map(v -> {
      double d;
      try {
        d = Double.parseDouble(v);
      } catch (NumberFormatException e) {
        throw invalid(key, v, "it takes a number above 0");
      }
      if (!(d > 0) || Double.isInfinite(d)) {
        throw invalid(key, v, "it takes a number above 0");
      }
      return d;
    }).orElse(null);
  }

  /** One of a fixed set of names, any case. */
  <E extends Enum<E>> E oneOf(String key, Class<E> type) {
    return get(key).map(v -> {
      for (E e : type.getEnumConstants()) {
        if (e.name().equalsIgnoreCase(v)) {
          return e;
        }
      }
      List<String> names = Arrays.stream(type.getEnumConstants()).map(e -> e.name().toLowerCase(Locale.ROOT)).toList();
      throw invalid(key, v, "it takes one of " + String.join(", ", names) + Names.didYouMean(v, names));
    }).orElse(null);
  }

  /** Comma-separated values, each parsed; empty when unset. */
  <T> List<T> list(String key, Function<String, T> parser) {
    return get(key).map(v -> Arrays.stream(v.split(",")).map(String::trim).filter(s -> !s.isEmpty())
        .map(s -> parse(key, s, parser)).toList()).orElse(List.of());
  }

  static <T> T parse(String key, String value, Function<String, T> parser) {
    try {
      return parser.apply(value);
    } catch (IllegalArgumentException e) {
      throw invalid(key, value, e.getMessage());
    }
  }

  /**
   * The error for a value a key does not take.
   *
   * @param key the key
   * @param value the value as given
   * @param what what the key takes ("it takes true or false"), or what is wrong with the value
   * @return the exception, for the run to fail with
   */
  static InvalidDeclarationException invalid(String key, String value, String what) {
    return new InvalidDeclarationException("configuration " + key,
        "configuration " + key + " = \"" + value + "\" is invalid: " + what, null);
  }
}
