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

/**
 * The wire format between the engine and a worker: frames of a 4-byte big-endian length and that many bytes, each a
 * byte {@value #BINARY}, the name of its {@link Control} op, and its body in binary ({@link WireValues}: by its
 * declared type, {@link Control#bodyType()}). The steps of a case go in batches: one {@link Control#STEPS} frame holds
 * several {@link Step}s with their requests, and one {@link Control#REPLIES} frame holds their replies, so that a case
 * costs one round trip (its front, its trials until the rule decides, and its end), not one a step. No JSON: a worker
 * loads no JSON library (Jackson's set-up took some 0.3 s of a new worker's start, on the critical path of the first
 * case). A worker of wire version 9 or earlier says hello in JSON; the engine reads that hello only to refuse it by
 * its version ({@link #read}). Version: {@value #VERSION}, checked in the worker's hello.
 */
public final class Frames {
  /**
   * The protocol's version; the engine refuses a worker that speaks another. 10: every frame is binary, a control
   * frame's body by its op's type ({@link Hello}, {@link Settings}, ...); a request of trials until the rule decides
   * may charge the warm-up before it in its exchange to the rule's budget ({@code Steps.WarmupCharge}), so that a
   * case's front, trials and end go in one exchange; a case's end carries the runner's seconds of it
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

  private Frames() {}

  /**
   * One frame read.
   *
   * @param op what it is
   * @param value the body of a control frame, of its op's {@link Control#bodyType()} (null for none, and for steps
   *     and replies)
   * @param binary the bytes of a frame of steps or replies, read by {@link #steps} and {@link #replies}; else null
   */
  public record Frame(Control op, Object value, byte[] binary) {

    /**
     * A control frame.
     *
     * @param op what it is
     * @param value its body
     */
    public Frame(Control op, Object value) {
      this(op, value, null);
    }

    /**
     * The body, as its op's type.
     *
     * @param type the type (the op's {@link Control#bodyType()})
     * @param <T> the type
     * @return the body, or null where it has none
     */
    public <T> T value(Class<T> type) {
      return type.cast(value);
    }

    private DataInputStream values() throws IOException {
      if (binary == null) {
        throw new IOException("a " + op.wireName() + " frame without its values");
      }
      DataInputStream in = new DataInputStream(new ByteArrayInputStream(binary));
      in.readByte();
      in.readUTF();
      return in;
    }
  }

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
    if (op == Control.STEPS || op == Control.REPLIES) {
      throw new IllegalArgumentException("a " + op.wireName() + " frame is written by writeSteps or writeReplies");
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
    WireValues.write(binary(bytes, op), op.bodyType(), body);
    write(out, bytes);
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
    if (length > 0 && bytes[0] == '{') {
      return LegacyHello.read(bytes);
    }
    if (length == 0 || bytes[0] != BINARY) {
      throw new IOException("a frame that starts with byte " + (length == 0 ? "none" : bytes[0]) + ", not "
          + BINARY);
    }
    DataInputStream values = new DataInputStream(new ByteArrayInputStream(bytes, 1, length - 1));
    String name;
    try {
      name = values.readUTF();
    } catch (IOException e) {
      throw new IOException("a frame without an op: " + e.getMessage(), e);
    }
    Control control = Control.ofWireName(name);
    if (control == null) {
      throw new IOException("a frame of op '" + name + "', which the protocol does not have");
    }
    if (control == Control.STEPS || control == Control.REPLIES) {
      return new Frame(control, null, bytes);
    }
    try {
      Object value = control == Control.HELLO ? hello(values) : WireValues.read(values, control.bodyType());
      if (values.available() > 0) {
        throw new IOException(values.available() + " bytes after the body");
      }
      return new Frame(control, value);
    } catch (IOException | RuntimeException e) {
      throw new IOException("a " + name + " frame the protocol does not describe: " + e.getMessage(), e);
    }
  }

  /**
   * A hello: its first four components as every version writes them, the rest only where the worker speaks this
   * version (another version's may differ; the engine refuses it by its version once it is authenticated).
   */
  private static Hello hello(DataInputStream in) throws IOException {
    in.mark(Byte.BYTES + Integer.BYTES);
    byte present = in.readByte();
    int version = in.readInt();
    in.reset();
    if (present != 1) {
      throw new IOException("a hello without its body");
    }
    if (version == VERSION) {
      return (Hello) WireValues.read(in, Hello.class);
    }
    // another version: only the components every version shares, as WireValues writes an int and a string
    in.skipBytes(Byte.BYTES + Integer.BYTES);
    String launch = (String) WireValues.read(in, String.class);
    int rank = in.readInt();
    String proof = (String) WireValues.read(in, String.class);
    in.skipBytes(in.available());
    return new Hello(version, launch, rank, proof, 0, null, null);
  }

  /**
   * The JSON hello of a worker of wire version 9 or earlier, read only so that the engine can refuse it by its version:
   * loaded on such a hello alone, so that a worker of this version never loads a JSON library.
   */
  private static final class LegacyHello {
    private static final tools.jackson.databind.json.JsonMapper JSON = ResultsFile.mapper();

    static Frame read(byte[] bytes) throws IOException {
      JsonNode node;
      try {
        node = JSON.readTree(bytes);
      } catch (RuntimeException e) {
        throw new IOException("a frame that is neither binary nor JSON: " + e.getMessage(), e);
      }
      JsonNode op = node.get("op");
      JsonNode body = node.get("body");
      if (op == null || !"hello".equals(op.asString()) || body == null || !body.isObject()) {
        throw new IOException("a JSON frame other than a hello: wire version " + VERSION + " is binary");
      }
      return new Frame(Control.HELLO, new Hello(body.path("version").asInt(), text(body.get("launch")),
          body.path("rank").isInt() ? body.path("rank").asInt() : -1, text(body.get("proof")),
          body.path("pid").asLong(), text(body.get("host")), text(body.get("slurmStep"))));
    }

    private static String text(JsonNode n) {
      return n != null && n.isString() ? n.asString() : null;
    }
  }
}
