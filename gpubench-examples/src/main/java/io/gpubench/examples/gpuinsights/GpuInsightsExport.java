package io.gpubench.examples.gpuinsights;

import io.gpubench.api.BackendId;
import io.gpubench.api.Precision;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.RunResult;
import io.gpubench.results.ResultsFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns training-throughput results into entries of GPU-Insights' {@code benchmark-data.json} (version 3.1), so
 * that our numbers can be set beside its published table, and merges them into such a file the way its
 * {@code manage-data.py import-payload} does: an entry with the same model, vendor, architecture, device, memory and
 * platform is replaced, others are appended.
 *
 * <p>A case belongs to a model when its workload is named after it ({@code @Measure("resnet50")}). Its samples/s
 * (the engine's items per second) is scored with {@link GpuInsightsScore}; only passed cases count, and a model with
 * neither an FP32 nor an FP16 result gets no entry.
 */
public final class GpuInsightsExport {

  /** The {@code metadata.version} of the files this writes into. */
  public static final String DATA_VERSION = "3.1";

  private GpuInsightsExport() {}

  /**
   * The entries of a run's cases on one backend.
   *
   * @param run the run
   * @param backend the backend whose cases are exported, such as {@code cpu}
   * @param epochs the epoch count to score with (GPU-Insights' default is {@link GpuInsightsScore#DEFAULT_EPOCHS})
   * @param date the entries' date
   * @param note what ran, for the note column
   * @return one entry per model with a result, in the order the models first appear
   */
  public static List<GpuInsightsEntry> entries(
      RunResult run, String backend, int epochs, LocalDate date, String note) {
    GpuInsightsHost host = GpuInsightsHost.of(run.environment(), backend);
    Map<String, CaseResult[]> byModel = new LinkedHashMap<>();
    for (CaseResult c : run.cases()) {
      if (!c.backend().equals(BackendId.parse(backend)) || !GpuInsightsEntry.MODELS.contains(c.workload())
          || c.status() != CaseStatus.PASSED || samplesPerSecond(c).isEmpty()) {
        continue;
      }
      CaseResult[] pair = byModel.computeIfAbsent(c.workload(), k -> new CaseResult[2]);
      if (c.precision() == Precision.FP32) {
        pair[0] = c;
      } else if (c.precision() == Precision.FP16 || c.precision() == Precision.BF16) {
        // GPU-Insights puts a BF16 result in the fp16 columns when there is no FP16 one.
        if (pair[1] == null || c.precision() == Precision.FP16) {
          pair[1] = c;
        }
      }
    }
    String day = date.getYear() + "." + date.getMonthValue() + "." + date.getDayOfMonth();
    List<GpuInsightsEntry> entries = new ArrayList<>();
    byModel.forEach((model, pair) -> {
      if (pair[0] == null && pair[1] == null) {
        return;
      }
      entries.add(new GpuInsightsEntry(model, host.vendor(), host.architecture(), host.device(), host.memory(),
          host.platform(), score(pair[0], epochs), batch(pair[0]), score(pair[1], epochs), batch(pair[1]), note, day,
          "ver2"));
    });
    return entries;
  }

  /**
   * The entries as a JSON array, formatted as GPU-Insights' file is.
   *
   * @param entries the entries
   * @return the JSON text
   */
  public static String toJson(List<GpuInsightsEntry> entries) {
    return ResultsFile.mapper().writeValueAsString(entries);
  }

  /**
   * Merges entries into a {@code benchmark-data.json}, replacing entries of the same model and device and
   * appending the rest, and sets {@code metadata.lastUpdated}. The file is replaced atomically.
   *
   * @param file the data file
   * @param entries the entries
   * @param today the update's date
   * @throws IllegalArgumentException naming the file and the reason when it is not a version 3.1 data file
   * @throws UncheckedIOException when it cannot be read or written
   */
  public static void mergeInto(Path file, List<GpuInsightsEntry> entries, LocalDate today) {
    JsonNode root;
    try {
      root = ResultsFile.mapper().readTree(Files.readString(file));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read GPU-Insights data file " + file, e);
    } catch (JacksonException e) {
      throw new IllegalArgumentException("GPU-Insights data file " + file + " is not JSON: " + e.getOriginalMessage(),
          e);
    }
    String version = root.path("metadata").path("version").asString("");
    if (!DATA_VERSION.equals(version) || !root.path("benchmarks").isArray()) {
      throw new IllegalArgumentException("GPU-Insights data file " + file + " has metadata.version '" + version
          + "' and " + (root.path("benchmarks").isArray() ? "" : "no ") + "benchmarks array; this export writes "
          + "version " + DATA_VERSION);
    }
    ArrayNode benchmarks = (ArrayNode) root.get("benchmarks");
    for (GpuInsightsEntry entry : entries) {
      JsonNode node = ResultsFile.mapper().valueToTree(entry);
      int existing = indexOfSameDevice(benchmarks, entry);
      if (existing >= 0) {
        benchmarks.set(existing, node);
      } else {
        benchmarks.add(node);
      }
    }
    ((ObjectNode) root.get("metadata")).put("lastUpdated", today.toString());
    ResultsFile.writeAtomically(file, ResultsFile.mapper().writeValueAsString(root));
  }

  /**
   * Exports a gpubench results file from the command line: prints the entries as JSON, or merges them into a
   * GPU-Insights data file.
   *
   * <pre>{@code
   * java -cp ... io.gpubench.examples.gpuinsights.GpuInsightsExport results.json [backend] [benchmark-data.json]
   * }</pre>
   *
   * <p>The backend defaults to {@code cpu}; scores use {@link GpuInsightsScore#DEFAULT_EPOCHS} epochs, the system
   * property {@code gpubench.gpu-insights.epochs} overrides it.
   *
   * @param args the results file, then optionally the backend and the data file to merge into
   */
  public static void main(String[] args) {
    if (args.length < 1 || args.length > 3) {
      System.err.println("usage: GpuInsightsExport results.json [backend] [benchmark-data.json]");
      System.exit(2);
    }
    RunResult run = ResultsFile.read(Path.of(args[0]));
    String backend = args.length > 1 ? args[1] : "cpu";
    int epochs = Integer.getInteger("gpubench.gpu-insights.epochs", GpuInsightsScore.DEFAULT_EPOCHS);
    String note = "gpubench on DJL " + run.environment().libraries().getOrDefault("djl", "")
        + "; FP16 = pure half precision (DJL has no autocast); scored with " + epochs + " epochs";
    List<GpuInsightsEntry> entries = entries(run, backend, epochs, LocalDate.now(), note.replace("DJL ;", "DJL;"));
    if (args.length > 2) {
      mergeInto(Path.of(args[2]), entries, LocalDate.now());
      System.out.println("merged " + entries.size() + " entries into " + args[2]);
    } else {
      System.out.println(toJson(entries));
    }
  }

  private static int indexOfSameDevice(ArrayNode benchmarks, GpuInsightsEntry entry) {
    for (int i = 0; i < benchmarks.size(); i++) {
      JsonNode b = benchmarks.get(i);
      if (b.path("model").asString("").equals(entry.model())
          && b.path("vendor").asString("").equals(entry.vendor())
          && b.path("architecture").asString("").equals(entry.architecture())
          && b.path("device").asString("").equals(entry.device())
          && b.path("memory").asString("").equals(entry.memory())
          && b.path("platform").asString("").equals(entry.platform())) {
        return i;
      }
    }
    return -1;
  }

  private static Optional<Double> samplesPerSecond(CaseResult c) {
    return Optional.ofNullable(c.throughput()).map(t -> t.itemsPerSecond());
  }

  private static Long score(CaseResult c, int epochs) {
    return c == null ? null : Math.round(GpuInsightsScore.score(samplesPerSecond(c).orElseThrow(), epochs));
  }

  private static int batch(CaseResult c) {
    return c == null || !(c.shape().get("batch") instanceof io.gpubench.api.AxisValue.Whole b) ? 0 : (int) b.value();
  }
}
