package io.gpubench.engine.fit;

import io.gpubench.api.ForkMode;
import io.gpubench.engine.config.Constants;
import io.gpubench.engine.config.FitSettings;
import io.gpubench.engine.declaration.InvalidDeclarationException;
import io.gpubench.engine.plan.CaseSpec;
import java.util.List;
import java.util.Optional;

/**
 * Checks {@link Constants#FIT} against the run's cases before anything runs: a pattern that matches no case, or a
 * case it matches that the helper cannot search, is an error naming the value and what would work, since a fit that
 * silently searched nothing would look like one that found the declared batch.
 */
public final class FitSelection {

  private FitSelection() {}

  /**
   * The cases the fit searches.
   *
   * @param settings the run's fit settings
   * @param cases every case of the run
   * @return the cases to search, none when the run asks for no fit
   * @throws InvalidDeclarationException naming the key and value when the pattern matches no case, or matches a case
   *     without a {@code batch} axis, of a world, or run in the build's JVM
   */
  public static List<CaseSpec> selected(FitSettings settings, List<CaseSpec> cases) {
    if (settings.pattern().isEmpty()) {
      return List.of();
    }
    String pattern = settings.pattern().get();
    List<CaseSpec> matched = cases.stream().filter(c -> settings.matches(c.id(),
        c.declaration().type().getSimpleName(), c.displayName())).toList();
    List<String> withBatch = cases.stream().filter(c -> c.dims().axes().containsKey(FitSettings.AXIS))
        .map(CaseSpec::id).distinct().limit(8).toList();
    if (matched.isEmpty()) {
      throw invalid(pattern, "matches no case of this run (it is matched against a case's id, Class#workload[shape]"
          + "[precision][backend] with the simple or qualified class name, and its display name; * matches any"
          + " characters)", withBatch);
    }
    for (CaseSpec c : matched) {
      if (!c.dims().axes().containsKey(FitSettings.AXIS)) {
        throw invalid(pattern, "matches " + c.id() + ", which has no \"" + FitSettings.AXIS + "\" axis (its axes: "
            + (c.dims().axes().isEmpty() ? "none" : String.join(", ", c.dims().axes().keySet())) + "); the fit"
            + " searches the batch axis", withBatch);
      }
      if (c.dims().value(FitSettings.AXIS).kind() != io.gpubench.api.AxisValue.Kind.WHOLE) {
        throw invalid(pattern, "matches " + c.id() + ", whose batch \"" + c.dims().value(FitSettings.AXIS).text()
            + "\" is not a whole number", withBatch);
      }
      if (c.world() != null) {
        throw invalid(pattern, "matches " + c.id() + ", a case of a world: the fit searches cases of one device",
            withBatch);
      }
      if (c.fork() != null && c.fork().mode() == ForkMode.NONE) {
        throw invalid(pattern, "matches " + c.id() + ", which runs in the build's JVM (fork mode none): a try's"
            + " memory would include every earlier try's; run the fit with gpubench.fork=device", withBatch);
      }
    }
    return matched;
  }

  private static InvalidDeclarationException invalid(String pattern, String what, List<String> withBatch) {
    return new InvalidDeclarationException("configuration " + Constants.FIT, "configuration " + Constants.FIT
        + " = \"" + pattern + "\" " + what + "; " + (withBatch.isEmpty() ? "no case of this run has a batch axis"
        : "cases with a batch axis: " + String.join(", ", withBatch)), null);
  }
}
