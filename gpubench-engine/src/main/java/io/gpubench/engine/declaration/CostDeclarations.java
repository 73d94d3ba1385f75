package io.gpubench.engine.declaration;

import io.gpubench.api.Cost;
import io.gpubench.api.Dimensions;
import java.util.List;
import java.util.Map;

/**
 * Reads a benchmark class's {@code @Cost}: each member parsed as a {@link CostExpression} and checked against every
 * shape the class declares, so that a cost naming an axis a shape lacks fails at discovery, not in a case.
 */
final class CostDeclarations {

  private CostDeclarations() {}

  /**
   * Reads the class's {@code @Cost}.
   *
   * @param type the class
   * @param shapes its shapes, whose axes the expressions may name
   * @return its cost, or {@link BenchmarkDeclaration.Cost#NONE} where it declares none
   * @throws InvalidDeclarationException naming the member and the expression
   */
  static BenchmarkDeclaration.Cost read(Class<?> type, Map<String, List<Dimensions>> shapes) {
    Cost cost = type.getAnnotation(Cost.class);
    if (cost == null) {
      return BenchmarkDeclaration.Cost.NONE;
    }
    return new BenchmarkDeclaration.Cost(
        expression(type, "flops", cost.flops(), shapes),
        expression(type, "bytes", cost.bytes(), shapes),
        expression(type, "items", cost.items(), shapes),
        expression(type, "busBytes", cost.busBytes(), shapes));
  }

  private static CostExpression expression(
      Class<?> type, String member, String text, Map<String, List<Dimensions>> shapes) {
    if (text.isBlank()) {
      return null;
    }
    CostExpression e;
    try {
      e = CostExpression.parse(text);
    } catch (IllegalArgumentException ex) {
      throw new InvalidDeclarationException(type, "@Cost(" + member + ")", ex.getMessage());
    }
    for (List<Dimensions> list : shapes.values()) {
      for (Dimensions d : list) {
        requireAxes(type, "@Cost(" + member + ")", e, d);
      }
    }
    return e;
  }

  /**
   * Checks that a cost expression names only axes of a shape (and {@code e}).
   *
   * @param type the class
   * @param member the cost member
   * @param e the expression
   * @param d the shape
   */
  static void requireAxes(Class<?> type, String member, CostExpression e, Dimensions d) {
    e.missingAxis(d).ifPresent(v -> {
      throw new InvalidDeclarationException(type, member,
          "\"" + e + "\" uses \"" + v + "\", which is not an axis of shape \"" + d + "\"");
    });
    e.nameAxis(d).ifPresent(v -> {
      throw new InvalidDeclarationException(type, member, "\"" + e + "\" uses \"" + v + "\", an axis of names ("
          + v + "=" + d.axes().get(v).text() + " in shape \"" + d + "\"); @Cost takes numeric axes only: leave it"
          + " out, or zip the names with a numeric axis the cost can use, (" + v + ",f)=(" + d.axes().get(v).text()
          + ",1)|(...,2)");
    });
  }
}
