package io.gpubench.cuda.internal.jna;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import java.util.ArrayList;
import java.util.List;

/**
 * Loads a native library by trying several names in turn: the plain name (which JNA maps to {@code libX.so}) and
 * the versioned file names that drivers and toolkits install without the unversioned link.
 */
final class NativeLibraries {
  private NativeLibraries() {}

  /** A loaded library, or why none of the names could be loaded. */
  static final class Loaded<T> {
    final T api;
    final NativeLibrary library;
    final String failure;

    private Loaded(T api, NativeLibrary library, String failure) {
      this.api = api;
      this.library = library;
      this.failure = failure;
    }
  }

  /** JNA's message starts "Unable to load library 'x':" and gives dlopen's reason on the next line. */
  static String firstReason(String message) {
    String[] lines = message.split("\n");
    String head = lines[0].strip();
    for (int i = 1; i < lines.length; i++) {
      String l = lines[i].strip();
      if (!l.isEmpty()) {
        return head.endsWith(":") ? head + " " + l : head + "; " + l;
      }
    }
    return head;
  }

  static <T extends Library> Loaded<T> load(Class<T> type, String... names) {
    List<String> errors = new ArrayList<>();
    for (String name : names) {
      try {
        NativeLibrary lib = NativeLibrary.getInstance(name);
        T api = Native.load(name, type);
        return new Loaded<>(api, lib, null);
      } catch (UnsatisfiedLinkError | RuntimeException e) {
        errors.add(name + ": " + firstReason(String.valueOf(e.getMessage())));
      }
    }
    return new Loaded<>(null, null, "could not load any of " + String.join(", ", names) + " (" + errors.get(0) + ")");
  }
}
