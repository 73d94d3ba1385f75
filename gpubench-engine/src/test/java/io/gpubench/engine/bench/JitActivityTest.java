package io.gpubench.engine.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The compiler threads' CPU time, read from Linux's per-thread files: a thread counts by its name, including one that
 * names itself after it was first listed (a new thread starts with its creator's name).
 */
class JitActivityTest {
  // CPU time the pretend compiler thread spins for: far above a schedstat reading's granularity
  private static final long SPIN_NANOS = 60_000_000;

  /** A reading of this JVM's compiler threads, or the test skipped where Linux's per-thread files cannot give one. */
  private static JitActivity readable() {
    assumeTrue(new File("/proc/self/task").isDirectory(), "per-thread CPU time is read from Linux's /proc");
    JitActivity jit = new JitActivity();
    jit.refresh();
    assumeTrue(jit.compilerCpuNanos() >= 0, "this JVM names its compiler threads as HotSpot does");
    return jit;
  }

  @Test
  void aThreadThatNamesItselfACompilerAfterItWasFirstListedCountsFromTheNextRefresh() throws Exception {
    JitActivity jit = readable();

    CountDownLatch listed = new CountDownLatch(1);
    CountDownLatch renamed = new CountDownLatch(1);
    CountDownLatch go = new CountDownLatch(1);
    CountDownLatch spun = new CountDownLatch(1);
    CountDownLatch finish = new CountDownLatch(1);
    Thread t = new Thread(() -> {
      try {
        listed.await();
        // HotSpot sets a thread's native name (what /proc shows) when the thread renames itself
        Thread.currentThread().setName("C2 CompilerThread-pretend");
        renamed.countDown();
        go.await();
        spin(SPIN_NANOS);
        spun.countDown();
        finish.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "plain-worker");
    t.start();
    try {
      jit.refresh(); // lists the new thread under its first name
      listed.countDown();
      assertThat(renamed.await(10, TimeUnit.SECONDS)).isTrue();
      jit.refresh(); // reads it again, now a compiler by its name
      double before = jit.compilerCpuNanos();
      go.countDown();
      assertThat(spun.await(10, TimeUnit.SECONDS)).isTrue();
      double after = jit.compilerCpuNanos();
      assertThat(after - before).as("the renamed thread's spin counts as compiler time")
          .isGreaterThanOrEqualTo(0.95 * SPIN_NANOS);
    } finally {
      finish.countDown();
      t.join();
    }
  }

  @Test
  void theSumNeverFallsAsThreadsComeAndGo() throws Exception {
    JitActivity jit = readable();
    double last = jit.compilerCpuNanos();
    for (int i = 0; i < 20; i++) {
      Thread t = new Thread(() -> { }, "short-lived-" + i);
      t.start();
      t.join();
      jit.refresh();
      double now = jit.compilerCpuNanos();
      assertThat(now).isGreaterThanOrEqualTo(last);
      last = now;
    }
  }

  @Test
  void aCompilerThreadThatEndsKeepsItsShareAndItsFilesAreClosedOnceItLeavesTheListing() throws Exception {
    JitActivity jit = readable();
    int descriptors = openDescriptors();
    double last = jit.compilerCpuNanos();
    for (int i = 0; i < 20; i++) {
      CountDownLatch spun = new CountDownLatch(1);
      CountDownLatch finish = new CountDownLatch(1);
      String name = "C1 CompilerThread-pretend-" + i;
      Thread t = new Thread(() -> {
        Thread.currentThread().setName(name);
        spin(SPIN_NANOS / 20);
        spun.countDown();
        try {
          finish.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }, "plain-worker");
      t.start();
      assertThat(spun.await(10, TimeUnit.SECONDS)).isTrue();
      jit.refresh();
      jit.refresh(); // its name read at two refreshes: a compiler by its name, its files open
      double alive = jit.compilerCpuNanos();
      assertThat(alive - last).as("the pretend compiler's spin, read from its open file")
          .isGreaterThanOrEqualTo(0.95 * SPIN_NANOS / 20);
      finish.countDown();
      t.join();
      assertThat(jit.compilerCpuNanos()).as("its file read fails once it ended; its share stays")
          .isGreaterThanOrEqualTo(alive);
      jit.refresh(); // it leaves the listing: its files are closed
      last = jit.compilerCpuNanos();
      assertThat(last).isGreaterThanOrEqualTo(alive);
    }
    assertThat(openDescriptors()).as("20 compiler threads came and went, two files each").isLessThan(descriptors + 10);
  }

  /** Spins for this much of the thread's own CPU time, not the clock's: on a busy machine it may wait for a core. */
  private static void spin(long cpuNanos) {
    var threads = java.lang.management.ManagementFactory.getThreadMXBean();
    long until = threads.getCurrentThreadCpuTime() + cpuNanos;
    long x = 0;
    while (threads.getCurrentThreadCpuTime() < until) {
      x += System.nanoTime() & 1;
    }
    if (x == 42) {
      System.out.print(""); // keeps the loop's result used
    }
  }

  private static int openDescriptors() {
    String[] fds = new File("/proc/self/fd").list();
    return fds == null ? 0 : fds.length;
  }
}
