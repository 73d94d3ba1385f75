package io.gpubench.engine.declaration;

import io.gpubench.api.Precision;
import io.gpubench.api.Tolerance;
import io.gpubench.engine.correctness.Allowance;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a benchmark class's {@code @Tolerance} entries into its {@link ToleranceTable}, and checks that they fit the
 * precisions it runs and what its outputs are compared with.
 */
final class ToleranceDeclarations {

  private ToleranceDeclarations() {}

  /**
   * Reads the class's {@code @Tolerance} entries.
   *
   * @param type the class
   * @return its tolerances
   * @throws InvalidDeclarationException naming the entry and the value
   */
  static ToleranceTable read(Class<?> type) {
    Tolerance[] all = type.getAnnotationsByType(Tolerance.class);
    Map<Precision, Allowance> specific = new EnumMap<>(Precision.class);
    Allowance fallback = null;
    for (Tolerance t : all) {
      Allowance a = allowance(type, t);
      if (t.precision().length == 0) {
        if (fallback != null) {
          throw new InvalidDeclarationException(type, "@Tolerance",
              "two entries without a precision; give each extra one its precision");
        }
        fallback = a;
      }
      for (Precision p : t.precision()) {
        if (specific.put(p, a) != null) {
          throw new InvalidDeclarationException(type, "@Tolerance(precision = " + p + ")", "declared twice");
        }
      }
    }
    return new ToleranceTable(specific, fallback == null ? Allowance.NONE : fallback, all.length > 0);
  }

  /**
   * Every tolerance entry must apply to a precision the class runs, and every precision whose output is compared
   * with a reference must have a bound. A tolerance for an undeclared precision is dead code that reads like a
   * check (the class's FP32 cases then ran under no bound at all); a reference with no tolerance measured the error
   * and checked only finiteness, so a kernel off by 0.1 passed.
   *
   * <p>Why an error rather than a default bound per precision: the error a correct kernel makes depends on the
   * computation (a sum over 8192 terms in FP16 is off by far more than an element-wise op), so a default loose
   * enough for the first passes a wrong version of the second. The message proposes a starting bound to copy.
   *
   * @param type the class
   * @param precisions the precisions it runs
   * @param tolerances its tolerances
   * @param reference its {@code @Reference} method, or null for none
   * @param hasModel whether it has a {@code @Model} workload
   */
  static void requireApplicable(Class<?> type, List<Precision> precisions, ToleranceTable tolerances,
      Method reference, boolean hasModel) {
    for (Precision p : tolerances.byPrecision().keySet()) {
      if (!precisions.contains(p)) {
        throw new InvalidDeclarationException(type, "@Tolerance(precision = " + p + ")",
            "names " + p + ", which the class does not run (@Precisions: " + precisions + "); add " + p
                + " to @Precisions or remove the entry");
      }
    }
    if (reference == null && !hasModel) {
      return;
    }
    for (Precision p : precisions) {
      // A model without a @Reference is checked against its own FP32 output: its FP32 case has nothing to bound.
      if (reference == null && p == Precision.FP32) {
        continue;
      }
      if (!tolerances.forPrecision(p).bounded()) {
        String against = reference != null ? "@Reference " + DeclarationReader.signature(reference) : "the model's FP32 output";
        throw new InvalidDeclarationException(type, "@Tolerance",
            "no bound applies to the " + p + " cases, whose output is compared with " + against
                + "; declare one, e.g. @Tolerance(" + (tolerances.declared() ? "precision = " + p + ", " : "")
                + "relL2 = " + startingRelL2(p) + "), or a @Tolerance without a precision for every precision");
      }
    }
  }

  /** A starting relative-L2 bound to propose: about a hundred units in the last place of the precision. */
  private static String startingRelL2(Precision p) {
    return switch (p) {
      case FP64 -> "1e-12";
      case FP32 -> "1e-5";
      case TF32, FP16 -> "1e-3";
      case BF16 -> "1e-2";
      default -> "1e-1";
    };
  }

  private static Allowance allowance(Class<?> type, Tolerance t) {
    String member = "@Tolerance" + (t.precision().length == 0 ? "" : "(precision = " + Arrays.toString(t.precision()) + ")");
    nonNegative(type, member, "maxAbs", t.maxAbs());
    nonNegative(type, member, "rms", t.rms());
    nonNegative(type, member, "psnrDb", t.psnrDb());
    nonNegative(type, member, "relL2", t.relL2());
    if (!(t.range() > 0)) {
      throw new InvalidDeclarationException(type, member, "range = " + t.range() + ": the signal range must be positive");
    }
    return new Allowance(t.maxAbs(), t.rms(), t.psnrDb(), t.range(), t.relL2());
  }

  private static void nonNegative(Class<?> type, String member, String name, double v) {
    if (v < 0 || Double.isInfinite(v)) {
      throw new InvalidDeclarationException(type, member, name + " = " + v + ": a bound must be finite and non-negative");
    }
  }
}
