package io.gpubench.engine.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The rule that keeps the wire versioned: the shape of everything the engine and a worker send each other (the control
 * frames, every step's name, phase, request and reply, and each record those hold, component by component, down to
 * the api's result records) is written in {@code wire/v<VERSION>.txt}. A change of any of it without a new
 * {@link Frames#VERSION} fails here, so that an engine and a worker of different builds (a Slurm job whose nodes run
 * another jar) refuse each other in the hello instead of misreading a frame.
 */
class WireShapeTest {

  @Test
  void theWireIsTheOneItsVersionNames() throws IOException {
    String expected = committed(Frames.VERSION);
    String now = shape();
    assertThat(now).as("the wire's shape is not the one wire/v%d.txt wrote down: bump Frames.VERSION to %d and write "
        + "gpubench-engine/src/test/resources/wire/v%d.txt with the text WireShapeTest.main prints",
        Frames.VERSION, Frames.VERSION + 1, Frames.VERSION + 1).isEqualTo(expected);
  }

  static String shape() {
    StringBuilder s = new StringBuilder("version ").append(Frames.VERSION).append('\n');
    Deque<Class<?>> todo = new ArrayDeque<>();
    for (Control c : Control.values()) {
      s.append("control ").append(c.wireName()).append(' ').append(name(c.bodyType())).append('\n');
      todo.add(c.bodyType());
    }
    for (Step step : Step.values()) {
      s.append("step ").append(step.wireName()).append(' ').append(step.phase()).append(' ')
          .append(name(step.requestType())).append(" -> ").append(name(step.replyType())).append('\n');
      todo.add(step.requestType());
      todo.add(step.replyType());
    }
    todo.add(Failure.class);
    TreeMap<String, String> types = new TreeMap<>();
    Set<Class<?>> seen = new java.util.HashSet<>();
    while (!todo.isEmpty()) {
      Class<?> t = todo.poll();
      if (!seen.add(t) || !t.getName().startsWith("io.gpubench.")) {
        continue;
      }
      if (t.isEnum()) {
        types.put(t.getName(), "enum " + Arrays.stream(t.getEnumConstants()).map(Object::toString).toList());
      } else if (t.isRecord()) {
        List<String> parts = new ArrayList<>();
        for (RecordComponent rc : t.getRecordComponents()) {
          parts.add(rc.getName() + ":" + typeName(rc.getGenericType()));
          collect(rc.getGenericType(), todo);
        }
        types.put(t.getName(), "record " + parts);
      } else if (t.isSealed()) {
        // the binary wire writes the index of the permitted record: their order is part of the shape
        types.put(t.getName(), "sealed " + Arrays.stream(t.getPermittedSubclasses()).map(Class::getName).toList());
        todo.addAll(Arrays.asList(t.getPermittedSubclasses()));
      } else {
        types.put(t.getName(), t.isInterface() ? "interface" : "class");
      }
    }
    types.forEach((k, v) -> s.append("type ").append(k).append(' ').append(v).append('\n'));
    return s.toString();
  }

  private static void collect(Type t, Deque<Class<?>> todo) {
    if (t instanceof Class<?> c) {
      todo.add(c.isArray() ? c.getComponentType() : c);
    } else if (t instanceof ParameterizedType p) {
      collect(p.getRawType(), todo);
      Arrays.stream(p.getActualTypeArguments()).forEach(a -> collect(a, todo));
    }
  }

  private static String typeName(Type t) {
    return t instanceof Class<?> c ? name(c) : t.getTypeName().replace("java.lang.", "").replace("java.util.", "");
  }

  private static String name(Class<?> c) {
    return c.getName().replace("java.lang.", "").replace("java.util.", "");
  }

  private static String committed(int version) throws IOException {
    try (InputStream in = WireShapeTest.class.getResourceAsStream("/wire/v" + version + ".txt")) {
      if (in == null) {
        return "(no gpubench-engine/src/test/resources/wire/v" + version + ".txt)";
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** Writes the current shape, for a version bump: {@code java ... WireShapeTest} prints it. */
  public static void main(String[] args) {
    System.out.print(shape());
  }
}
