package io.gpubench.engine.config;

import io.gpubench.api.AxisValue;
import io.gpubench.engine.declaration.ShapeParser;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The values a run gives one axis, replacing the class's: {@code gpubench.axes.<Class>.<axis>=...} for one class
 * (simple or fully qualified name), {@code gpubench.axes.<axis>=...} for every class of the run that has the axis.
 * The values are written as {@code @Shape} writes one axis's ({@code 4096}, {@code 2^10..2^12}, {@code row|col}).
 *
 * @param key the configuration key
 * @param className the class it is for, as the key names it; null for every class
 * @param axis the axis
 * @param text the value as set
 * @param values the values, parsed
 */
public record AxisOverride(String key, String className, String axis, String text, List<AxisValue> values) {

  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  /**
   * Makes the override, copying the values.
   *
   * @param key the configuration key
   * @param className the class, or null for every class
   * @param axis the axis
   * @param text the value as set
   * @param values the values
   */
  public AxisOverride {
    values = List.copyOf(values);
  }

  /**
   * Reads one key of {@link Constants#AXES_PREFIX}.
   *
   * @param key the key
   * @param value its value, trimmed and not blank
   * @return the override
   * @throws io.gpubench.engine.declaration.InvalidDeclarationException naming the key and the value when the key names
   *     no axis or a value is malformed
   */
  static AxisOverride parse(String key, String value) {
    String suffix = key.substring(Constants.AXES_PREFIX.length());
    int dot = suffix.lastIndexOf('.');
    String className = dot < 0 ? null : suffix.substring(0, dot);
    String axis = suffix.substring(dot + 1);
    if (!IDENTIFIER.matcher(axis).matches() || (className != null && className.isEmpty())) {
      throw ConfigValues.invalid(key, value, "the key is " + Constants.AXES_PREFIX + "<axis> or "
          + Constants.AXES_PREFIX + "<Class>.<axis>, and \"" + axis + "\" is not an axis name");
    }
    List<AxisValue> values = ConfigValues.parse(key, value, v -> ShapeParser.values(key, v));
    return new AxisOverride(key, className, axis, value, values);
  }

  /**
   * Whether the override is for a class.
   *
   * @param type the class
   * @return true for an override of every class, or one that names the class by simple or qualified name
   */
  public boolean appliesTo(Class<?> type) {
    return className == null || className.equals(type.getName()) || className.equals(type.getSimpleName());
  }
}
