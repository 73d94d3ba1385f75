package io.gpubench.engine.protocol;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The binary form of the values a case's steps and replies carry: each written by its declared type, with no names
 * and no text for numbers. A record is its components in order, a sealed interface the index of its permitted record
 * and that record, an enum its ordinal, a list or map its size and elements, a string its UTF-8 bytes, a number its
 * bits (so that NaN and infinities travel as they are); every reference is preceded by a byte that says whether it
 * is null. The wire's shape ({@code WireShapeTest}) pins the order of components, constants and permitted records,
 * so that two builds of one version read each other.
 *
 * <p>Why not JSON: the worker ran Jackson's tree model and double-to-text for every step of every case, and over a
 * run of 1,000 trivial cases that code was still being compiled by C2 at case 900 (0.7 s of the worker's late
 * compilations Jackson's, 0.4 s double-to-text): compilations the warm-up of the case then under way waited for.
 * This is a few dozen lines of code per JVM, compiled in the first cases.
 */
final class WireValues {
  private static final ClassValue<RecordShape> RECORDS = new ClassValue<>() {
    @Override
    protected RecordShape computeValue(Class<?> type) {
      return RecordShape.of(type);
    }
  };

  // A sealed interface's permitted records, or null for any other type: Class.isSealed and getPermittedSubclasses
  // look them up (and check access to each) at every call, and a step's values name a sealed type at every case.
  private static final ClassValue<Class<?>[]> PERMITTED = new ClassValue<>() {
    @Override
    protected Class<?>[] computeValue(Class<?> type) {
      return type.isInterface() && type.isSealed() ? type.getPermittedSubclasses() : null;
    }
  };

  private WireValues() {}

  /** A record's components and canonical constructor, looked up once per class. */
  private record RecordShape(Method[] accessors, Type[] types, Constructor<?> constructor) {
    static RecordShape of(Class<?> type) {
      RecordComponent[] components = type.getRecordComponents();
      Method[] accessors = new Method[components.length];
      Type[] types = new Type[components.length];
      Class<?>[] raw = new Class<?>[components.length];
      for (int i = 0; i < components.length; i++) {
        accessors[i] = components[i].getAccessor();
        accessors[i].setAccessible(true);
        types[i] = components[i].getGenericType();
        raw[i] = components[i].getType();
      }
      try {
        Constructor<?> constructor = type.getDeclaredConstructor(raw);
        constructor.setAccessible(true);
        return new RecordShape(accessors, types, constructor);
      } catch (NoSuchMethodException e) {
        throw new IllegalStateException("record " + type.getName() + " has no canonical constructor", e);
      }
    }
  }

  /**
   * Writes a value of a declared type.
   *
   * @param out the stream
   * @param type the declared type (a class, or a parameterized {@code List} or {@code Map})
   * @param value the value, null where the type is a reference
   * @throws IOException when the stream fails
   * @throws IllegalArgumentException when the type is not one the wire carries
   */
  static void write(DataOutputStream out, Type type, Object value) throws IOException {
    Class<?> raw = raw(type);
    if (raw == Void.class || raw == void.class) {
      return;
    }
    if (raw.isPrimitive()) {
      writePrimitive(out, raw, value);
      return;
    }
    if (value == null) {
      out.writeByte(0);
      return;
    }
    out.writeByte(1);
    if (raw == String.class) {
      byte[] bytes = ((String) value).getBytes(StandardCharsets.UTF_8);
      out.writeInt(bytes.length);
      out.write(bytes);
    } else if (boxed(raw)) {
      writePrimitive(out, primitive(raw), value);
    } else if (raw.isEnum()) {
      out.writeShort(((Enum<?>) value).ordinal());
    } else if (raw == List.class) {
      List<?> list = (List<?>) value;
      Type element = argument(type, 0);
      out.writeInt(list.size());
      for (Object e : list) {
        write(out, element, e);
      }
    } else if (raw == Map.class) {
      Map<?, ?> map = (Map<?, ?>) value;
      Type key = argument(type, 0);
      Type val = argument(type, 1);
      out.writeInt(map.size());
      for (Map.Entry<?, ?> e : map.entrySet()) {
        write(out, key, e.getKey());
        write(out, val, e.getValue());
      }
    } else if (raw.isRecord()) {
      writeRecord(out, raw, value);
    } else {
      writeSealed(out, type, raw, value);
    }
  }

  /** A sealed interface's value: the index of its record among the permitted ones, then the record. */
  private static void writeSealed(DataOutputStream out, Type type, Class<?> raw, Object value) throws IOException {
    Class<?>[] permitted = PERMITTED.get(raw);
    if (permitted == null) {
      throw new IllegalArgumentException("the wire carries no " + type.getTypeName());
    }
    for (int i = 0; i < permitted.length; i++) {
      if (permitted[i] == value.getClass()) {
        out.writeShort(i);
        writeRecord(out, permitted[i], value);
        return;
      }
    }
    throw new IllegalArgumentException("a " + value.getClass().getName() + " is none of " + raw.getName()
        + "'s permitted records");
  }

  private static void writeRecord(DataOutputStream out, Class<?> raw, Object value) throws IOException {
    RecordShape shape = RECORDS.get(raw);
    for (int i = 0; i < shape.accessors().length; i++) {
      Object component;
      try {
        component = shape.accessors()[i].invoke(value);
      } catch (IllegalAccessException | InvocationTargetException e) {
        throw new IllegalStateException("cannot read " + raw.getName() + "." + shape.accessors()[i].getName(), e);
      }
      write(out, shape.types()[i], component);
    }
  }

  /**
   * Reads a value of a declared type.
   *
   * @param in the stream
   * @param type the declared type
   * @return the value
   * @throws IOException when the stream fails or holds what the type cannot be (an ordinal past the constants, a
   *     record its constructor refuses)
   */
  static Object read(DataInputStream in, Type type) throws IOException {
    Class<?> raw = raw(type);
    if (raw == Void.class || raw == void.class) {
      return null;
    }
    if (raw.isPrimitive()) {
      return readPrimitive(in, raw);
    }
    byte present = in.readByte();
    if (present == 0) {
      return null;
    }
    if (present != 1) {
      throw new IOException("a " + raw.getSimpleName() + " marked " + present + ", neither null (0) nor present (1)");
    }
    if (raw == String.class) {
      int n = in.readInt();
      // the frame is in memory: a length past its end is a corrupt or hostile frame, not a reason to allocate
      if (n < 0 || n > in.available()) {
        throw new IOException("a string of " + n + " bytes in a frame of " + in.available() + " bytes left");
      }
      byte[] bytes = new byte[n];
      in.readFully(bytes);
      return new String(bytes, StandardCharsets.UTF_8);
    }
    if (boxed(raw)) {
      return readPrimitive(in, primitive(raw));
    }
    if (raw.isEnum()) {
      Object[] constants = raw.getEnumConstants();
      int ordinal = in.readShort();
      if (ordinal < 0 || ordinal >= constants.length) {
        throw new IOException("constant " + ordinal + " of " + raw.getName() + ", which has " + constants.length);
      }
      return constants[ordinal];
    }
    if (raw == List.class) {
      int n = size(in, type);
      Type element = argument(type, 0);
      List<Object> list = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        list.add(read(in, element));
      }
      return list;
    }
    if (raw == Map.class) {
      int n = size(in, type);
      Type key = argument(type, 0);
      Type val = argument(type, 1);
      Map<Object, Object> map = new LinkedHashMap<>();
      for (int i = 0; i < n; i++) {
        map.put(read(in, key), read(in, val));
      }
      return map;
    }
    Class<?>[] permitted = PERMITTED.get(raw);
    if (permitted != null) {
      int k = in.readShort();
      if (k < 0 || k >= permitted.length) {
        throw new IOException("record " + k + " of " + raw.getName() + ", which permits " + permitted.length);
      }
      return readRecord(in, permitted[k]);
    }
    if (raw.isRecord()) {
      return readRecord(in, raw);
    }
    throw new IllegalArgumentException("the wire carries no " + type.getTypeName());
  }

  private static Object readRecord(DataInputStream in, Class<?> raw) throws IOException {
    RecordShape shape = RECORDS.get(raw);
    Object[] args = new Object[shape.types().length];
    for (int i = 0; i < args.length; i++) {
      args[i] = read(in, shape.types()[i]);
    }
    try {
      return shape.constructor().newInstance(args);
    } catch (InvocationTargetException e) {
      throw new IOException("a " + raw.getName() + " its constructor refuses: " + e.getCause(), e.getCause());
    } catch (ReflectiveOperationException | IllegalArgumentException e) {
      throw new IOException("cannot make a " + raw.getName() + ": " + e, e);
    }
  }

  private static int size(DataInputStream in, Type type) throws IOException {
    int n = in.readInt();
    // every element takes a byte at least
    if (n < 0 || n > in.available()) {
      throw new IOException("a " + type.getTypeName() + " of " + n + " elements in a frame of " + in.available()
          + " bytes left");
    }
    return n;
  }

  private static void writePrimitive(DataOutputStream out, Class<?> p, Object v) throws IOException {
    if (p == double.class) {
      out.writeDouble((Double) v);
    } else if (p == int.class) {
      out.writeInt((Integer) v);
    } else if (p == long.class) {
      out.writeLong((Long) v);
    } else if (p == boolean.class) {
      out.writeBoolean((Boolean) v);
    } else if (p == float.class) {
      out.writeFloat((Float) v);
    } else if (p == short.class) {
      out.writeShort((Short) v);
    } else if (p == byte.class) {
      out.writeByte((Byte) v);
    } else {
      out.writeChar((Character) v);
    }
  }

  private static Object readPrimitive(DataInputStream in, Class<?> p) throws IOException {
    if (p == double.class) {
      return in.readDouble();
    } else if (p == int.class) {
      return in.readInt();
    } else if (p == long.class) {
      return in.readLong();
    } else if (p == boolean.class) {
      return in.readBoolean();
    } else if (p == float.class) {
      return in.readFloat();
    } else if (p == short.class) {
      return in.readShort();
    } else if (p == byte.class) {
      return in.readByte();
    }
    return in.readChar();
  }

  private static boolean boxed(Class<?> raw) {
    return raw == Double.class || raw == Integer.class || raw == Long.class || raw == Boolean.class
        || raw == Float.class || raw == Short.class || raw == Byte.class || raw == Character.class;
  }

  private static Class<?> primitive(Class<?> boxed) {
    return boxed == Double.class ? double.class : boxed == Integer.class ? int.class : boxed == Long.class ? long.class
        : boxed == Boolean.class ? boolean.class : boxed == Float.class ? float.class
        : boxed == Short.class ? short.class : boxed == Byte.class ? byte.class : char.class;
  }

  private static Class<?> raw(Type type) {
    if (type instanceof Class<?> c) {
      return c;
    }
    if (type instanceof ParameterizedType p) {
      return (Class<?>) p.getRawType();
    }
    throw new IllegalArgumentException("the wire carries no " + type.getTypeName());
  }

  private static Type argument(Type type, int i) {
    if (type instanceof ParameterizedType p) {
      return p.getActualTypeArguments()[i];
    }
    throw new IllegalArgumentException("a raw " + type.getTypeName() + " on the wire: its elements' type is unknown");
  }
}
