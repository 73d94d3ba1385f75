package io.gpubench.engine.protocol;

import io.gpubench.results.ResultsFile;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The wire format between the engine and a worker: frames of a 4-byte big-endian length and that many bytes of
 * UTF-8 JSON, each an object {@code {"op": ..., "body": ...}} with {@code op} a {@link Control} frame's name. The
 * steps of a case go in batches: one {@link Control#STEPS} frame holds several {@link Step}s with their requests,
 * and one {@link Control#REPLIES} frame holds their replies, so that a case costs two round trips (its front; its
 * trials until the rule decides, with its end), not one a step (a round trip of the loopback socket and its JSON
 * costs some 0.3 ms; a case made twelve). The records of {@link Steps} travel as their JSON (the results' mapper, so non-finite numbers survive), typed by their step.
 * Version: {@value #VERSION}, checked in the worker's hello.
 */
public final class Frames {
  /**
   * The protocol's version; the engine refuses a worker that speaks another. 8: a step of trials asks for a count or
   * for trials until the stopping rule decides, with the rule's terms, and an undecided reply ends its exchange
   * ({@code wire/v8.txt}); 7: a telemetry sample carries the process's device memory, and a worker on the engine's
   * host marks its steps in a file and announces only those that run a while ({@code wire/v7.txt}); 6: a case's
   * request carries the cache
   * and device-timing modes, not the engine's whole trial policy ({@code wire/v6.txt}); 5: the shape first written
   * down in the engine's test resources (checked by {@code WireShapeTest}: the request and reply records as the Slurm
   * launcher and the memory figures left them); 4: typed steps in batches (3 carried a case's axes in its
   * request, one step a frame).
   */
  public static final int VERSION = 8;

  /** The largest frame accepted, so that a corrupt length cannot make a reader allocate gigabytes. */
  static final int MAX_FRAME = 64 << 20;

  private static final JsonMapper JSON = ResultsFile.mapper().rebuild()
      .disable(SerializationFeature.INDENT_OUTPUT).build();

  private Frames() {}

  /**
   * Makes the JSON mapper ready: a new JVM spends some 0.3 s loading and setting up Jackson on its first frame. A
   * worker calls this on a thread of its own as it starts, so that the work overlaps its other start-up steps
   * (connecting, reading its properties) instead of following them.
   */
  public static void prime() {
    try {
      JSON.readTree(JSON.writeValueAsBytes(new Envelope(Control.HELLO.wireName(), java.util.Map.of("version", VERSION))));
    } catch (RuntimeException e) {
      // the first real frame reports whatever is wrong
    }
  }

  /**
   * One frame read.
   *
   * @param op what it is
   * @param body its body, or a null node
   */
  public record Frame(Control op, JsonNode body) {

    /**
     * The body as a value.
     *
     * @param type the value's class
     * @param <T> the type
     * @return the value
     */
    public <T> T as(Class<T> type) {
      return JSON.treeToValue(body, type);
    }
  }

  /** A frame as it is written: Jackson writes the body as it is, with no tree in between. */
  private record Envelope(String op, Object body) {}

  /** A step as it travels in a {@link Control#STEPS} frame. */
  private record WireCall(String step, Object body) {}

  /** The replies of a batch as they travel in a {@link Control#REPLIES} frame. */
  private record WireReplies(List<Object> replies, Failure failure) {}

  /**
   * The replies of a batch of steps.
   *
   * @param replies each step's reply in order, of its {@link Step#replyType()} (null for {@link Void}), up to the
   *     one that failed
   * @param failure the failure of the step after the last reply, or null when every step ran
   */
  public record Replies(List<Object> replies, Failure failure) {

    /**
     * Copies the replies, which may hold nulls.
     *
     * @param replies replies
     * @param failure failure
     */
    public Replies {
      replies = Collections.unmodifiableList(new ArrayList<>(replies));
    }
  }

  /**
   * Writes a control frame.
   *
   * @param out the stream, flushed after the frame
   * @param op the frame
   * @param body its body, or null
   * @throws IOException when the stream fails
   */
  public static void write(DataOutputStream out, Control op, Object body) throws IOException {
    byte[] bytes = JSON.writeValueAsBytes(new Envelope(op.wireName(), body));
    synchronized (out) {
      out.writeInt(bytes.length);
      out.write(bytes);
      out.flush();
    }
  }

  /**
   * Writes a batch of steps.
   *
   * @param out the stream
   * @param calls the steps, in order
   * @throws IOException when the stream fails
   */
  public static void writeSteps(DataOutputStream out, List<Step.Call> calls) throws IOException {
    List<WireCall> wire = new ArrayList<>(calls.size());
    for (Step.Call c : calls) {
      wire.add(new WireCall(c.step().wireName(), c.body()));
    }
    write(out, Control.STEPS, wire);
  }

  /**
   * The steps of a {@link Control#STEPS} frame, their requests typed.
   *
   * @param f the frame
   * @return the steps
   * @throws IOException when a step or a request is not what the protocol says
   */
  public static List<Step.Call> steps(Frame f) throws IOException {
    List<Step.Call> calls = new ArrayList<>();
    try {
      for (JsonNode c : f.body()) {
        Step step = Step.ofWireName(c.path("step").asString());
        JsonNode body = c.get("body");
        Object value = step.requestType() == Void.class || body == null || body.isNull() ? null
            : JSON.treeToValue(body, step.requestType());
        calls.add(step.with(value));
      }
    } catch (RuntimeException e) {
      throw new IOException("a steps frame the protocol does not describe: " + e.getMessage(), e);
    }
    return calls;
  }

  /**
   * Writes the replies of a batch.
   *
   * @param out the stream
   * @param replies the replies
   * @throws IOException when the stream fails
   */
  public static void writeReplies(DataOutputStream out, Replies replies) throws IOException {
    write(out, Control.REPLIES, new WireReplies(replies.replies(), replies.failure()));
  }

  /**
   * The replies of a {@link Control#REPLIES} frame, typed by the steps they answer.
   *
   * @param f the frame
   * @param asked the steps asked for, in order
   * @return the replies
   * @throws IOException when there are more replies than steps, or a reply is not of its step's type
   */
  public static Replies replies(Frame f, List<Step> asked) throws IOException {
    try {
      JsonNode list = f.body().path("replies");
      if (list.size() > asked.size()) {
        throw new IllegalStateException(list.size() + " replies to " + asked.size() + " steps");
      }
      List<Object> out = new ArrayList<>(list.size());
      for (int i = 0; i < list.size(); i++) {
        Class<?> type = asked.get(i).replyType();
        JsonNode r = list.get(i);
        out.add(type == Void.class || r.isNull() ? null : JSON.treeToValue(r, type));
      }
      JsonNode failure = f.body().get("failure");
      return new Replies(out, failure == null || failure.isNull() ? null : JSON.treeToValue(failure, Failure.class));
    } catch (RuntimeException e) {
      throw new IOException("a replies frame the protocol does not describe: " + e.getMessage(), e);
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
    return read(in, MAX_FRAME);
  }

  /**
   * Reads a frame no longer than a limit: the first frame of a connection that has not yet proved itself is a small
   * hello, and a stranger must not make the engine allocate for a frame of its choosing.
   *
   * @param in the stream
   * @param maxBytes the longest frame taken
   * @return the frame
   * @throws EOFException when the stream ends
   * @throws IOException when the stream fails, or the frame is longer or malformed
   */
  public static Frame read(DataInputStream in, int maxBytes) throws IOException {
    int length = in.readInt();
    if (length < 0 || length > maxBytes) {
      throw new IOException("a frame of " + length + " bytes: the stream is corrupt");
    }
    byte[] bytes = new byte[length];
    in.readFully(bytes);
    JsonNode node;
    try {
      node = JSON.readTree(bytes);
    } catch (RuntimeException e) {
      throw new IOException("a frame that is not JSON: " + e.getMessage(), e);
    }
    JsonNode op = node.get("op");
    Control control = op == null || !op.isString() ? null : Control.ofWireName(op.asString());
    if (control == null) {
      throw new IOException("a frame without a known op: " + (op == null ? "none" : op));
    }
    return new Frame(control, node.get("body"));
  }
}
