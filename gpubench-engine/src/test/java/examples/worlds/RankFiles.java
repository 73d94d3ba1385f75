package examples.worlds;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * What the ranks of the world fixtures write for the tests to read: the folder the test gives as the configuration
 * key {@value #KEY} (the engine hands gpubench.* keys to its workers as system properties).
 */
public final class RankFiles {
  /** The key of the folder. */
  public static final String KEY = "gpubench.worlds-test.dir";

  private RankFiles() {}

  public static Path dir() {
    String d = System.getProperty(KEY);
    if (d == null) {
      throw new IllegalStateException("the test sets " + KEY);
    }
    return Path.of(d);
  }

  public static void write(String name, String text) {
    try {
      Files.writeString(dir().resolve(name), text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Appends a line under an exclusive lock, so that the lines of concurrent ranks never mix. */
  static void append(String name, String line) {
    try (FileChannel ch = FileChannel.open(dir().resolve(name), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.APPEND); FileLock lock = ch.lock()) {
      ch.write(ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static float[] twice(float[] x) {
    float[] y = new float[x.length];
    for (int i = 0; i < y.length; i++) {
      y[i] = 2 * x[i];
    }
    return y;
  }

  static float[] nan(int n) {
    float[] y = new float[n];
    java.util.Arrays.fill(y, Float.NaN);
    return y;
  }

  static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
