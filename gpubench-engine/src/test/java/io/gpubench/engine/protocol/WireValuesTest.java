package io.gpubench.engine.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.api.AxisValue;
import io.gpubench.api.BackendId;
import io.gpubench.api.CacheMode;
import io.gpubench.api.DeviceTiming;
import io.gpubench.api.Precision;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The binary wire carries every value a step sends as it was: each record of every step's request and reply, made
 * from generated components (nulls, NaN and infinities, non-ASCII text, empty and full lists), reads back equal; a
 * frame of steps and one of replies go through {@link Frames} as the engine and a worker exchange them; a frame that
 * is cut short or names what the wire does not have is an error that says so.
 */
class WireValuesTest {

  @Test
  void everyRecordOfEveryStepReadsBackAsItWasWritten() throws IOException {
    Set<Class<?>> records = new LinkedHashSet<>();
    for (Step s : Step.values()) {
      reachable(s.requestType(), records);
      reachable(s.replyType(), records);
    }
    reachable(Failure.class, records);
    int checked = 0;
    for (Class<?> r : records) {
      for (int variant = 0; variant < VARIANTS; variant++) {
        Object value = make(r, variant, 0);
        if (value == null) {
          continue; // its constructor refuses this variant's values (a validating record); another variant checks it
        }
        assertThat(roundTrip(r, value)).as("%s, variant %d", r.getName(), variant).isEqualTo(value);
        checked++;
      }
    }
    assertThat(records).contains(CaseRequest.class, Steps.Settled.class, Steps.TrialBatch.class,
        Steps.Finished.class, Steps.Collected.class, Failure.class);
    // every record read back in at least one variant: none is left to the other side's Jackson
    for (Class<?> r : records) {
      boolean made = false;
      for (int variant = 0; variant < VARIANTS && !made; variant++) {
        made = make(r, variant, 0) != null;
      }
      assertThat(made).as("a %s made from generated components", r.getName()).isTrue();
    }
    assertThat(checked).isGreaterThan(records.size());
  }

  @Test
  void aCaseRequestKeepsItsAxesTheirKindsAndTheirOrder() throws IOException {
    Map<String, AxisValue> shape = new LinkedHashMap<>();
    shape.put("n", AxisValue.whole(4096));
    shape.put("alpha", AxisValue.real(-2.5e-7));
    shape.put("layout", AxisValue.name("row-major"));
    CaseRequest request = new CaseRequest("Gemm.run[n=4096]", "x.Gemm", "run", shape, Precision.BF16,
        new BackendId("cuda", 1), 42L, 1.0, CacheMode.COLD, DeviceTiming.GRAPH, 100);
    CaseRequest back = (CaseRequest) roundTrip(CaseRequest.class, request);
    assertThat(back).isEqualTo(request);
    assertThat(back.shape().keySet()).containsExactly("n", "alpha", "layout");
    assertThat(back.shape().get("n")).isInstanceOf(AxisValue.Whole.class);
  }

  @Test
  void stepsAndRepliesTravelAsFramesTypedByTheirSteps() throws IOException {
    List<Step.Call> calls = List.of(Step.CHECKED_CALL.with(null), Step.WARMUP.with(12),
        Step.TRIALS.with(Steps.TrialsAsk.count(5)), Step.END_TRIALS.with(null));
    ByteArrayOutputStream wire = new ByteArrayOutputStream();
    Frames.writeSteps(new DataOutputStream(wire), calls);
    Frames.Frame f = Frames.read(new DataInputStream(new ByteArrayInputStream(wire.toByteArray())));
    assertThat(f.op()).isEqualTo(Control.STEPS);
    assertThat(Frames.steps(f)).isEqualTo(calls);

    List<Step> asked = calls.stream().map(Step.Call::step).toList();
    Failure failure = new Failure(Phase.TRIALS, "run", "IllegalStateException: no \u00b5s left", "at x.Gemm.run\n"
        .repeat(5_000), false, true);
    Frames.Replies replies = new Frames.Replies(java.util.Arrays.asList(
        new Steps.Checked(1234.5, null, null), null), failure);
    wire.reset();
    Frames.writeReplies(new DataOutputStream(wire), asked, replies);
    Frames.Frame r = Frames.read(new DataInputStream(new ByteArrayInputStream(wire.toByteArray())));
    assertThat(r.op()).isEqualTo(Control.REPLIES);
    Frames.Replies back = Frames.replies(r, asked);
    assertThat(back.replies()).isEqualTo(replies.replies());
    assertThat(back.failure()).isEqualTo(failure);
  }

  @Test
  void aFrameCutShortOrNamingWhatTheWireLacksIsAnErrorThatSaysSo() throws IOException {
    ByteArrayOutputStream wire = new ByteArrayOutputStream();
    Frames.writeSteps(new DataOutputStream(wire), List.of(Step.WARMUP.with(3), Step.CHECKED_CALL.with(null)));
    byte[] whole = wire.toByteArray();
    byte[] cut = java.util.Arrays.copyOf(whole, whole.length - 3);
    // the length still says the whole frame: patch it to the bytes there are, as a worker cut off mid-write would not
    int body = cut.length - 4;
    cut[0] = (byte) (body >>> 24);
    cut[1] = (byte) (body >>> 16);
    cut[2] = (byte) (body >>> 8);
    cut[3] = (byte) body;
    Frames.Frame f = Frames.read(new DataInputStream(new ByteArrayInputStream(cut)));
    assertThatThrownBy(() -> Frames.steps(f)).isInstanceOf(IOException.class)
        .hasMessageStartingWith("a steps frame the protocol does not describe");

    ByteArrayOutputStream bad = new ByteArrayOutputStream();
    DataOutputStream d = new DataOutputStream(bad);
    d.writeByte(1);
    d.writeShort(99);
    assertThatThrownBy(() -> WireValues.read(new DataInputStream(new ByteArrayInputStream(bad.toByteArray())),
        Precision.class)).isInstanceOf(IOException.class)
        .hasMessageContaining("constant 99 of io.gpubench.api.Precision");

    ByteArrayOutputStream op = new ByteArrayOutputStream();
    DataOutputStream o = new DataOutputStream(op);
    o.writeInt(1 + 2 + "howdy".length());
    o.writeByte(Frames.BINARY);
    o.writeUTF("howdy");
    assertThatThrownBy(() -> Frames.read(new DataInputStream(new ByteArrayInputStream(op.toByteArray()))))
        .isInstanceOf(IOException.class).hasMessageContaining("a frame of op 'howdy'");

    assertThatThrownBy(() -> Frames.write(new DataOutputStream(new ByteArrayOutputStream()), Control.STEPS, null))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("writeSteps");
  }

  @Test
  void everyControlFrameTravelsBinaryWithItsBody() throws IOException {
    Map<Control, Object> bodies = new java.util.EnumMap<>(Control.class);
    bodies.put(Control.HELLO, new Hello(Frames.VERSION, "L1", 2, "cHJvb2Y=", 4242, "node-7", "81.0"));
    bodies.put(Control.CONFIGURE, new Settings(Map.of("trials.min", "7", "backend.cuda.enabled", "false")));
    bodies.put(Control.PROGRESS, 3);
    bodies.put(Control.THREAD_DUMP, "\"gpubench-bench\" #12 daemon ... \u00e9");
    bodies.put(Control.WORKER_ERROR, "java.lang.OutOfMemoryError: Java heap space");
    for (Control c : Control.values()) {
      if (c == Control.STEPS || c == Control.REPLIES) {
        continue;
      }
      Object body = bodies.get(c);
      Frames.Frame back = frame(out -> Frames.write(out, c, body));
      assertThat(back.op()).isEqualTo(c);
      assertThat(back.value()).as(c.wireName()).isEqualTo(body);
    }
    assertThat(frame(out -> Frames.write(out, Control.THREAD_DUMP, null)).value()).as("the request has no body")
        .isNull();
  }

  @Test
  void aHelloOfAnotherVersionStillNamesItsLaunchRankProofAndVersion() throws IOException {
    // a later version that added to the hello: the first four components are read, the rest is not
    Frames.Frame later = frame(out -> {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      DataOutputStream d = new DataOutputStream(bytes);
      d.writeByte(Frames.BINARY);
      d.writeUTF("hello");
      d.writeByte(1);
      d.writeInt(Frames.VERSION + 1);
      WireValues.write(d, String.class, "L3");
      d.writeInt(1);
      WireValues.write(d, String.class, "cHJvb2Y=");
      d.writeUTF("a component this version does not know");
      out.writeInt(bytes.size());
      bytes.writeTo(out);
    });
    assertThat(later.value()).isEqualTo(new Hello(Frames.VERSION + 1, "L3", 1, "cHJvb2Y=", 0, null, null));

    // a worker of wire version 9 said hello in JSON
    byte[] json = ("{\"op\":\"hello\",\"body\":{\"version\":9,\"launch\":\"L2\",\"rank\":0,\"proof\":\"cA==\","
        + "\"pid\":77,\"host\":\"h\",\"slurmStep\":\"\"}}").getBytes(java.nio.charset.StandardCharsets.UTF_8);
    Frames.Frame old = frame(out -> {
      out.writeInt(json.length);
      out.write(json);
    });
    assertThat(old.value()).isEqualTo(new Hello(9, "L2", 0, "cA==", 77, "h", ""));

    byte[] otherJson = "{\"op\":\"steps\",\"body\":[]}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    assertThatThrownBy(() -> frame(out -> {
      out.writeInt(otherJson.length);
      out.write(otherJson);
    })).isInstanceOf(IOException.class).hasMessageContaining("a JSON frame other than a hello");
  }

  @Test
  void aLengthPastTheFramesEndIsRefusedBeforeAnythingIsAllocated() {
    // a stranger's hello that claims a string of a gigabyte: refused by the bytes the frame has, not read
    assertThatThrownBy(() -> frame(out -> {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      DataOutputStream d = new DataOutputStream(bytes);
      d.writeByte(Frames.BINARY);
      d.writeUTF("hello");
      d.writeByte(1);
      d.writeInt(Frames.VERSION);
      d.writeByte(1);
      d.writeInt(1 << 30);
      out.writeInt(bytes.size());
      bytes.writeTo(out);
    })).isInstanceOf(IOException.class).hasMessageContaining("a string of 1073741824 bytes in a frame of 0 bytes left");
    ByteArrayOutputStream list = new ByteArrayOutputStream();
    assertThatThrownBy(() -> {
      DataOutputStream d = new DataOutputStream(list);
      d.writeByte(1);
      d.writeInt(1 << 28);
      WireValues.read(new DataInputStream(new ByteArrayInputStream(list.toByteArray())),
          Settings.class.getRecordComponents()[0].getGenericType());
    }).isInstanceOf(IOException.class).hasMessageContaining("of 268435456 elements in a frame of 0 bytes left");
  }

  /** Writes a frame and reads it back. */
  private static Frames.Frame frame(Writer w) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    w.write(new DataOutputStream(bytes));
    return Frames.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
  }

  @FunctionalInterface
  private interface Writer {
    void write(DataOutputStream out) throws IOException;
  }

  private static final int VARIANTS = 4;

  private static Object roundTrip(Type type, Object value) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    WireValues.write(out, type, value);
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
    Object back = WireValues.read(in, type);
    assertThat(in.available()).as("bytes left after a %s", type.getTypeName()).isZero();
    return back;
  }

  private static void reachable(Type t, Set<Class<?>> records) {
    if (t instanceof ParameterizedType p) {
      for (Type a : p.getActualTypeArguments()) {
        reachable(a, records);
      }
    } else if (t instanceof Class<?> c) {
      if (c.isRecord() && records.add(c)) {
        for (RecordComponent rc : c.getRecordComponents()) {
          reachable(rc.getGenericType(), records);
        }
      } else if (c.isSealed()) {
        for (Class<?> p : c.getPermittedSubclasses()) {
          reachable(p, records);
        }
      }
    }
  }

  /** A value of a type for a variant: 0 plain, 1 nulls and empties, 2 non-finite and extremes, 3 large. */
  private static Object make(Type t, int variant, int depth) {
    Class<?> c = t instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) t;
    if (c == double.class || c == Double.class) {
      return variant == 1 && c == Double.class ? null : variant == 2 ? (depth % 2 == 0 ? Double.NaN
          : Double.NEGATIVE_INFINITY) : variant == 3 ? 1e300 : 0.125 + depth;
    }
    if (c == int.class || c == Integer.class) {
      return variant == 1 && c == Integer.class ? null : variant == 3 ? Integer.MAX_VALUE : 2 + depth;
    }
    if (c == long.class || c == Long.class) {
      return variant == 1 && c == Long.class ? null : variant == 3 ? Long.MAX_VALUE : 7L + depth;
    }
    if (c == boolean.class || c == Boolean.class) {
      return variant % 2 == 0;
    }
    if (c == String.class) {
      return variant == 1 ? null : variant == 3 ? "µs \u2264 ∆ ".repeat(3_000) : "text-" + depth;
    }
    if (c.isEnum()) {
      Object[] k = c.getEnumConstants();
      return k[variant % k.length];
    }
    if (c == List.class) {
      List<Object> l = new ArrayList<>();
      if (variant != 1) {
        for (int i = 0; i < (variant == 3 ? 20 : 2); i++) {
          l.add(make(((ParameterizedType) t).getActualTypeArguments()[0], variant == 2 ? 0 : variant, depth + 1));
        }
      }
      return l;
    }
    if (c == Map.class) {
      Map<Object, Object> m = new LinkedHashMap<>();
      if (variant != 1) {
        Type[] a = ((ParameterizedType) t).getActualTypeArguments();
        m.put("b-key", make(a[1], 0, depth + 1));
        m.put("a-key", make(a[1], variant, depth + 1));
      }
      return m;
    }
    if (c.isSealed()) {
      Class<?>[] p = c.getPermittedSubclasses();
      return make(p[variant % p.length], 0, depth + 1);
    }
    if (c.isRecord()) {
      RecordComponent[] rc = c.getRecordComponents();
      Object[] args = new Object[rc.length];
      Class<?>[] types = new Class<?>[rc.length];
      for (int i = 0; i < rc.length; i++) {
        args[i] = make(rc[i].getGenericType(), variant, depth + 1 + i);
        types[i] = rc[i].getType();
      }
      try {
        Constructor<?> k = c.getDeclaredConstructor(types);
        k.setAccessible(true);
        return k.newInstance(args);
      } catch (ReflectiveOperationException | RuntimeException e) {
        return null;
      }
    }
    throw new AssertionError("a " + t.getTypeName() + " on the wire");
  }

  /** Permits one record, for a value of another class. */
  sealed interface OnlyA permits OnlyA.A {
    /** The permitted record. */
    record A(int x) implements OnlyA {}
  }

  /** Not permitted by {@link OnlyA}, though it would be if it could. */
  record B(int x) {}

  @Test
  void aTypeTheWireDoesNotCarryAndAValueNoneOfASealedTypesRecordsAreRefusedByName() {
    DataOutputStream out = new DataOutputStream(new ByteArrayOutputStream());
    assertThatThrownBy(() -> WireValues.write(out, java.io.File.class, new java.io.File("x")))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("the wire carries no java.io.File");
    assertThatThrownBy(() -> WireValues.write(out, OnlyA.class, new B(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(B.class.getName()).hasMessageContaining("permitted records");
  }
}
