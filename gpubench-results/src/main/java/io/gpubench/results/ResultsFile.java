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
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.exc.ValueInstantiationException;
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
    RunResult run = parseVersioned(upgraded(text), RunResult.SCHEMA, "results", RunResult.class,
        reason -> new InvalidResultsException(file, reason));
    String missing = missingField(run);
    if (missing != null) {
      throw new InvalidResultsException(file, "does not match schema " + RunResult.SCHEMA + ": " + missing
          + " is missing");
    }
    return run;
  }

  // The fields every reader of a run dereferences: named here, not met later as a NullPointerException.
  private static String missingField(RunResult run) {
    if (run.runId() == null) {
      return "runId";
    }
    if (run.environment() == null) {
      return "environment";
    }
    for (int i = 0; i < run.cases().size(); i++) {
      var c = run.cases().get(i);
      if (c == null) {
        return "cases[" + i + "]";
      }
      if (c.id() == null) {
        return "cases[" + i + "].id";
      }
      if (c.status() == null) {
        return "cases[" + i + "].status";
      }
    }
    return null;
  }

  /**
   * Reads a file of an earlier schema as the current one: version 3 differs in what its intervals bound (the mean),
   * which readers of a CaseResult tell from an interval that does not hold the median; version 2's shapes hold whole
   * numbers only, which read as whole-number axes, and it had no axis overrides; so only the id changes. Anything else is left
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
        && (RunResult.SCHEMA_3.equals(root.path("schema").asString(null))
            || RunResult.SCHEMA_2.equals(root.path("schema").asString(null)))) {
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
      throw fail.apply("does not match schema " + schema + ": " + mismatch(e, tree));
    }
  }

  /**
   * Where and how a file does not match its record tree, in its own terms: {@code cases[2].shape is missing or
   * null}. A record that copies a list or map met a null with a bare {@code NullPointerException} ({@code "coll"
   * is null}), and a reader of the plugin's message had to guess the field.
   *
   * @param e the mapping error
   * @param tree the file's tree, to name the field of the object that could not be made
   * @return the field's path and what is wrong with it
   */
  public static String mismatch(JacksonException e, JsonNode tree) {
    StringBuilder path = new StringBuilder();
    JsonNode node = tree;
    for (JacksonException.Reference r : e.getPath()) {
      if (r.getPropertyName() != null) {
        path.append(path.length() == 0 ? "" : ".").append(r.getPropertyName());
        node = node == null ? null : node.get(r.getPropertyName());
      } else if (r.getIndex() >= 0) {
        path.append('[').append(r.getIndex()).append(']');
        node = node == null ? null : node.get(r.getIndex());
      }
    }
    Throwable cause = e.getCause();
    if (cause instanceof NullPointerException && e instanceof ValueInstantiationException v && node != null
        && node.isObject()) {
      List<String> missing = missingCollections(v.getType().getRawClass(), node);
      if (!missing.isEmpty()) {
        String prefix = path.length() == 0 ? "" : path + ".";
        return String.join(", ", missing.stream().map(m -> prefix + m).toList()) + (missing.size() == 1 ? " is"
            : " are") + " missing or null";
      }
    }
    String where = path.length() == 0 ? "the file" : path.toString();
    if (cause instanceof NullPointerException) {
      return where + " lacks a field it needs";
    }
    if (cause instanceof IllegalArgumentException && cause.getMessage() != null) {
      return where + " is not valid: " + cause.getMessage();
    }
    return where + " cannot be read: " + e.getOriginalMessage();
  }

  // The list and map fields of a record that an object lacks or has as null, and whose absence its constructor does
  // not take: with all of them made empty the object maps, and with one of them absent again it does not.
  private static List<String> missingCollections(Class<?> type, JsonNode node) {
    if (!type.isRecord() || !(node instanceof tools.jackson.databind.node.ObjectNode object)) {
      return List.of();
    }
    List<java.lang.reflect.RecordComponent> absent = new java.util.ArrayList<>();
    for (java.lang.reflect.RecordComponent c : type.getRecordComponents()) {
      boolean collection = java.util.Collection.class.isAssignableFrom(c.getType())
          || java.util.Map.class.isAssignableFrom(c.getType());
      JsonNode v = node.get(c.getName());
      if (collection && (v == null || v.isNull())) {
        absent.add(c);
      }
    }
    tools.jackson.databind.node.ObjectNode filled = object.deepCopy();
    absent.forEach(c -> fill(filled, c));
    if (!maps(filled, type)) {
      return absent.stream().map(java.lang.reflect.RecordComponent::getName).toList();
    }
    List<String> needed = new java.util.ArrayList<>();
    for (java.lang.reflect.RecordComponent c : absent) {
      tools.jackson.databind.node.ObjectNode without = filled.deepCopy();
      without.remove(c.getName());
      if (!maps(without, type)) {
        needed.add(c.getName());
      }
    }
    return needed;
  }

  private static void fill(tools.jackson.databind.node.ObjectNode node, java.lang.reflect.RecordComponent c) {
    if (java.util.Map.class.isAssignableFrom(c.getType())) {
      node.putObject(c.getName());
    } else {
      node.putArray(c.getName());
    }
  }

  private static boolean maps(JsonNode node, Class<?> type) {
    try {
      MAPPER.treeToValue(node, type);
      return true;
    } catch (JacksonException e) {
      return false;
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
