package io.gpubench.engine.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The heap watch's rule on readings given to it: collections nearly all the time are not enough while the heap is
 * not full after them (a workload that only allocates fast), and a window shorter than the watch's is never judged.
 * The heap exhausted for real is {@code HeapExhaustionTest}'s, through the engine.
 */
class HeapWatchTest {

  @Test
  void collectingAllTheTimeIsNotExhaustionWhileTheHeapEmptiesAfterIt() {
    HeapWatch watch = new HeapWatch();
    long t = 0;
    String verdict = null;
    for (int i = 0; i <= 40; i++, t += HeapWatch.PERIOD_MILLIS * 1_000_000) {
      // every millisecond of the window in collections: the share is 100%
      verdict = watch.check(t, i * HeapWatch.PERIOD_MILLIS);
    }
    // this test JVM keeps far less than 90% of its heap after a collection
    assertThat(verdict).isNull();
  }

  @Test
  void theMessageNamesTheErrorTheLimitAndTheFix() {
    assertThat(HeapWatch.EXHAUSTED).contains("java.lang.OutOfMemoryError").contains("-Xmx<size>");
    assertThat(HeapWatch.heapFigures()).startsWith("; heap limit ").contains("MiB (-Xmx)").contains("collections");
  }

  @Test
  void aWatchedThreadThatEndsOfAnErrorHaltsTheProcessAndItsErrorIsPrinted() throws Exception {
    Ended p = run("fails");
    assertThat(p.code()).as(p.output()).isEqualTo(HeapWatch.THREAD_EXIT_CODE);
    assertThat(p.output()).contains("Exception in thread \"gpubench-bench\" java.lang.IllegalStateException")
        .contains("the worker's thread \"gpubench-bench\" ended").contains("MiB heap limit (-Xmx), ")
        .containsOnlyOnce("heap limit");
  }

  @Test
  void aWatchedThreadNotYetStartedIsNoEnd() throws Exception {
    Ended p = run("late");
    assertThat(p.code()).as(p.output()).isZero();
    assertThat(p.output()).doesNotContain("heap watch");
  }

  record Ended(int code, String output) {}

  static Ended run(String mode) throws Exception {
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), EndingThread.class.getName(), mode).redirectErrorStream(true).start();
    // far under the process's own 60 s wait, far over the watch's period
    boolean ended = p.waitFor(45, TimeUnit.SECONDS);
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!ended) {
      p.destroyForcibly();
    }
    assertThat(ended).as("the process ends: %s", output).isTrue();
    return new Ended(p.exitValue(), output);
  }
}
