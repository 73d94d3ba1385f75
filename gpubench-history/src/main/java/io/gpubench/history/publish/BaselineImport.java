package io.gpubench.history.publish;

import io.gpubench.api.Precision;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.Statistics;
import io.gpubench.api.result.StopReason;
import io.gpubench.api.result.Timing;
import io.gpubench.api.result.Trial;
import io.gpubench.history.record.Provenance;
import io.gpubench.history.record.RunRecord;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.compare.Intervals;
import io.gpubench.results.compare.RunFlags;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Backfills a baseline file ({@code gpubench-baseline/1} or {@code /2}, written by {@code gpubench:baseline}) into
 * the store: each run id of each environment becomes one run of that testbed, its cases rebuilt from the per-call
 * samples the file kept (the file keeps nothing else: no shape, no telemetry), flagged {@code imported} so that a
 * reader knows. The file's telemetry flags are kept with their codes.
 */
final class BaselineImport {

  private BaselineImport() {}

  static boolean isBaseline(Path p) {
    try {
      JsonNode schema = ResultsFile.mapper().readTree(Sources.text(p)).path("schema");
      return schema.isString() && schema.asString().startsWith("gpubench-baseline/");
    } catch (JacksonException e) {
      return false;
    }
  }

  static List<RunRecord> read(Path file, Provenance provenance) {
    JsonNode root = ResultsFile.mapper().readTree(Sources.text(file));
    String schema = root.path("schema").asString();
    if (!schema.equals("gpubench-baseline/1") && !schema.equals("gpubench-baseline/2")) {
      throw ResultsFile.invalid(file, "has schema \"" + schema + "\"; this version imports gpubench-baseline/1 and /2");
    }
    List<RunRecord> out = new ArrayList<>();
    for (JsonNode env : root.path("environments")) {
      String testbed = env.path("key").asString(null);
      if (testbed == null || testbed.isBlank()) {
        throw ResultsFile.invalid(file, "has an environment without its \"key\"");
      }
      Map<String, String> software = new LinkedHashMap<>();
      env.path("details").properties().forEach(e -> software.put(e.getKey(), e.getValue().asString()));
      Map<String, Run> runs = new LinkedHashMap<>();
      for (JsonNode c : env.path("cases")) {
        String id = c.path("id").asString(null);
        String clock = c.path("clock").asString("host");
        List<JsonNode> caseRuns = new ArrayList<>();
        if (c.has("runs")) {
          c.path("runs").forEach(caseRuns::add);
        } else {
          caseRuns.add(c);
        }
        for (JsonNode r : caseRuns) {
          String runId = r.path("runId").asString(null);
          String at = r.path("recordedAt").asString(env.path("recordedAt").asString(null));
          if (id == null || runId == null || at == null) {
            throw ResultsFile.invalid(file, "has a case run without its id, runId or recordedAt (case " + id + ")");
          }
          double[] samples = new double[r.path("samplesNanos").size()];
          for (int i = 0; i < samples.length; i++) {
            samples[i] = r.path("samplesNanos").get(i).asDouble();
          }
          List<String> flags = new ArrayList<>();
          r.path("flags").forEach(f -> flags.add(f.asString()));
          Run run = runs.computeIfAbsent(runId, k -> new Run(at, r.path("gitRevision").asString(null)));
          run.cases.add(caseOf(id, clock, samples, flags, file));
        }
      }
      runs.forEach((runId, r) -> out.add(new RunRecord(runId, r.at, r.at, true, null, null,
          provenance.withCommit(r.commit), testbed, software, null, "baseline", r.cases)));
    }
    return out;
  }

  private static CaseResult caseOf(String id, String clock, double[] samples, List<String> flags, Path file) {
    Statistics s = statistics(samples);
    boolean device = clock.equals("device");
    List<Trial> trials = Arrays.stream(samples).mapToObj(v -> new Trial(v, device ? v : null)).toList();
    Timing timing = new Timing(device ? "baseline file" : null, null, 0, 1, 0, trials, s,
        device ? s : null, StopReason.MAX_TRIALS, "imported from a baseline file", 0);
    int hash = id.indexOf('#');
    int bracket = id.indexOf('[', Math.max(0, hash));
    String benchmark = hash < 0 ? id : id.substring(0, hash);
    String workload = hash < 0 ? id : id.substring(hash + 1, bracket < 0 ? id.length() : bracket);
    List<Flag> kept = new ArrayList<>();
    kept.add(new Flag("imported", "rebuilt from the samples of " + file.getFileName() + ": no shape, telemetry or "
        + "correctness was recorded there"));
    for (String f : flags) {
      kept.add(new Flag(RunFlags.flagCode(f), f));
    }
    return new CaseResult(id, benchmark, workload, id, backendOf(id), precisionOf(id), Map.of(), CaseStatus.PASSED,
        null, timing, null, null, null, null, Map.of(), null, null, kept);
  }

  // The id ends [shape][precision][backend]: the last two brackets.
  private static io.gpubench.api.BackendId backendOf(String id) {
    String last = lastBracket(id, 0);
    try {
      return last == null ? null : io.gpubench.api.BackendId.parse(last);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static Precision precisionOf(String id) {
    String p = lastBracket(id, 1);
    try {
      return p == null ? null : Precision.valueOf(p);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static String lastBracket(String id, int fromEnd) {
    int end = id.length();
    for (int i = 0; i <= fromEnd; i++) {
      int close = id.lastIndexOf(']', end - 1);
      int open = close < 0 ? -1 : id.lastIndexOf('[', close);
      if (open < 0) {
        return null;
      }
      if (i == fromEnd) {
        return id.substring(open + 1, close);
      }
      end = open;
    }
    return null;
  }

  private static Statistics statistics(double[] xs) {
    int n = xs.length;
    double mean = Arrays.stream(xs).average().orElse(Double.NaN);
    double var = n < 2 ? 0 : Arrays.stream(xs).map(x -> (x - mean) * (x - mean)).sum() / (n - 1);
    double[] sorted = xs.clone();
    Arrays.sort(sorted);
    double half = n < 2 ? 0 : 1.96 * Math.sqrt(var / n);
    return new Statistics(n, mean, Intervals.median(xs), n == 0 ? Double.NaN : sorted[0],
        n == 0 ? Double.NaN : sorted[n - 1], Math.sqrt(var), quantile(sorted, 0.9), quantile(sorted, 0.99), 0.95,
        mean - half, mean + half);
  }

  private static double quantile(double[] sorted, double q) {
    return sorted.length == 0 ? Double.NaN : sorted[(int) Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  }

  private static final class Run {
    final String at;
    final String commit;
    final List<CaseResult> cases = new ArrayList<>();

    Run(String at, String commit) {
      this.at = at;
      this.commit = commit;
    }
  }
}
