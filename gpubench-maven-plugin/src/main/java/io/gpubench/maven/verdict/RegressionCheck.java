package io.gpubench.maven.verdict;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.RunResult;
import io.gpubench.maven.baseline.BaselineCase;
import io.gpubench.maven.baseline.BaselineSet;
import io.gpubench.maven.baseline.CaseSamples;
import io.gpubench.maven.baseline.EnvironmentBaseline;
import io.gpubench.maven.baseline.Fingerprint;
import io.gpubench.maven.rules.Unit;
import io.gpubench.maven.rules.Violation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Compares a run with the baseline of its environment, case by case, and turns the verdicts the configuration does
 * not accept into violations.
 *
 * @param comparator the statistics
 * @param figure the figure compared: time, or a rate
 * @param environmentPolicy what to do when the baseline comes from another environment
 * @param ignoredDetails environment details (software versions) that do not count as a difference, by name with
 *     {@code *} wildcards
 * @param failOnRegression whether a SLOWER case is a violation
 * @param failOnAmbiguous whether an AMBIGUOUS case is a violation
 * @param maxGeomeanSlowdown the largest accepted slowdown of the geometric mean (0.05 is 5%, in time: a rate
 *     4.8% lower is a 5% slowdown), or null for none
 */
public record RegressionCheck(
    SampleComparator comparator,
    ComparedFigure figure,
    EnvironmentPolicy environmentPolicy,
    List<String> ignoredDetails,
    boolean failOnRegression,
    boolean failOnAmbiguous,
    Double maxGeomeanSlowdown) {

  /**
   * Makes the check, copying the ignored details.
   *
   * @param comparator statistics
   * @param figure figure compared
   * @param environmentPolicy environment policy
   * @param ignoredDetails details ignored
   * @param failOnRegression whether SLOWER fails
   * @param failOnAmbiguous whether AMBIGUOUS fails
   * @param maxGeomeanSlowdown geomean limit, or null
   */
  public RegressionCheck {
    ignoredDetails = List.copyOf(ignoredDetails);
  }

  /**
   * Compares a run with a baseline file's content.
   *
   * @param run the results
   * @param set the baseline file's content
   * @param file the baseline file's name, for messages
   * @return the comparisons and what they imply
   */
  public Outcome check(RunResult run, BaselineSet set, String file) {
    Fingerprint fp = Fingerprint.of(run.environment());
    List<Violation> violations = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    Optional<EnvironmentBaseline> chosen = choose(fp, set, file, violations, warnings);
    if (chosen.isEmpty()) {
      return new Outcome(fp.key(), null, figure, List.of(), Geomean.of(List.of()), violations, warnings, List.of(),
          List.of());
    }
    EnvironmentBaseline base = chosen.get();
    List<String> differences = fp.differencesFrom(base.details(), ignoredDetails);
    if (!differences.isEmpty()) {
      String what = "baseline " + file + " for '" + base.key() + "' was recorded with other software: "
          + String.join("; ", differences);
      if (environmentPolicy == EnvironmentPolicy.FAIL) {
        violations.add(new Violation("baseline", "environment", what
            + " (record a new baseline with gpubench:baseline, or set environmentMismatch to WARN)"));
        return new Outcome(fp.key(), base.key(), figure, List.of(), Geomean.of(List.of()), violations, warnings,
            List.of(), List.of());
      }
      warnings.add(what + "; comparing anyway (environmentMismatch=WARN)");
    }

    List<CaseComparison> comparisons = new ArrayList<>();
    List<String> unrecorded = new ArrayList<>();
    for (CaseResult c : run.cases()) {
      if (c.status() != CaseStatus.PASSED) {
        continue;
      }
      Optional<BaselineCase> b = base.find(c.id());
      if (b.isEmpty()) {
        unrecorded.add(c.id());
        continue;
      }
      CaseComparison cc = compare(c, b.get());
      comparisons.add(cc);
      violation(cc).ifPresent(violations::add);
    }
    Set<String> ran = run.cases().stream().map(CaseResult::id).collect(Collectors.toSet());
    List<String> absent = base.cases().stream().map(BaselineCase::id).filter(id -> !ran.contains(id)).toList();

    Geomean geomean = Geomean.of(comparisons.stream().filter(CaseComparison::compared)
        .map(CaseComparison::comparison).toList());
    if (maxGeomeanSlowdown != null && geomean.cases() > 0
        && figure.worsening(geomean.ratio()) > maxGeomeanSlowdown) {
      violations.add(new Violation("geomean", figure.name(), String.format(Locale.ROOT,
          "geomean of median %s ratios over %d cases is %.3f, a slowdown of %.1f%%, above the maximum of %.1f%%",
          figure.name(), geomean.cases(), geomean.ratio(), figure.worsening(geomean.ratio()) * 100,
          maxGeomeanSlowdown * 100)));
    }
    return new Outcome(fp.key(), base.key(), figure, comparisons, geomean, violations, warnings, unrecorded, absent);
  }

  private Optional<EnvironmentBaseline> choose(
      Fingerprint fp, BaselineSet set, String file, List<Violation> violations, List<String> warnings) {
    Optional<EnvironmentBaseline> same = set.find(fp.key());
    if (same.isPresent()) {
      return same;
    }
    if (set.environments().isEmpty()) {
      warnings.add("baseline " + file + " holds no environment yet; nothing compared");
      return Optional.empty();
    }
    String held = set.environments().stream().map(e -> "'" + e.key() + "'").collect(Collectors.joining(", "));
    String what = "baseline " + file + " has no environment '" + fp.key() + "' (it holds " + held + ")";
    if (environmentPolicy == EnvironmentPolicy.FAIL) {
      violations.add(new Violation("baseline", "environment", what
          + "; record one on this machine with gpubench:baseline, or set environmentMismatch to WARN"));
      return Optional.empty();
    }
    if (set.environments().size() == 1) {
      warnings.add(what + "; comparing with it anyway (environmentMismatch=WARN)");
      return Optional.of(set.environments().get(0));
    }
    warnings.add(what + "; nothing compared: which one to use is not clear");
    return Optional.empty();
  }

  private CaseComparison compare(CaseResult c, BaselineCase b) {
    CaseSamples now = CaseSamples.of(c);
    double[] before = figure.samples(b.samples().toArray(), c);
    double[] after = figure.samples(now.toArray(), c);
    if (before == null) {
      return notCompared(c, b, now, "no " + figure.name() + ": the case declares no such work per call");
    }
    if (!now.clock().equals(b.clock())) {
      return notCompared(c, b, now, "clocks differ: baseline " + b.clock() + ", current " + now.clock());
    }
    return new CaseComparison(c.id(), comparator.compare(before, after, figure.direction()), true);
  }

  // Shown as AMBIGUOUS with the reason, in time, and kept out of the geometric mean.
  private static CaseComparison notCompared(CaseResult c, BaselineCase b, CaseSamples now, String reason) {
    Comparison cmp = new Comparison(Verdict.AMBIGUOUS, b.medianNanos(), now.median(),
        now.median() / b.medianNanos() - 1, Double.NaN, false, b.samplesNanos().size(), now.nanos().size(), reason);
    return new CaseComparison(c.id(), cmp, false);
  }

  private Optional<Violation> violation(CaseComparison cc) {
    Comparison c = cc.comparison();
    Unit unit = cc.compared() ? figure.unit() : Unit.NANOS;
    String times = String.format(Locale.ROOT, "median %s %s is %+.1f%% against the baseline's %s",
        cc.compared() ? figure.name() : "time", unit.format(c.currentMedian()), c.change() * 100,
        unit.format(c.baselineMedian()));
    if (c.verdict() == Verdict.SLOWER && failOnRegression) {
      return Optional.of(new Violation(cc.caseId(), figure.name(), String.format(Locale.ROOT,
          "%s: SLOWER than the baseline: %s, beyond the minimum effect of %.1f%% (%s)",
          cc.caseId(), times, comparator.minEffect() * 100, c.reason())));
    }
    if (c.verdict() == Verdict.AMBIGUOUS && failOnAmbiguous) {
      return Optional.of(new Violation(cc.caseId(), figure.name(), cc.caseId() + ": AMBIGUOUS against the baseline: "
          + times + " (" + c.reason() + ")"));
    }
    return Optional.empty();
  }

  /**
   * One case compared.
   *
   * @param caseId the case
   * @param comparison the comparison
   * @param compared whether the samples were compared in the figure; false when the clocks differ or the case lacks
   *     the work per call a rate needs (then the comparison is AMBIGUOUS, in time, and left out of the geometric
   *     mean)
   */
  public record CaseComparison(String caseId, Comparison comparison, boolean compared) {}

  /**
   * What the comparison found.
   *
   * @param environment the current run's hardware key
   * @param baselineEnvironment the key of the baseline compared with, or null when none was
   * @param figure the figure compared in
   * @param comparisons every case compared, in run order
   * @param geomean the geometric mean of the ratios
   * @param violations verdicts and environment problems the configuration does not accept
   * @param warnings environment differences accepted by configuration, and why nothing was compared
   * @param unrecorded passed cases of the run that the baseline lacks
   * @param absent baseline cases the run did not have
   */
  public record Outcome(
      String environment,
      String baselineEnvironment,
      ComparedFigure figure,
      List<CaseComparison> comparisons,
      Geomean geomean,
      List<Violation> violations,
      List<String> warnings,
      List<String> unrecorded,
      List<String> absent) {

    /**
     * Makes the outcome, copying the lists.
     *
     * @param environment current key
     * @param baselineEnvironment baseline key
     * @param figure figure compared in
     * @param comparisons comparisons
     * @param geomean geomean
     * @param violations violations
     * @param warnings warnings
     * @param unrecorded unrecorded cases
     * @param absent absent cases
     */
    public Outcome {
      comparisons = List.copyOf(comparisons);
      violations = List.copyOf(violations);
      warnings = List.copyOf(warnings);
      unrecorded = List.copyOf(unrecorded);
      absent = List.copyOf(absent);
    }
  }
}
