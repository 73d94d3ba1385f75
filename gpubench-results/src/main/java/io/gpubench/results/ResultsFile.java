package io.gpubench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.gpubench.api.result.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.function.Function;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads and writes {@code results.json}. Writing is atomic (a temporary file in the same folder, then a rename), so
 * a reader never sees half a file and a crash never leaves one. Reading checks the schema id first, so a foreign
 * or newer file fails with the file and the reason rather than with a mapping error; a file of the previous schema
 * ({@link RunResult#SCHEMA_2}) is read as the current one.
 */
public final class ResultsFile {

  private static final JsonMapper MAPPER = JsonMapper.builder()
      .enable(SerializationFeature.INDENT_OUTPUT)
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .changeDefaultPropertyInclusion(i -> i.withValueInclusion(JsonInclude.Include.NON_NULL))
      .addModule(ResultsJson.module())
      .build();

  private ResultsFile() {}

  /**
   * The mapper used for results, for writers of other formats that embed the JSON (the HTML report).
   *
   * @return the shared, thread-safe mapper
   */
  public static JsonMapper mapper() {
    return MAPPER;
  }

  /**
   * Writes a run atomically, creating the folder.
   *
   * @param run the results
   * @param file the target
   * @throws UncheckedIOException naming the file when it cannot be written
   */
  public static void write(RunResult run, Path file) {
    writeAtomically(file, MAPPER.writeValueAsString(run));
  }

  /**
   * Writes text to a file atomically: to a temporary file beside it, then renamed over it.
   *
   * @param file the target
   * @param text the content, UTF-8
   * @throws UncheckedIOException naming the file when it cannot be written
   */
  public static void writeAtomically(Path file, String text) {
    Path target = file.toAbsolutePath();
    try {
      Files.createDirectories(target.getParent());
      Path tmp = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".tmp");
      try {
        Files.writeString(tmp, text);
        readableByAll(tmp);
        try {
          Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
    }
  }

  /**
   * Gives a file the permissions an ordinary new file gets (rw-r--r--): a temporary file is created owner-only, which
   * would keep results and baselines from other users of a shared CI machine.
   */
  private static void readableByAll(Path file) throws IOException {
    if (file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
    }
  }

  /**
   * Reads a results file.
   *
   * @param file the file
   * @return the run
   * @throws InvalidResultsException naming the file and the reason: missing, unreadable, not JSON, another
   *     schema, or fields of the wrong type
   */
  public static RunResult read(Path file) {
    String text;
    try {
      text = Files.readString(file);
    } catch (NoSuchFileException e) {
      throw new InvalidResultsException(file, "no such file");
    } catch (IOException e) {
      throw new InvalidResultsException(file, "cannot be read: " + e.getMessage());
    }
    return parseVersioned(upgraded(text), RunResult.SCHEMA, "results", RunResult.class,
        reason -> new InvalidResultsException(file, reason));
  }

  /**
   * Reads a file of the previous schema as the current one: version 2's shapes hold whole numbers only, which
   * version 3 reads as whole-number axes, and it had no axis overrides; so only the id changes. Anything else is left
   * for {@link #parseVersioned} to judge, so its messages stay the same for every kind of bad file.
   */
  private static String upgraded(String text) {
    JsonNode tree;
    try {
      tree = MAPPER.readTree(text);
    } catch (JacksonException e) {
      return text;
    }
    if (tree instanceof tools.jackson.databind.node.ObjectNode root
        && RunResult.SCHEMA_2.equals(root.path("schema").asString(null))) {
      root.put("schema", RunResult.SCHEMA);
      return MAPPER.writeValueAsString(root);
    }
    return text;
  }

  /**
   * Parses the text of a versioned gpubench JSON file (results, baselines): a JSON object whose {@code "schema"}
   * field names the schema this version reads, mapped onto {@code type}. The schema is checked before mapping, so
   * a foreign or newer file fails with its schema id rather than with a mapping error.
   *
   * @param text the file's text
   * @param schema the schema id this version reads
   * @param kind what such a file is, for messages: {@code "results"}, {@code "baseline"}
   * @param type the record to map onto
   * @param fail makes the exception for a reason such as {@code is not valid JSON: ...}
   * @param <T> the type
   * @return the content
   */
  public static <T> T parseVersioned(String text, String schema, String kind, Class<T> type,
      Function<String, RuntimeException> fail) {
    JsonNode tree;
    try {
      tree = MAPPER.readTree(text);
    } catch (JacksonException e) {
      throw fail.apply("is not valid JSON: " + e.getOriginalMessage());
    }
    if (tree == null || !tree.isObject()) {
      throw fail.apply("is not a JSON object");
    }
    JsonNode id = tree.get("schema");
    if (id == null || !id.isString()) {
      throw fail.apply("has no \"schema\" field: not a gpubench " + kind + " file");
    }
    if (!schema.equals(id.asString())) {
      throw fail.apply("has schema \"" + id.asString() + "\"; this version reads \"" + schema + "\"");
    }
    try {
      return MAPPER.treeToValue(tree, type);
    } catch (JacksonException e) {
      throw fail.apply("does not match schema " + schema + ": " + e.getOriginalMessage());
    }
  }


  /**
   * The exception for a results or journal file that cannot be used.
   *
   * @param file the file at fault
   * @param reason why, as a predicate of the file: {@code "is not valid JSON: ..."}
   * @return the exception, naming both
   */
  public static InvalidResultsException invalid(Path file, String reason) {
    return new InvalidResultsException(file, reason);
  }

  /** A results file that cannot be used, with the file and the reason in the message. */
  public static final class InvalidResultsException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient Path file;

    InvalidResultsException(Path file, String reason) {
      super(file + " " + reason);
      this.file = file;
    }

    /**
     * The file at fault.
     *
     * @return the path
     */
    public Path file() {
      return file;
    }
  }
}
