package io.gpubench.maven.verdict;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.RunResult;
import io.gpubench.maven.baseline.BaselineCase;
import io.gpubench.maven.baseline.BaselineSet;
import io.gpubench.maven.baseline.EnvironmentBaseline;
import io.gpubench.maven.rules.Unit;
import io.gpubench.maven.rules.Violation;
import io.gpubench.results.compare.Ambiguity;
import io.gpubench.results.compare.CaseComparator;
import io.gpubench.results.compare.CaseComparison;
import io.gpubench.results.compare.Figures;
import io.gpubench.results.compare.Fingerprint;
import io.gpubench.results.compare.RunSamples;
import io.gpubench.results.compare.RunnerSpread;
import io.gpubench.results.compare.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Compares the runs of a build with the baseline of their environment, case by case through {@link CaseComparator}
 * (each baseline run and each run of this build is one sample of the run-to-run spread), and turns the verdicts the
 * configuration does not accept into violations.
 *
 * @param comparator the statistics
 * @param figure the figure compared: time, or a rate
 * @param environmentPolicy what to do when the baseline comes from another environment
 * @param ignoredDetails environment details (software versions) that do not count as a difference, as globs
 * @param failOnRegression whether a SLOWER case is a violation (a provisional SLOWER too)
 * @param failOnAmbiguous whether an AMBIGUOUS case is a violation
 * @param maxGeomeanSlowdown the largest accepted slowdown of the geometric mean (0.05 is 5%, in time: a rate
 *     4.8% lower is a 5% slowdown), or null for none
 */
public record RegressionCheck(
    CaseComparator comparator,
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
   * Compares the runs of a build with a baseline file's content.
   *
   * @param runs the build's runs (one per engine run: Surefire forks, reruns), at least one
   * @param set the baseline file's content
   * @param file the baseline file's name, for messages
   * @return the comparisons and what they imply
   */
  public Outcome check(List<RunResult> runs, BaselineSet set, String file) {
    return check(runs, set, file, false);
  }

  /**
   * Compares the runs of a build with baseline runs made in turns with them on this machine (A/B mode). Runs made in
   * turns share their conditions, so the verdicts rest on the two sides' runs alone; a recorded baseline's runs were
   * made at other times, and {@link #check} also allows for how far whole runs moved on the runner
   * ({@link RunnerSpread}).
   *
   * @param runs the build's runs, at least one
   * @param set the runs made in turns with them, as a baseline
   * @param file what the baseline is, for messages
   * @return the comparisons and what they imply
   */
  public Outcome checkInTurns(List<RunResult> runs, BaselineSet set, String file) {
    return check(runs, set, file, true);
  }

  private Outcome check(List<RunResult> runs, BaselineSet set, String file, boolean inTurns) {
    Fingerprint fp = Fingerprint.of(runs.get(0).environment());
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

    // One entry per case, with every run of this build that passed it (normally one).
    Map<String, List<CaseRun>> byCase = new LinkedHashMap<>();
    for (RunResult run : runs) {
      for (CaseResult c : run.cases()) {
        if (c.status() == CaseStatus.PASSED) {
          byCase.computeIfAbsent(c.id(), k -> new ArrayList<>()).add(new CaseRun(run.runId(), c));
        }
      }
    }
    RunnerSpread runner = inTurns ? RunnerSpread.NONE
        : RunnerSpread.of(base.cases().stream().map(BaselineCase::samples).toList());
    List<CaseComparisonEntry> comparisons = new ArrayList<>();
    List<String> unrecorded = new ArrayList<>();
    for (Map.Entry<String, List<CaseRun>> e : byCase.entrySet()) {
      Optional<BaselineCase> b = base.find(e.getKey());
      if (b.isEmpty()) {
        unrecorded.add(e.getKey());
        continue;
      }
      if (b.get().runs().isEmpty()) {
        warnings.add(e.getKey() + ": time not compared: every baseline run of it was flagged without a measured "
            + "bound (a throttled or shared GPU); its memory was compared");
      } else {
        CaseComparisonEntry cc = new CaseComparisonEntry(e.getKey(), compare(e.getValue(), b.get(), runner));
        comparisons.add(cc);
        violation(cc).ifPresent(violations::add);
        if (cc.comparison().ambiguity() == Ambiguity.FLAGGED) {
          warnings.add(cc.caseId() + ": AMBIGUOUS against the baseline: " + cc.comparison().reason());
        }
      }
      for (var m : MemoryCheck.compare(e.getKey(), e.getValue().stream().map(CaseRun::result).toList(), b.get())) {
        Optional<Violation> more = MemoryCheck.violation(e.getKey(), m);
        if (more.isPresent() && failOnRegression) {
          violations.add(more.get());
        } else if (more.isPresent()) {
          warnings.add(more.get().message() + " (failOnRegression=false)");
        }
      }
    }
    Set<String> ran = runs.stream().flatMap(r -> r.cases().stream()).map(CaseResult::id).collect(Collectors.toSet());
    List<String> absent = base.cases().stream().map(BaselineCase::id).filter(id -> !ran.contains(id)).toList();

    Geomean geomean = Geomean.of(comparisons.stream().map(CaseComparisonEntry::comparison)
        .filter(CaseComparison::compared).toList());
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

  private CaseComparison compare(List<CaseRun> now, BaselineCase b, RunnerSpread runner) {
    CaseResult c = now.get(0).result();
    List<RunSamples> current = now.stream().map(r -> figure.of(r.runId(), r.result())).toList();
    List<RunSamples> before = figure.samples(b.samples(), c);
    List<RunSamples> after = figure.samples(current, c);
    if (before == null) {
      double mb = b.samples().stream().mapToDouble(RunSamples::median).average().orElse(Double.NaN);
      double mc = current.stream().mapToDouble(RunSamples::median).average().orElse(Double.NaN);
      return CaseComparison.notCompared(Ambiguity.NO_FIGURE, mb, mc, b.runs().size(), current.size(), 0, 0,
          "no " + figure.name() + ": the case declares no such work per call");
    }
    return comparator.compare(before, after, figure.better(), runner);
  }

  private Optional<Violation> violation(CaseComparisonEntry cc) {
    CaseComparison c = cc.comparison();
    // A comparison that stopped before the statistics is shown in time when the figure could not be made.
    Unit unit = c.ambiguity() == Ambiguity.NO_FIGURE ? Unit.NANOS : figure.unit();
    String name = c.ambiguity() == Ambiguity.NO_FIGURE ? "time" : figure.name();
    String times = String.format(Locale.ROOT, "median %s %s is %s against the baseline's %s", name,
        unit.format(c.currentMedian()), Figures.signedPercent(c.change()), unit.format(c.baselineMedian()));
    if (c.verdict() == Verdict.SLOWER && failOnRegression) {
      String provisional = c.provisional() ? "; provisional: the baseline has one run, so the spread between runs "
          + "is not measured (record several runs: run mvn verify gpubench:baseline again)" : "";
      return Optional.of(new Violation(cc.caseId(), figure.name(), String.format(Locale.ROOT,
          "%s: SLOWER than the baseline: %s, beyond the minimum effect of %.1f%% (%s)%s",
          cc.caseId(), times, comparator.minEffect() * 100, c.reason(), provisional)));
    }
    if (c.verdict() == Verdict.AMBIGUOUS && failOnAmbiguous) {
      return Optional.of(new Violation(cc.caseId(), figure.name(), cc.caseId() + ": " + c.verdictText()
          + " against the baseline: " + times + " (" + c.reason() + ")"));
    }
    return Optional.empty();
  }

  private record CaseRun(String runId, CaseResult result) {}

  /**
   * One case compared.
   *
   * @param caseId the case
   * @param comparison the comparison
   */
  public record CaseComparisonEntry(String caseId, CaseComparison comparison) {}

  /**
   * What the comparison found.
   *
   * @param environment the current run's hardware key
   * @param baselineEnvironment the key of the baseline compared with, or null when none was
   * @param figure the figure compared in
   * @param comparisons every case compared, in run order
   * @param geomean the geometric mean of the ratios
   * @param violations verdicts and environment problems the configuration does not accept
   * @param warnings environment differences accepted by configuration, why nothing was compared, flagged cases
   * @param unrecorded passed cases of the run that the baseline lacks
   * @param absent baseline cases the run did not have
   */
  public record Outcome(
      String environment,
      String baselineEnvironment,
      ComparedFigure figure,
      List<CaseComparisonEntry> comparisons,
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

    /**
     * How many comparisons are provisional (one run on each side).
     *
     * @return the count
     */
    public long provisional() {
      return comparisons.stream().filter(c -> c.comparison().provisional()).count();
    }
  }
}
