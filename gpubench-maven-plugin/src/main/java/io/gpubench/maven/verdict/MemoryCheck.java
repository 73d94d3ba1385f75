package io.gpubench.maven.verdict;

import io.gpubench.api.result.CaseResult;
import io.gpubench.maven.baseline.BaselineCase;
import io.gpubench.maven.rules.Violation;
import io.gpubench.results.compare.MemoryComparison;
import io.gpubench.results.compare.MemoryFigure;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A case's memory against its baseline, figure by figure, by {@link MemoryFigure}'s rule (an allowance, not the time's
 * noise model: memory is nearly deterministic). The baseline's value is the median of its runs' values; every run of
 * this build that passed the case is compared with it, and the worst decides.
 *
 * <p>Runs flagged throttled, shared or contended count on both sides: a slow or shared device makes a call slower,
 * not larger. The baseline's are its runs recorded with their flags (bounded, or accepted with
 * {@code acceptFlagged}) and, from the history, the runs kept for their memory only ({@link BaselineCase#memory()}).
 * A run whose warm-up was cut short ({@code not-steady}) counts too, with the allocation figure's wider allowance.
 */
final class MemoryCheck {
  private MemoryCheck() {}

  /**
   * Compares the memory figures the baseline holds for a case.
   *
   * @param caseId the case
   * @param now this build's passed runs of the case
   * @param base the baseline's case
   * @return one comparison per figure both sides have, the worst run's
   */
  static List<MemoryComparison> compare(String caseId, List<CaseResult> now, BaselineCase base) {
    List<MemoryComparison> out = new ArrayList<>();
    for (MemoryFigure f : MemoryFigure.values()) {
      double[] values = base.memory().stream().filter(m -> m.containsKey(f.key()))
          .mapToDouble(m -> m.get(f.key())).sorted().toArray();
      if (values.length == 0) {
        continue;
      }
      double median = values.length % 2 == 1 ? values[values.length / 2]
          : (values[values.length / 2 - 1] + values[values.length / 2]) / 2;
      Optional<MemoryComparison> worst = now.stream().map(c -> f.compare(median, c)).flatMap(Optional::stream)
          .max(java.util.Comparator.comparingDouble(MemoryComparison::current));
      worst.ifPresent(out::add);
    }
    return out;
  }

  /**
   * The violation of a comparison that found more memory.
   *
   * @param caseId the case
   * @param c the comparison
   * @return the violation, or empty when it found no more than allowed
   */
  static Optional<Violation> violation(String caseId, MemoryComparison c) {
    if (c.outcome() != MemoryComparison.Outcome.MORE) {
      return Optional.empty();
    }
    return Optional.of(new Violation(caseId, c.figure().key(), caseId + ": MORE MEMORY than the baseline: "
        + c.describe()));
  }
}
