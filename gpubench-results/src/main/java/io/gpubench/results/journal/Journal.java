package io.gpubench.results.journal;

import io.gpubench.api.result.CaseResult;
import io.gpubench.results.ResultsFile;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * Appends a run's cases to its journal as they are decided. Each line is written and flushed to the operating system
 * before {@link #append} returns, so a SIGKILL of the process loses nothing that was recorded (no fsync: the journal
 * is for process deaths, not power loss, and a sync per case would cost milliseconds). Thread-safe.
 */
public final class Journal implements AutoCloseable {

  /**
   * The schema id of the header line. Version 3's case lines are results-4 cases (intervals of the median, batch
   * figures, seconds spent). Version 2 added the planned case ids and the build to the header and a {@code start}
   * line before each case is run, and its case lines are results-3 cases (shapes may hold real numbers and names,
   * and they may name overridden axes); versions 2 and 1 are read as well.
   */
  public static final String SCHEMA = "gpubench-journal/3";

  /** The schema before {@link #SCHEMA}, still read: its case lines' intervals are of the mean. */
  public static final String SCHEMA_2 = "gpubench-journal/2";

  /** The schema before {@link #SCHEMA}, still read: no planned ids or start lines, whole-number shapes. */
  public static final String SCHEMA_1 = "gpubench-journal/1";

  /** The folder, inside the output folder, that holds the journals. */
  public static final String FOLDER = "journal";

  private static final JsonMapper LINES = ResultsFile.mapper().rebuild()
      .disable(tools.jackson.databind.SerializationFeature.INDENT_OUTPUT).build();

  private final Path file;
  private final BufferedWriter out;
  private int cases;
  private boolean ended;

  private Journal(Path file, BufferedWriter out) {
    this.file = file;
    this.out = out;
  }

  /**
   * Creates the journal of a run and writes its header.
   *
   * @param outputDir the run's output folder ({@code target/gpubench})
   * @param header the header
   * @return the journal
   * @throws UncheckedIOException naming the file when it cannot be created
   */
  public static Journal create(Path outputDir, JournalHeader header) {
    return createAt(outputDir.toAbsolutePath().resolve(FOLDER).resolve(header.runId() + ".jsonl"), header);
  }

  /**
   * Creates the journal of a shard in the folder the shards share: {@code shard-<I>-of-<N>-<runId>.jsonl}, so that
   * no shard's journal ever overwrites another's, and a listing sorts them by index.
   *
   * @param folder the shards' folder
   * @param header the header, with its shard
   * @return the journal
   * @throws UncheckedIOException naming the file when it cannot be created
   */
  public static Journal createShard(Path folder, JournalHeader header) {
    ShardMark s = header.shard();
    return createAt(folder.toAbsolutePath().resolve("shard-" + s.index() + "-of-" + s.count() + "-" + header.runId()
        + ".jsonl"), header);
  }

  private static Journal createAt(Path file, JournalHeader header) {
    try {
      Files.createDirectories(file.getParent());
      BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
          StandardOpenOption.WRITE);
      Journal j = new Journal(file, w);
      Map<String, Object> line = new LinkedHashMap<>();
      line.put("type", "header");
      line.put("schema", SCHEMA);
      line.put("header", header);
      j.writeLine(line);
      return j;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the journal " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * The journal's file.
   *
   * @return the path
   */
  public Path file() {
    return file;
  }

  /**
   * Records that a case starts, so that a run killed while it ran names it.
   *
   * @param caseId the case's id
   * @throws UncheckedIOException naming the file when it cannot be written
   */
  public synchronized void started(String caseId) {
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("type", "start");
    line.put("case", caseId);
    writeLine(line);
  }

  /**
   * Records a decided case.
   *
   * @param result the case's result
   * @throws UncheckedIOException naming the file when it cannot be written
   */
  public synchronized void append(CaseResult result) {
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("type", "case");
    line.put("case", result);
    writeLine(line);
    cases++;
  }

  /**
   * Marks the run complete: every planned case was decided and the run ended normally.
   *
   * @param finishedAt when the run ended
   */
  public synchronized void end(Instant finishedAt) {
    if (ended) {
      return;
    }
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("type", "end");
    line.put("finishedAt", finishedAt.toString());
    line.put("cases", cases);
    writeLine(line);
    ended = true;
  }

  private void writeLine(Map<String, Object> line) {
    try {
      out.write(LINES.writeValueAsString(line));
      out.write('\n');
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the journal " + file + ": " + e.getMessage(), e);
    }
  }

  @Override
  public synchronized void close() {
    try {
      out.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close the journal " + file + ": " + e.getMessage(), e);
    }
  }
}
