package examples.memory;

import io.gpubench.api.Fork;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Trials;

/**
 * A workload that keeps a little of every call in a static field and drops the rest, in a small heap: the heap fills
 * with what it keeps while each full collection frees the calls' garbage, so the collector runs almost all the time
 * and no {@code OutOfMemoryError} comes (the 601.6 s case, at -Xmx256m). The heap watch ends its worker; the
 * workload after it runs in a new one. The step limit is far below the default 600 s so that a broken watch fails
 * this fixture's test in minutes, as a time-out. Two million calls keep about 140 MiB, twice the heap, whatever the
 * warm-up did: with 50 trials at most, a quick warm-up on an idle machine once let the case pass before the heap
 * filled.
 */
@GpuBenchmark
@Trials(warmup = 1, min = 2000, max = 2000, callsPerTrial = 1000)
@Fork(forks = 1, jvmArgs = {"-Xmx64m", "-XX:+UseG1GC"}, timeoutSeconds = 120)
public class HoardsHeap {
  static Node kept;

  /** One kept link: a few bytes a call, in a chain (no large array to fail on first). */
  record Node(Node next, long[] payload) {}

  @Measure
  byte[] hoards() {
    kept = new Node(kept, new long[4]);
    return new byte[2048];
  }

  @Measure
  long correctAfter() {
    return System.identityHashCode(this) & 1;
  }
}
