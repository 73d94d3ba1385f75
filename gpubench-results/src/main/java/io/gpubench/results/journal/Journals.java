package io.gpubench.results.journal;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.RunResult;
import io.gpubench.results.ResultsFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/** Reads journals back into runs: one file, or every journal in an output folder started since a given time. */
public final class Journals {

  private Journals() {}

  /**
   * Reads one journal.
   *
   * @param file the journal
   * @return the run, complete or not
   * @throws ResultsFile.InvalidResultsException naming the file and the reason when it is not a journal (no readable
   *     header, another schema) or a line other than the last is not valid
   */
  public static JournalRun read(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw ResultsFile.invalid(file, "cannot be read: " + e.getMessage());
    }
    if (lines.isEmpty()) {
      throw ResultsFile.invalid(file, "is empty: not a gpubench journal");
    }
    JsonNode first = parse(file, lines.get(0), 1);
    if (first == null || !"header".equals(text(first, "type"))) {
      throw ResultsFile.invalid(file, "has no header line: not a gpubench journal");
    }
    String schema = text(first, "schema");
    if (!Journal.SCHEMA.equals(schema) && !Journal.SCHEMA_2.equals(schema) && !Journal.SCHEMA_1.equals(schema)) {
      throw ResultsFile.invalid(file, "has schema \"" + schema + "\"; this version reads \"" + Journal.SCHEMA
          + "\", \"" + Journal.SCHEMA_2 + "\" and \"" + Journal.SCHEMA_1 + "\"");
    }
    JournalHeader header = convert(file, first.get("header"), JournalHeader.class, 1);
    List<CaseResult> cases = new ArrayList<>();
    java.util.Set<String> running = new java.util.LinkedHashSet<>();
    String finishedAt = null;
    String incomplete = null;
    for (int i = 1; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isBlank()) {
        continue;
      }
      JsonNode node;
      try {
        node = ResultsFile.mapper().readTree(line);
      } catch (JacksonException e) {
        if (i == lines.size() - 1) {
          incomplete = "its last line is torn (the process died while writing it)";
          break;
        }
        throw ResultsFile.invalid(file, "line " + (i + 1) + " is not valid JSON: " + e.getOriginalMessage());
      }
      switch (String.valueOf(text(node, "type"))) {
        case "start" -> running.add(text(node, "case"));
        case "case" -> {
          CaseResult c = convert(file, node.get("case"), CaseResult.class, i + 1);
          cases.add(c);
          running.remove(c.id());
        }
        case "end" -> finishedAt = text(node, "finishedAt");
        default -> throw ResultsFile.invalid(file, "line " + (i + 1) + " has an unknown type \""
            + text(node, "type") + "\"");
      }
    }
    if (finishedAt == null && incomplete == null) {
      incomplete = "it has no end line: the run was killed or its process died after " + cases.size() + " of "
          + header.plannedCases() + " planned cases";
    } else if (finishedAt == null) {
      incomplete = incomplete + ", after " + cases.size() + " of " + header.plannedCases() + " planned cases";
    }
    String end = finishedAt != null ? finishedAt : lastWrite(file);
    RunResult run = new RunResult(RunResult.SCHEMA, header.runId(), header.startedAt(), end, header.environment(),
        cases);
    return new JournalRun(file, run, header.plannedCases(), incomplete, header.planned(),
        List.copyOf(running), header.build(), header.shard());
  }

  /**
   * The build a journal's run belongs to, from its header line alone: what a run asks of every journal in its folder
   * to find its build's other forks, without reading their cases (a journal of 1,000 cases is megabytes of JSON).
   *
   * @param file the journal
   * @return the build identity, or null where the journal names none or its header cannot be read
   */
  public static String buildOf(Path file) {
    String line;
    try (java.io.BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      line = r.readLine();
    } catch (IOException e) {
      return null;
    }
    if (line == null) {
      return null;
    }
    try {
      JsonNode header = ResultsFile.mapper().readTree(line).get("header");
      JsonNode build = header == null ? null : header.get("build");
      return build == null || build.isNull() ? null : build.asString();
    } catch (JacksonException e) {
      return null;
    }
  }

  /**
   * Every journal in an output folder whose run started at or after a time, oldest first.
   *
   * @param outputDir the output folder ({@code target/gpubench})
   * @param since the earliest start to include, or null for all
   * @return the runs
   * @throws ResultsFile.InvalidResultsException naming a journal that cannot be read
   */
  public static List<JournalRun> in(Path outputDir, Instant since) {
    Path dir = outputDir.resolve(Journal.FOLDER);
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    List<JournalRun> runs = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".jsonl")).sorted().toList()) {
        JournalRun r = read(f);
        if (since == null || !startOf(r).isBefore(since)) {
          runs.add(r);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
    }
    runs.sort(Comparator.comparing(Journals::startOf));
    return runs;
  }

  /**
   * Every journal of a folder a user names, whatever its age, oldest first: an output folder (its
   * {@value Journal#FOLDER} folder), or a folder that holds journals itself (the shards' folder, a journal folder).
   *
   * @param folder the folder
   * @return the runs; empty when it holds none
   * @throws ResultsFile.InvalidResultsException naming a journal that cannot be read
   */
  public static List<JournalRun> inFolder(Path folder) {
    if (Files.isDirectory(folder.resolve(Journal.FOLDER))) {
      return in(folder, null);
    }
    List<JournalRun> runs = new ArrayList<>();
    try (Stream<Path> files = Files.list(folder)) {
      for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".jsonl")).sorted().toList()) {
        runs.add(read(f));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + folder + ": " + e.getMessage(), e);
    }
    runs.sort(Comparator.comparing(Journals::startOf));
    return runs;
  }

  /**
   * One run made of several (the Surefire forks of one build): every case of each, the first run's environment,
   * the earliest start and latest end.
   *
   * @param runs the runs, at least one
   * @return the merged run, whose id joins the runs' ids
   */
  public static RunResult merge(List<JournalRun> runs) {
    if (runs.size() == 1) {
      return runs.get(0).run();
    }
    List<CaseResult> cases = new ArrayList<>();
    String start = null;
    String end = null;
    StringBuilder id = new StringBuilder();
    for (JournalRun r : runs) {
      cases.addAll(r.run().cases());
      start = start == null || r.run().startedAt().compareTo(start) < 0 ? r.run().startedAt() : start;
      end = end == null || r.run().finishedAt().compareTo(end) > 0 ? r.run().finishedAt() : end;
      id.append(id.length() == 0 ? "" : "+").append(r.run().runId());
    }
    return new RunResult(RunResult.SCHEMA, id.toString(), start, end, runs.get(0).run().environment(), cases);
  }

  private static Instant startOf(JournalRun r) {
    try {
      return Instant.parse(r.run().startedAt());
    } catch (DateTimeParseException | NullPointerException e) {
      throw ResultsFile.invalid(r.file(), "has a start time that is not ISO-8601: " + r.run().startedAt());
    }
  }

  private static String lastWrite(Path file) {
    try {
      return Files.getLastModifiedTime(file).toInstant().toString();
    } catch (IOException e) {
      return null;
    }
  }

  private static JsonNode parse(Path file, String line, int number) {
    try {
      return ResultsFile.mapper().readTree(line);
    } catch (JacksonException e) {
      throw ResultsFile.invalid(file, "line " + number + " is not valid JSON: " + e.getOriginalMessage());
    }
  }

  private static <T> T convert(Path file, JsonNode node, Class<T> type, int number) {
    try {
      return ResultsFile.mapper().treeToValue(node, type);
    } catch (JacksonException e) {
      throw ResultsFile.invalid(file, "line " + number + " does not match " + Journal.SCHEMA + ": "
          + ResultsFile.mismatch(e, node));
    }
  }

  private static String text(JsonNode node, String field) {
    JsonNode v = node == null ? null : node.get(field);
    return v == null || v.isNull() ? null : v.asString();
  }
}
