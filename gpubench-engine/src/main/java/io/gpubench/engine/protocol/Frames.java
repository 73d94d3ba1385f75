package io.gpubench.engine.protocol;

import io.gpubench.results.ResultsFile;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The wire format between the engine and a worker: frames of a 4-byte big-endian length and that many bytes of
 * UTF-8 JSON, each an object {@code {"op": ..., "body": ...}}. The records of {@link Steps} travel as their JSON
 * (the results' mapper, so non-finite numbers survive); the reader knows from the operation what a body is.
 * Version: {@value #VERSION}, checked in the worker's hello.
 */
public final class Frames {
  /** The protocol's version; the engine refuses a worker that speaks another. */
  public static final int VERSION = 3;

  /** The largest frame accepted, so that a corrupt length cannot make a reader allocate gigabytes. */
  static final int MAX_FRAME = 64 << 20;

  private static final JsonMapper JSON = ResultsFile.mapper().rebuild()
      .disable(SerializationFeature.INDENT_OUTPUT).build();

  private Frames() {}

  /**
   * One frame read.
   *
   * @param op the operation
   * @param body its body, or a null node
   */
  public record Frame(String op, JsonNode body) {

    /**
     * The body as a record.
     *
     * @param type the record's class
     * @param <T> the type
     * @return the value
     */
    public <T> T as(Class<T> type) {
      return JSON.treeToValue(body, type);
    }
  }

  /**
   * Writes a frame.
   *
   * @param out the stream, flushed after the frame
   * @param op the operation
   * @param body its body, or null
   * @throws IOException when the stream fails
   */
  public static void write(DataOutputStream out, String op, Object body) throws IOException {
    ObjectNode frame = JSON.createObjectNode();
    frame.put("op", op);
    frame.set("body", body == null ? JSON.nullNode() : JSON.valueToTree(body));
    byte[] bytes = JSON.writeValueAsBytes(frame);
    synchronized (out) {
      out.writeInt(bytes.length);
      out.write(bytes);
      out.flush();
    }
  }

  /**
   * Reads a frame.
   *
   * @param in the stream
   * @return the frame
   * @throws EOFException when the stream ends (the other side closed or died)
   * @throws IOException when the stream fails or the frame is malformed
   */
  public static Frame read(DataInputStream in) throws IOException {
    int length = in.readInt();
    if (length < 0 || length > MAX_FRAME) {
      throw new IOException("a frame of " + length + " bytes: the stream is corrupt");
    }
    byte[] bytes = new byte[length];
    in.readFully(bytes);
    JsonNode node;
    try {
      node = JSON.readTree(new String(bytes, StandardCharsets.UTF_8));
    } catch (RuntimeException e) {
      throw new IOException("a frame that is not JSON: " + e.getMessage(), e);
    }
    JsonNode op = node.get("op");
    if (op == null || !op.isString()) {
      throw new IOException("a frame without an op");
    }
    return new Frame(op.asString(), node.get("body"));
  }
}
