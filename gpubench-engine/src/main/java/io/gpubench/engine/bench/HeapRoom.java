package io.gpubench.engine.bench;

import java.util.Locale;

/**
 * Whether the JVM's heap can hold what a case is about to make, asked before a large allocation: a 2e9-element input
 * ended its case with a bare {@code OutOfMemoryError: Java heap space}, naming neither the tensor nor the size nor
 * the fix. What cannot fit is refused with all three; an allocation that fails anyway is reported the same way.
 */
final class HeapRoom {
  private HeapRoom() {}

  /**
   * Refuses an allocation the heap cannot hold even after a collection.
   *
   * @param what the tensor, as a message names it
   * @param bytes the bytes about to be allocated
   * @throws IllegalArgumentException when they exceed the heap's room
   */
  static void require(String what, long bytes) {
    Runtime rt = Runtime.getRuntime();
    long max = rt.maxMemory();
    // Only a request near the limit is worth a precise answer; below a quarter of the heap, allocate and see.
    if (bytes < max / 4) {
      return;
    }
    long room = max - (rt.totalMemory() - rt.freeMemory());
    if (bytes > room) {
      throw new IllegalArgumentException(describe(what, bytes, room, max));
    }
  }

  /**
   * The failure of an allocation that did not fit.
   *
   * @param what the tensor, as a message names it
   * @param error the JVM's error
   * @return an exception naming the tensor, the heap and the fix, the error as its cause
   */
  static IllegalStateException exhausted(String what, OutOfMemoryError error) {
    Runtime rt = Runtime.getRuntime();
    long max = rt.maxMemory();
    IllegalStateException e = new IllegalStateException(String.format(Locale.ROOT,
        "%s does not fit in this worker's heap (%s: %s of %s in use): give the workers more with "
            + "-Dgpubench.fork.jvm-args=-Xmx<size>, or choose a smaller shape", what, error.getMessage(),
        gib(rt.totalMemory() - rt.freeMemory()), gib(max)), error);
    return e;
  }

  private static String describe(String what, long bytes, long room, long max) {
    return String.format(Locale.ROOT, "%s: its values need %s of heap, and this worker has %s left of %s (-Xmx); "
        + "give the workers more with -Dgpubench.fork.jvm-args=-Xmx<size>, or choose a smaller shape", what,
        gib(bytes), gib(Math.max(0, room)), gib(max));
  }

  private static String gib(long bytes) {
    return String.format(Locale.ROOT, "%.2f GiB", bytes / (double) (1L << 30));
  }
}
