package io.gpubench.engine.protocol;

import io.gpubench.results.ResultsFile;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
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
 * The wire format between the engine and a worker: frames of a 4-byte big-endian length and that many bytes. A control
 * frame is UTF-8 JSON, an object {@code {"op": ..., "body": ...}} with {@code op} a {@link Control} frame's name. The
 * steps of a case go in batches: one {@link Control#STEPS} frame holds several {@link Step}s with their requests,
 * and one {@link Control#REPLIES} frame holds their replies, so that a case costs two round trips (its front; its
 * trials until the rule decides, with its end), not one a step (a round trip of the loopback socket and its JSON
 * costs some 0.3 ms; a case made twelve). Those two are binary ({@link WireValues}: a byte {@value #BINARY}, the op's
 * name, then the values by their step's types), since they are the frames every case sends; a JSON frame starts
 * with <code>{</code>. Version: {@value #VERSION}, checked in the worker's hello.
 */
public final class Frames {
  /**
   * The protocol's version; the engine refuses a worker that speaks another. 10: a request of trials until the rule
   * decides may charge the warm-up before it in its exchange to the rule's budget ({@code Steps.WarmupCharge}), so that
   * a case's front, trials and end go in one exchange, and a case's end carries the runner's seconds of it
   * ({@code wire/v10.txt}); 9: steps and replies are binary
   * ({@link WireValues}), and a sealed interface's permitted records are part of the shape ({@code wire/v9.txt});
   * 8: a step of trials asks for a count or for trials until the stopping rule decides, with the rule's terms, and
   * an undecided reply ends its exchange ({@code wire/v8.txt}); 7: a telemetry sample carries the process's device
   * memory, and a worker on the engine's host marks its steps in a file and announces only those that run a while
   * ({@code wire/v7.txt}); 6: a case's request carries the cache and device-timing modes, not the engine's whole trial
   * policy ({@code wire/v6.txt}); 5: the shape first written
   * down in the engine's test resources (checked by {@code WireShapeTest}: the request and reply records as the Slurm
   * launcher and the memory figures left them); 4: typed steps in batches (3 carried a case's axes in its
   * request, one step a frame).
   */
  public static final int VERSION = 10;

  /** The largest frame accepted, so that a corrupt length cannot make a reader allocate gigabytes. */
  static final int MAX_FRAME = 64 << 20;

  /** The first byte of a binary frame (a JSON frame's is <code>{</code>). */
  static final int BINARY = 0;

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
   * @param body its body, or a null node (and null for a binary frame)
   * @param binary a binary frame's bytes, its values after the op's name; null for a JSON frame
   */
  public record Frame(Control op, JsonNode body, byte[] binary) {

    /**
     * A JSON frame.
     *
     * @param op what it is
     * @param body its body, or a null node
     */
    public Frame(Control op, JsonNode body) {
      this(op, body, null);
    }

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

    private DataInputStream values() throws IOException {
      if (binary == null) {
        throw new IOException("a " + op.wireName() + " frame in JSON: wire version " + VERSION + " sends it binary");
      }
      DataInputStream in = new DataInputStream(new ByteArrayInputStream(binary));
      in.readByte();
      in.readUTF();
      return in;
    }
  }

  /** A frame as it is written: Jackson writes the body as it is, with no tree in between. */
  private record Envelope(String op, Object body) {}

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
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
    DataOutputStream d = binary(bytes, Control.STEPS);
    d.writeInt(calls.size());
    for (Step.Call c : calls) {
      d.writeUTF(c.step().wireName());
      WireValues.write(d, c.step().requestType(), c.body());
    }
    write(out, bytes);
  }

  /**
   * The steps of a {@link Control#STEPS} frame, their requests typed.
   *
   * @param f the frame
   * @return the steps
   * @throws IOException when a step or a request is not what the protocol says
   */
  public static List<Step.Call> steps(Frame f) throws IOException {
    try {
      DataInputStream in = f.values();
      int n = in.readInt();
      if (n < 0 || n > Step.values().length * 64) {
        throw new IOException(n + " steps in one frame");
      }
      List<Step.Call> calls = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        Step step = Step.ofWireName(in.readUTF());
        calls.add(step.with(WireValues.read(in, step.requestType())));
      }
      return calls;
    } catch (IOException | RuntimeException e) {
      throw new IOException("a steps frame the protocol does not describe: " + e.getMessage(), e);
    }
  }

  /**
   * Writes the replies of a batch.
   *
   * @param out the stream
   * @param steps the steps the replies answer, in order (at least as many as there are replies): their types
   * @param replies the replies
   * @throws IOException when the stream fails
   */
  public static void writeReplies(DataOutputStream out, List<Step> steps, Replies replies) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(512);
    DataOutputStream d = binary(bytes, Control.REPLIES);
    d.writeInt(replies.replies().size());
    for (int i = 0; i < replies.replies().size(); i++) {
      WireValues.write(d, steps.get(i).replyType(), replies.replies().get(i));
    }
    WireValues.write(d, Failure.class, replies.failure());
    write(out, bytes);
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
      DataInputStream in = f.values();
      int n = in.readInt();
      if (n < 0 || n > asked.size()) {
        throw new IOException(n + " replies to " + asked.size() + " steps");
      }
      List<Object> out = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        out.add(WireValues.read(in, asked.get(i).replyType()));
      }
      return new Replies(out, (Failure) WireValues.read(in, Failure.class));
    } catch (IOException | RuntimeException e) {
      throw new IOException("a replies frame the protocol does not describe: " + e.getMessage(), e);
    }
  }

  private static DataOutputStream binary(ByteArrayOutputStream bytes, Control op) throws IOException {
    DataOutputStream d = new DataOutputStream(bytes);
    d.writeByte(BINARY);
    d.writeUTF(op.wireName());
    return d;
  }

  private static void write(DataOutputStream out, ByteArrayOutputStream bytes) throws IOException {
    synchronized (out) {
      out.writeInt(bytes.size());
      bytes.writeTo(out);
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
    if (length > 0 && bytes[0] == BINARY) {
      String name;
      try {
        name = new DataInputStream(new ByteArrayInputStream(bytes, 1, length - 1)).readUTF();
      } catch (IOException e) {
        throw new IOException("a binary frame without an op: " + e.getMessage(), e);
      }
      Control control = Control.ofWireName(name);
      if (control == null || control != Control.STEPS && control != Control.REPLIES) {
        throw new IOException("a binary frame of op '" + name + "': only steps and replies are binary");
      }
      return new Frame(control, null, bytes);
    }
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
