package io.gpubench.maven.baseline;

import io.gpubench.results.ResultsFile;
import io.gpubench.results.compare.RunSamples;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads and writes baseline files ({@code gpubench-baseline/2}, described in {@code docs/maven-plugin.md}). Writing
 * is atomic, like the results file. Reading checks the schema id before mapping and every case after, so a file
 * that is not a baseline, is of another version, or was hand-edited into nonsense fails with the file and the
 * reason rather than later with a null. A file of the first version ({@code gpubench-baseline/1}, one run's samples
 * per case) is read as a baseline of one run per case, and written back in the new version by the next recording.
 */
public final class BaselineFile {

  private BaselineFile() {}

  /**
   * Whether a baseline file exists.
   *
   * @param file the path
   * @return true when there is a regular file there
   */
  public static boolean exists(Path file) {
    return Files.isRegularFile(file);
  }

  /**
   * Reads a baseline file.
   *
   * @param file the file
   * @return its content
   * @throws InvalidBaselineException naming the file and the reason: missing, unreadable, not JSON, another
   *     schema, or a case without its id, clock or samples
   */
  public static BaselineSet read(Path file) {
    String text;
    try {
      text = Files.readString(file);
    } catch (NoSuchFileException e) {
      throw new InvalidBaselineException(file, "does not exist");
    } catch (IOException e) {
      throw new InvalidBaselineException(file, "cannot be read: " + e.getMessage());
    }
    BaselineSet set = ResultsFile.parseVersioned(upgraded(text), BaselineSet.SCHEMA, "baseline", BaselineSet.class,
        reason -> new InvalidBaselineException(file, reason));
    validate(file, set);
    return set;
  }

  /**
   * Writes a baseline file atomically, creating its folder.
   *
   * @param set the content
   * @param file the target
   * @throws UncheckedIOException naming the file when it cannot be written
   */
  public static void write(BaselineSet set, Path file) {
    ResultsFile.writeAtomically(file, ResultsFile.mapper().writeValueAsString(set) + System.lineSeparator());
  }

  // Version 1 kept one run's fields on the case itself; version 2 keeps a list of runs. Anything that is not a v1
  // object is left for parseVersioned to judge, so its messages stay the same for every kind of bad file.
  private static String upgraded(String text) {
    JsonNode tree;
    try {
      tree = ResultsFile.mapper().readTree(text);
    } catch (JacksonException e) {
      return text;
    }
    if (tree == null || !tree.isObject() || !BaselineSet.SCHEMA_1.equals(tree.path("schema").asString(null))) {
      return text;
    }
    ObjectNode root = (ObjectNode) tree;
    root.put("schema", BaselineSet.SCHEMA);
    for (JsonNode env : root.path("environments")) {
      for (JsonNode c : env.path("cases")) {
        if (c instanceof ObjectNode kase) {
          ObjectNode run = kase.objectNode();
          for (String field : List.of("runId", "recordedAt", "gitRevision", "samplesNanos", "medianNanos")) {
            JsonNode v = kase.remove(field);
            if (v != null) {
              run.set(field, v);
            }
          }
          kase.putArray("runs").add(run);
        }
      }
    }
    return ResultsFile.mapper().writeValueAsString(root);
  }

  private static void validate(Path file, BaselineSet set) {
    for (int i = 0; i < set.environments().size(); i++) {
      EnvironmentBaseline e = set.environments().get(i);
      String where = "environments[" + i + "]";
      if (e.key() == null || e.key().isBlank()) {
        throw new InvalidBaselineException(file, where + " has no \"key\"");
      }
      for (BaselineCase c : e.cases()) {
        if (c.id() == null || c.id().isBlank()) {
          throw new InvalidBaselineException(file, where + " (" + e.key() + ") has a case without an \"id\"");
        }
        if (!List.of(RunSamples.DEVICE, RunSamples.HOST, RunSamples.DEVICE_BATCH).contains(c.clock())) {
          throw new InvalidBaselineException(file, "case " + c.id() + " has clock \"" + c.clock()
              + "\"; expected \"device\", \"device-batch\" or \"host\"");
        }
        if (c.runs().isEmpty()) {
          throw new InvalidBaselineException(file, "case " + c.id() + " needs \"runs\": a non-empty list of runs");
        }
        for (int r = 0; r < c.runs().size(); r++) {
          BaselineRun run = c.runs().get(r);
          if (run.samplesNanos().isEmpty()
              || run.samplesNanos().stream().anyMatch(v -> v == null || !(v > 0) || v.isInfinite())) {
            throw new InvalidBaselineException(file, "case " + c.id() + " runs[" + r + "]"
                + (run.runId() == null ? "" : " (" + run.runId() + ")")
                + " needs \"samplesNanos\": a non-empty list of positive times");
          }
          for (var bound : java.util.Map.of("slowdown", java.util.Optional.ofNullable(run.slowdown()), "spread",
              java.util.Optional.ofNullable(run.spread())).entrySet()) {
            Double v = bound.getValue().orElse(null);
            if (v != null && !(v >= 1 && v < Double.POSITIVE_INFINITY)) {
              throw new InvalidBaselineException(file, "case " + c.id() + " runs[" + r + "]"
                  + (run.runId() == null ? "" : " (" + run.runId() + ")") + " has \"" + bound.getKey() + "\": " + v
                  + "; a bound is a finite factor of at least 1");
            }
          }
        }
      }
    }
  }
}
