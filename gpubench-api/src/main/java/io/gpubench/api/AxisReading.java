package io.gpubench.api;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Reads an axis value as the Java type a benchmark asks for ({@link Dimensions#axis(String, Class)}), or says why it
 * cannot: the axis, its value, its kind and what to read it as instead. Widening is allowed where no information is
 * lost (a whole number as a {@code Double}, any value as its text); narrowing never is.
 */
final class AxisReading {

  private AxisReading() {}

  @SuppressWarnings("unchecked")
  static <T> T as(String axis, AxisValue v, Class<T> type) {
    if (type == null) {
      throw new IllegalArgumentException("axis '" + axis + "': give the type to read it as");
    }
    Object result;
    if (type == String.class) {
      result = v.text();
    } else if (type == AxisValue.class) {
      result = v;
    } else if (type == Long.class || type == long.class) {
      result = whole(axis, v, type);
    } else if (type == Integer.class || type == int.class) {
      long n = whole(axis, v, type);
      if (n > Integer.MAX_VALUE) {
        throw new IllegalArgumentException("axis '" + axis + "' = " + n + " does not fit an int; read it as Long");
      }
      result = (int) n;
    } else if (type == Double.class || type == double.class) {
      result = real(axis, v, type);
    } else if (type == Float.class || type == float.class) {
      result = (float) real(axis, v, type);
    } else if (type == Boolean.class || type == boolean.class) {
      result = bool(axis, v);
    } else if (type.isEnum()) {
      result = constant(axis, v, type);
    } else {
      throw new IllegalArgumentException("axis '" + axis + "' cannot be read as " + type.getSimpleName()
          + "; read it as String, Long, Integer, Double, Float, Boolean or an enum");
    }
    return (T) result;
  }

  private static long whole(String axis, AxisValue v, Class<?> type) {
    if (v instanceof AxisValue.Whole w) {
      return w.value();
    }
    throw new IllegalArgumentException("axis '" + axis + "' = " + v.text() + " is " + article(v) + ", not a whole"
        + " number, so it cannot be read as " + type.getSimpleName() + "; read it as "
        + (v.kind() == AxisValue.Kind.REAL ? "Double" : "String or an enum"));
  }

  private static double real(String axis, AxisValue v, Class<?> type) {
    if (v instanceof AxisValue.Name) {
      throw new IllegalArgumentException("axis '" + axis + "' = " + v.text() + " is a name, not a number, so it"
          + " cannot be read as " + type.getSimpleName() + "; read it as String or an enum");
    }
    return v.number().doubleValue();
  }

  private static boolean bool(String axis, AxisValue v) {
    if (v instanceof AxisValue.Name n) {
      if (n.value().equalsIgnoreCase("true")) {
        return true;
      }
      if (n.value().equalsIgnoreCase("false")) {
        return false;
      }
    }
    throw new IllegalArgumentException("axis '" + axis + "' = " + v.text() + " is not true or false, so it cannot be"
        + " read as Boolean");
  }

  private static Object constant(String axis, AxisValue v, Class<?> type) {
    Object[] constants = type.getEnumConstants();
    String text = v.text();
    for (Object c : constants) {
      if (((Enum<?>) c).name().equals(text)) {
        return c;
      }
    }
    // layout=row reads as Layout.ROW: axes are written in lower case, constants in upper case.
    Object match = null;
    for (Object c : constants) {
      if (((Enum<?>) c).name().equalsIgnoreCase(text)) {
        if (match != null) {
          throw new IllegalArgumentException("axis '" + axis + "' = " + text + " matches both " + match + " and " + c
              + " of " + type.getSimpleName() + " when case is ignored; write the constant as declared");
        }
        match = c;
      }
    }
    if (match != null) {
      return match;
    }
    String names = Arrays.stream(constants).map(c -> ((Enum<?>) c).name()).collect(Collectors.joining(", "));
    throw new IllegalArgumentException("axis '" + axis + "' = " + text + " is not a constant of "
        + type.getSimpleName() + " (" + names + "); give the axis one of them ("
        + Arrays.stream(constants).map(c -> ((Enum<?>) c).name().toLowerCase(Locale.ROOT))
            .collect(Collectors.joining("|"))
        + ")");
  }

  private static String article(AxisValue v) {
    return v.kind() == AxisValue.Kind.REAL ? "a real number" : "a name";
  }
}
