package io.gpubench.maven.history;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.RunResult;
import io.gpubench.history.baseline.BaselineQuery;
import io.gpubench.history.baseline.HistoryBaseline;
import io.gpubench.history.store.BaselineReader;
import io.gpubench.history.store.Credentials;
import io.gpubench.history.store.HistoryException;
import io.gpubench.history.store.HistoryStore;
import io.gpubench.history.store.StoreLocation;
import io.gpubench.maven.baseline.BaselineCase;
import io.gpubench.maven.baseline.BaselineRun;
import io.gpubench.maven.baseline.BaselineSet;
import io.gpubench.maven.baseline.EnvironmentBaseline;
import io.gpubench.maven.baseline.MemoryRun;
import io.gpubench.maven.gate.BaselineSource;
import io.gpubench.results.compare.Fingerprint;
import java.io.File;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The gate's baseline taken from the history ({@code -Dgpubench.baseline=history}): for each case of this build, the
 * last {@code runs} clean runs of the reference branch on this build's testbed and software (complete, passed, without
 * a flag that bounds a comparison, from the case's last accepted change on), as baseline runs of this build's
 * environment, with their memory figures. A case with no clean run is timed by its last runs whose flags measured
 * their bound (a contended core's slowdown, forks' ratio), carried with those flags as the baseline goal records them
 * into a file; on a runner whose probe flags every run that is what keeps a slower build from passing on its memory
 * alone. For the memory, the runs left out of the times among the last {@code runs} that passed count too (memory
 * does not depend on a busy or shared device). The same comparison then judges them as it judges a baseline file's,
 * time and memory by the same rules; nobody re-records anything.
 *
 * @param location the store
 * @param credentials its credentials
 * @param busyTimeout how long to wait for a writer
 * @param branch the reference branch, such as {@code main}
 * @param runs how many runs per case
 * @param ignoredDetails software details that do not make a run of the testbed foreign
 */
public record HistoryBaselineSource(StoreLocation location, Credentials credentials, Duration busyTimeout,
    String branch, int runs, List<String> ignoredDetails) implements BaselineSource {

  /** The value of {@code gpubench.baseline} that names the history instead of a file. */
  public static final String NAME = "history";

  /**
   * Whether the configured baseline names the history: {@code -Dgpubench.baseline=history}, which Maven hands over as
   * a file named {@code history} in the project's folder, and which is no such file.
   *
   * @param baseline the configured baseline
   * @return true for the history
   */
  public static boolean named(File baseline) {
    return baseline != null && baseline.getName().equals(NAME) && !baseline.isFile();
  }

  @Override
  public String name() {
    return "history " + location;
  }

  @Override
  public Loaded load(List<RunResult> build) {
    Fingerprint fp = Fingerprint.of(build.get(0).environment());
    Set<String> cases = new LinkedHashSet<>();
    Set<String> own = new LinkedHashSet<>();
    for (RunResult r : build) {
      own.add(r.runId());
      r.cases().stream().filter(c -> c.status() == CaseStatus.PASSED).map(CaseResult::id).forEach(cases::add);
    }
    HistoryBaseline chosen;
    try {
      Optional<HistoryStore> store = HistoryStore.openExisting(location, credentials, busyTimeout);
      if (store.isEmpty()) {
        return missing("history store " + location + " does not exist yet");
      }
      chosen = BaselineReader.select(store.get(), new BaselineQuery(fp.key(), fp.details(), ignoredDetails, branch,
          runs, own, cases));
    } catch (HistoryException e) {
      return new Loaded(null, List.of(), null, null, "the history baseline cannot be read: " + e.getMessage()
          + "; the rules were still checked, and nothing was compared (fix the store, or check against a baseline "
          + "file with -Dgpubench.baseline=FILE)");
    }
    if (chosen.cases().isEmpty()) {
      List<String> why = new ArrayList<>(chosen.notes());
      return new Loaded(null, why, "history " + location + " holds no passed run of branch " + branch + " on '"
          + fp.key() + "' for this build's cases; publish runs of " + branch + " first (gpubench:publish, or "
          + "-Dgpubench.history.publish=true on verify), or set failOnMissingBaseline to false",
          "history " + location + " holds no passed run of branch " + branch + " on '" + fp.key() + "' for this "
              + "build's cases: nothing compared (publish runs of " + branch + " into it)", null);
    }
    List<BaselineCase> out = new ArrayList<>();
    String latest = null;
    for (HistoryBaseline.CaseBaseline c : chosen.cases().values()) {
      List<BaselineRun> oldestFirst = new ArrayList<>();
      for (int i = c.runs().size() - 1; i >= 0; i--) {
        HistoryBaseline.BaselineRun r = c.runs().get(i);
        // A flagged run carries what its flags measured, as the baseline goal records one into a file.
        oldestFirst.add(BaselineRun.of(r.samples(), r.finishedAt(), r.commit(), r.memory()));
        latest = latest == null || (r.finishedAt() != null && r.finishedAt().compareTo(latest) > 0) ? r.finishedAt()
            : latest;
      }
      List<MemoryRun> memoryOnly = new ArrayList<>();
      for (int i = c.memoryOnly().size() - 1; i >= 0; i--) {
        HistoryBaseline.MemoryRun r = c.memoryOnly().get(i);
        memoryOnly.add(new MemoryRun(r.runId(), r.finishedAt(), r.memory()));
      }
      out.add(new BaselineCase(c.caseId(), c.clock(), oldestFirst, memoryOnly));
    }
    // This build's own environment: the runs were chosen for its testbed and software.
    EnvironmentBaseline env = new EnvironmentBaseline(fp.key(), fp.details(), latest, out);
    return Loaded.of(BaselineSet.empty().with(env, true, Integer.MAX_VALUE), chosen.notes());
  }

  private Loaded missing(String why) {
    return new Loaded(null, List.of(), why + "; publish runs into it first (gpubench:publish, or "
        + "-Dgpubench.history.publish=true on verify), or set failOnMissingBaseline to false", why
        + ": nothing compared (publish runs into it: gpubench:publish, or -Dgpubench.history.publish=true)", null);
  }
}
