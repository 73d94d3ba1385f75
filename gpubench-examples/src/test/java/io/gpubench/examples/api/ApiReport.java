package io.gpubench.examples.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The public API of one gpubench jar as text: every public type outside an {@code internal} package, with its
 * public and protected members, one per line, sorted, in the JDK's own generic notation
 * ({@link Method#toGenericString()}). Annotation elements carry their defaults, since changing one changes what
 * every benchmark that leaves it out measures. Internal packages are left out on purpose: they are public for
 * Java's sake only, and the docs say so.
 */
final class ApiReport {
  private ApiReport() {}

  /**
   * The report of the jar or class folder a class was loaded from.
   *
   * @param anchor a class of the module
   * @return the lines, without the heading
   */
  static List<String> of(Class<?> anchor) {
    Path location;
    try {
      location = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("the location of " + anchor.getName() + " is not a file", e);
    }
    List<String> lines = new ArrayList<>();
    for (String name : classNames(location)) {
      Class<?> c;
      try {
        c = Class.forName(name, false, anchor.getClassLoader());
      } catch (ClassNotFoundException | LinkageError e) {
        throw new IllegalStateException("the API report cannot load " + name + " from " + location + ": " + e, e);
      }
      if (isApi(c)) {
        lines.addAll(describe(c));
      }
    }
    return lines;
  }

  private static List<String> classNames(Path location) {
    try {
      if (Files.isDirectory(location)) {
        try (Stream<Path> files = Files.walk(location)) {
          return files.filter(f -> f.toString().endsWith(".class"))
              .map(f -> location.relativize(f).toString().replace('\\', '/')).map(ApiReport::className).sorted()
              .toList();
        }
      }
      try (JarFile jar = new JarFile(location.toFile())) {
        return jar.stream().map(e -> e.getName()).filter(n -> n.endsWith(".class")).map(ApiReport::className)
            .sorted().toList();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the classes of " + location, e);
    }
  }

  private static String className(String path) {
    return path.substring(0, path.length() - ".class".length()).replace('/', '.');
  }

  private static boolean isApi(Class<?> c) {
    if (c.isSynthetic() || c.isAnonymousClass() || c.isLocalClass() || c.getSimpleName().equals("package-info")
        || c.getPackageName().contains(".internal")) {
      return false;
    }
    for (Class<?> k = c; k != null; k = k.getEnclosingClass()) {
      if (!Modifier.isPublic(k.getModifiers()) && !(k != c && Modifier.isProtected(k.getModifiers()))) {
        return false;
      }
    }
    return true;
  }

  private static List<String> describe(Class<?> c) {
    List<String> lines = new ArrayList<>();
    lines.add(heading(c));
    List<String> members = new ArrayList<>();
    for (Field f : c.getDeclaredFields()) {
      if (visible(f) && !f.isSynthetic()) {
        members.add(f.isEnumConstant() ? "enum constant " + c.getTypeName() + "." + f.getName() : f.toGenericString());
      }
    }
    for (Constructor<?> k : c.getDeclaredConstructors()) {
      if (visible(k) && !k.isSynthetic() && !c.isEnum()) {
        members.add(k.toGenericString());
      }
    }
    for (Method m : c.getDeclaredMethods()) {
      if (visible(m) && !m.isSynthetic() && !m.isBridge()) {
        Object value = c.isAnnotation() ? m.getDefaultValue() : null;
        members.add(m.toGenericString() + (value == null ? "" : " default " + show(value)));
      }
    }
    members.sort(Comparator.naturalOrder());
    members.forEach(m -> lines.add("  " + m));
    return lines;
  }

  private static String heading(Class<?> c) {
    String kind = c.isAnnotation() ? "@interface" : c.isInterface() ? "interface" : c.isEnum() ? "enum"
        : c.isRecord() ? "record" : "class";
    int modifiers = c.getModifiers() & ~(Modifier.INTERFACE | Modifier.ABSTRACT * (c.isInterface() ? 1 : 0));
    if (c.isEnum() || c.isRecord()) {
      modifiers &= ~(Modifier.FINAL | Modifier.STATIC);
    }
    StringBuilder b = new StringBuilder(Modifier.toString(modifiers)).append(' ').append(kind).append(' ')
        .append(c.getTypeName());
    if (c.getGenericSuperclass() != null && !c.isEnum() && !c.isRecord() && c.getSuperclass() != Object.class) {
      b.append(" extends ").append(c.getGenericSuperclass().getTypeName());
    }
    String[] interfaces = Arrays.stream(c.getGenericInterfaces()).map(t -> t.getTypeName())
        .filter(t -> !c.isAnnotation() || !t.equals("java.lang.annotation.Annotation")).toArray(String[]::new);
    if (interfaces.length > 0) {
      b.append(c.isInterface() ? " extends " : " implements ").append(String.join(", ", interfaces));
    }
    return b.toString();
  }

  private static boolean visible(Member m) {
    int mod = m.getModifiers();
    return Modifier.isPublic(mod) || Modifier.isProtected(mod) && !Modifier.isFinal(m.getDeclaringClass()
        .getModifiers()) && !(m instanceof Executable e && e.getDeclaringClass().isEnum());
  }

  private static String show(Object value) {
    if (value instanceof Object[] a) {
      return Arrays.deepToString(a);
    }
    if (value.getClass().isArray()) {
      return Arrays.deepToString(new Object[] {value}).replaceAll("^\\[|\\]$", "");
    }
    if (value instanceof String s) {
      return '"' + s + '"';
    }
    if (value instanceof Class<?> k) {
      return k.getTypeName() + ".class";
    }
    return String.valueOf(value);
  }
}
