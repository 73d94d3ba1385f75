package io.gpubench.engine.bench;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How busy this JVM's JIT compiler is, for the warm-up rule. The CPU time of the compiler threads shows a compilation
 * while it runs; the compilation MXBean's total time grows only when a compilation <em>ends</em> (a C2 compile of a
 * large kernel that is still running reads as a quiet JIT there), and it is wall time, which a loaded machine
 * inflates. The threads' CPU time comes from Linux's {@code /proc/self/task/<tid>/schedstat} (nanoseconds) for the
 * threads HotSpot names {@code C1 CompilerThread...} and {@code C2 CompilerThread...}; elsewhere it is unknown (-1).
 *
 * <p>The readings run between warm-up rounds, so their own code must not read as the workload's compilation: the
 * compiler threads are listed once per {@link #refresh()} (not per reading), a reading opens and parses two small
 * files with a few lines of code, and {@link #prime()} compiles that code (a worker primes it as it starts, before
 * its first case). What compiling is left is far under the warm-up rule's share. Not thread-safe:
 * the bench thread reads it.
 *
 * <p>A compiler thread's two files stay open while it is listed: a reading seeks to the start and reads again (Linux
 * writes a {@code /proc} file's text anew at offset 0), where opening and closing each file at each reading made and
 * released a descriptor and its cleaner, some 6 readings a round and one every poll of a wait for the JIT. C2 compiled
 * that path again and again in a worker (the reading of the threads' states three times, 50–75 ms each, of 1,000 cases
 * of an empty call), each time in a case's wait for the JIT.
 */
final class JitActivity {
  private static final CompilationMXBean JIT = ManagementFactory.getCompilationMXBean();
  private static final File TASKS = new File("/proc/self/task");
  // Past C1's thresholds (a few hundred calls): the readings then run compiled code from the first round on.
  private static final int PRIME_READINGS = 500;

  // The last CPU time read per compiler thread (by id): a thread that ends (HotSpot stops idle compiler threads)
  // keeps its share in the sum, so that the sum never falls.
  private final Map<String, Long> compilerCpu = new HashMap<>();
  // Every thread listed at the last refresh, and whether it is a compiler thread.
  private final Map<String, Boolean> seen = new HashMap<>();
  // The threads whose names were read at one refresh only.
  private final Set<String> newlySeen = new HashSet<>();
  // The compiler threads listed, their files open; by id, and in a list for the readings.
  private final Map<String, CompilerFiles> open = new HashMap<>();
  private final List<CompilerFiles> compilers = new ArrayList<>();
  private final byte[] buffer = new byte[128];
  private boolean usable = TASKS.isDirectory();
  private boolean primed;

  /**
   * Lists the compiler threads again: HotSpot starts and stops them as its queues grow and shrink. The directory of
   * threads is listed each time, but only a thread not seen before has its name read: a worker has a few dozen
   * threads, and reading every name cost some 0.18 ms a case (of 1,000 cases of an empty call, a 2-vCPU VM), more than
   * the readings of a whole warm-up. A new thread is read at two refreshes, since it starts with its creator's name
   * and names itself as it starts; after that its name is taken as fixed (HotSpot names a compiler thread once). An id
   * that leaves the listing is forgotten, so that an id the kernel hands to a new thread is read again.
   */
  void refresh() {
    if (!usable) {
      return;
    }
    String[] tids = TASKS.list();
    if (tids == null) {
      usable = false;
      return;
    }
    Set<String> listed = new HashSet<>(Arrays.asList(tids));
    boolean changed = seen.keySet().retainAll(listed);
    Set<String> readOnce = new HashSet<>();
    for (String tid : tids) {
      if (!seen.containsKey(tid) || newlySeen.contains(tid)) {
        String name = read(TASKS + "/" + tid + "/comm");
        boolean compiler = name != null && (name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler"));
        changed |= !Boolean.valueOf(compiler).equals(seen.put(tid, compiler));
        if (!newlySeen.contains(tid)) {
          readOnce.add(tid);
        }
      }
    }
    newlySeen.clear();
    newlySeen.addAll(readOnce);
    if (changed) {
      reopen();
    }
    if (compilers.isEmpty() && compilerCpu.isEmpty()) {
      usable = false; // no compiler threads by those names (another JVM, -Xint): unknown, not quiet
    }
  }

  /** Closes the files of threads no longer listed as compilers and opens those of compilers new to the listing. */
  private void reopen() {
    open.entrySet().removeIf(e -> {
      if (Boolean.TRUE.equals(seen.get(e.getKey()))) {
        return false;
      }
      e.getValue().close();
      return true;
    });
    seen.forEach((tid, compiler) -> {
      if (compiler && !open.containsKey(tid)) {
        CompilerFiles files = CompilerFiles.open(tid);
        if (files != null) {
          open.put(tid, files);
        }
      }
    });
    compilers.clear();
    compilers.addAll(open.values());
  }

  /**
   * A compiler thread's {@code schedstat} (its CPU time first) and {@code stat} (its state), open.
   *
   * @param tid the thread's id
   * @param cpu its schedstat
   * @param state its stat
   */
  private record CompilerFiles(String tid, RandomAccessFile cpu, RandomAccessFile state) {
    /** Opens them, or null where the thread ended meanwhile. */
    static CompilerFiles open(String tid) {
      RandomAccessFile cpu = null;
      try {
        cpu = new RandomAccessFile(TASKS + "/" + tid + "/schedstat", "r");
        return new CompilerFiles(tid, cpu, new RandomAccessFile(TASKS + "/" + tid + "/stat", "r"));
      } catch (IOException e) {
        if (cpu != null) {
          closeQuietly(cpu);
        }
        return null;
      }
    }

    /** Reads a file from its start: bytes read, or -1 where the thread ended. */
    static int read(RandomAccessFile file, byte[] buffer) {
      try {
        file.seek(0);
        return file.read(buffer);
      } catch (IOException e) {
        return -1;
      }
    }

    void close() {
      closeQuietly(cpu);
      closeQuietly(state);
    }

    private static void closeQuietly(RandomAccessFile file) {
      try {
        file.close();
      } catch (IOException e) {
        // a /proc file of a thread that ended: nothing held
      }
    }
  }

  /** Compiles the readings' code once per JVM, before they run between rounds. */
  void prime() {
    if (primed) {
      return;
    }
    primed = true;
    refresh();
    Mark first = mark();
    for (int i = 0; i < PRIME_READINGS && usable; i++) {
      Mark m = mark();
      m.compiledMillisSince(first);
      m.compilerCpuMillisSince(first);
      runnableCompilers();
    }
  }

  /**
   * The JIT's totals now, to take what it did over a stretch from the mark at its end.
   *
   * @return the mark
   */
  Mark mark() {
    return new Mark(compilationMillis(), compilerCpuNanos());
  }

  /**
   * The JIT's totals at a moment.
   *
   * @param compilationMillis compilation time that had ended, or -1 where unknown
   * @param compilerCpuNanos the compiler threads' CPU time, or -1 where unknown
   */
  record Mark(double compilationMillis, double compilerCpuNanos) {

    /**
     * Compilation time that ended between an earlier mark and this one.
     *
     * @param before the earlier mark
     * @return milliseconds, or -1 where either mark does not know
     */
    double compiledMillisSince(Mark before) {
      return compilationMillis < 0 || before.compilationMillis < 0 ? -1 : compilationMillis - before.compilationMillis;
    }

    /**
     * The compiler threads' CPU time between an earlier mark and this one.
     *
     * @param before the earlier mark
     * @return milliseconds, or -1 where either mark does not know
     */
    double compilerCpuMillisSince(Mark before) {
      return compilerCpuNanos < 0 || before.compilerCpuNanos < 0 ? -1
          : (compilerCpuNanos - before.compilerCpuNanos) / 1e6;
    }
  }

  /**
   * The JIT's total compilation time so far (compilations that ended; wall time).
   *
   * @return milliseconds, or -1 where the JVM does not monitor it
   */
  double compilationMillis() {
    return JIT != null && JIT.isCompilationTimeMonitoringSupported() ? JIT.getTotalCompilationTime() : -1;
  }

  /**
   * The CPU time the JIT's compiler threads have used so far.
   *
   * @return nanoseconds, or -1 where it cannot be read
   */
  double compilerCpuNanos() {
    if (!usable) {
      return -1;
    }
    for (int i = 0; i < compilers.size(); i++) {
      CompilerFiles files = compilers.get(i);
      long ns = firstNumber(CompilerFiles.read(files.cpu(), buffer));
      if (ns >= 0) {
        compilerCpu.put(files.tid(), ns);
      }
    }
    long sum = 0;
    for (long v : compilerCpu.values()) {
      sum += v;
    }
    return sum;
  }

  /**
   * How many compiler threads are runnable now: compiling, or with a compilation queued and waiting for a CPU (on a
   * loaded machine a queued compilation may wait a while, and uses no CPU time meanwhile). An idle compiler thread
   * sleeps on its queue.
   *
   * @return the count, or -1 where it cannot be read
   */
  int runnableCompilers() {
    if (!usable) {
      return -1;
    }
    int runnable = 0;
    for (int i = 0; i < compilers.size(); i++) {
      int n = CompilerFiles.read(compilers.get(i).state(), buffer);
      if (n < 0) {
        continue; // the thread ended
      }
      // "tid (name) S ...": the state follows the last ')'
      for (int k = n - 1; k > 0; k--) {
        if (buffer[k] == ')') {
          if (k + 2 < n && buffer[k + 2] == 'R') {
            runnable++;
          }
          break;
        }
      }
    }
    return runnable;
  }

  /** The first number of the buffer's first n bytes, or -1 where there is none (n is -1 where the thread ended). */
  private long firstNumber(int n) {
    long v = 0;
    int digits = 0;
    for (int i = 0; i < n; i++) {
      byte b = buffer[i];
      if (b < '0' || b > '9') {
        break;
      }
      v = v * 10 + (b - '0');
      digits++;
    }
    return digits == 0 ? -1 : v;
  }

  private static String read(String file) {
    try (FileInputStream in = new FileInputStream(file)) {
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.US_ASCII).trim();
    } catch (IOException e) {
      return null;
    }
  }
}
