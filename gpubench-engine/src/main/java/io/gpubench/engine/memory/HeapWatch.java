package io.gpubench.engine.memory;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * Ends a worker whose heap is exhausted, within seconds. A {@code @Measure} that keeps what it allocates in a static
 * field fills the heap; G1 (the JVM's default) has no overhead limit (that is the Parallel collector's
 * {@code -XX:GCTimeLimit}, which would change every case's collector), so it does not throw
 * {@code OutOfMemoryError} while each full collection frees a little of the calls' garbage: the worker sat in
 * collections until the step's time limit, 601.6 s, and the case failed as "timed out". Nothing else can end it
 * sooner: no thread can be made to throw in another, and {@code -XX:+ExitOnOutOfMemoryError} waits for an error that
 * does not come.
 *
 * <p>So a daemon thread reads the collectors every {@value #PERIOD_MILLIS} ms; when they ran for at least
 * {@value #GC_SHARE_PERCENT}% of the last {@value #WINDOW_MILLIS} ms and at least {@value #FULL_PERCENT}% of the
 * heap's limit stayed in use after the last collection (a workload that only allocates fast keeps far less), it writes
 * the error with the heap's limit and the collectors' figures to the worker's output, which the engine quotes in the
 * case's failure, and halts the process. The engine then fails the case, starts a new worker, and runs the next case.
 * Workers only: the build's JVM ({@code gpubench.fork=none}) is never halted.
 */
public final class HeapWatch {
  /** The exit code of a worker the watch halted because its heap was exhausted. */
  public static final int EXIT_CODE = 87;
  /** The exit code of a worker the watch halted because one of its own threads ended of an error. */
  public static final int THREAD_EXIT_CODE = 88;
  static final long PERIOD_MILLIS = 200;
  static final long WINDOW_MILLIS = 4000;
  static final int GC_SHARE_PERCENT = 90;
  static final int FULL_PERCENT = 90;

  private final List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
  private final List<MemoryPoolMXBean> pools = ManagementFactory.getMemoryPoolMXBeans().stream()
      .filter(p -> p.getType() == MemoryType.HEAP && p.isCollectionUsageThresholdSupported()).toList();
  // The window as a ring of primitive readings, allocated once: in a full heap every allocation can fail, and a watch
  // that allocates to read would never see what it watches for.
  private static final int SLOTS = (int) (WINDOW_MILLIS / PERIOD_MILLIS) + 4;
  private final long[] times = new long[SLOTS];
  private final long[] gcs = new long[SLOTS];
  private int first;
  private int size;
  // Freed when the heap is found exhausted, so that the message can be made; and the message that needs nothing.
  private byte[] reserve = new byte[1 << 20];
  private final byte[] exhaustedLine = (EXHAUSTED + System.lineSeparator()).getBytes(StandardCharsets.UTF_8);
  private final FileOutputStream err = new FileOutputStream(FileDescriptor.err);
  // a VirtualMachineError that ended a thread of the worker, set by the default handler or by report
  private volatile Throwable died;
  // the worker's own threads (its bench thread), which end only with the process; fixed, so that reading allocates
  private final Thread[] watched = new Thread[8];
  private volatile int watchedCount;
  private static volatile HeapWatch current;

  HeapWatch() {}

  /**
   * Says that a thread of the worker met a {@link VirtualMachineError} it cannot answer with: the watch halts the
   * worker with it. Only a store, so that it works in a full heap. Nothing happens where no watch runs.
   *
   * @param error the error
   */
  public static void report(Throwable error) {
    HeapWatch w = current;
    if (w != null && error instanceof VirtualMachineError) {
      w.died = error;
    }
  }

  /**
   * Watches a thread that must live as long as the worker: when it has ended, the watch halts the worker. In CI the
   * bench thread died of an {@code OutOfMemoryError} that its own handler could not take ("thrown from the
   * UncaughtExceptionHandler"): nothing was reported, the heap no longer collected, and the case waited 120 s.
   *
   * @param thread the thread
   */
  public static synchronized void watch(Thread thread) {
    HeapWatch w = current;
    if (w != null && w.watchedCount < w.watched.length) {
      w.watched[w.watchedCount] = thread;
      w.watchedCount = w.watchedCount + 1;
    }
  }

  /** Starts the watch in this worker. */
  public static void start() {
    HeapWatch watch = new HeapWatch();
    current = watch;
    // A thread that dies of a VirtualMachineError (the JVM's own OutOfMemoryError, thrown past the engine's catch or
    // from the default handler's stack trace) leaves a worker that answers nothing, and a heap that no longer
    // collects, which the watch cannot see: the case then waited for the step's limit. End the worker instead.
    // The dying thread only leaves the error (a store, no allocation): halting from it did not end the worker in
    // CI, where the bench and main threads died together; the watch's own thread, alive and waiting, halts.
    Thread.setDefaultUncaughtExceptionHandler((thread, error) -> {
      if (error instanceof VirtualMachineError) {
        report(error);
      } else {
        // what the JVM prints where no default handler is set, which this one replaces
        System.err.print("Exception in thread \"" + thread.getName() + "\" ");
        error.printStackTrace();
      }
    });
    Thread t = new Thread(watch::run, "gpubench-heap-watch");
    t.setDaemon(true);
    t.setPriority(Thread.MAX_PRIORITY);
    t.start();
  }

  private void run() {
    long failing = 0;
    while (true) {
      String exhausted;
      try {
        Thread.sleep(PERIOD_MILLIS);
        Throwable error = died;
        if (error != null) {
          haltAfter(error, null);
        }
        Thread ended = firstEnded();
        if (ended != null) {
          haltAfter(died, ended);
        }
        exhausted = check(System.nanoTime(), collectionMillis());
        failing = 0;
      } catch (InterruptedException e) {
        return;
      } catch (Throwable e) {
        // Even reading failed (an OutOfMemoryError of this thread): a heap that refuses the watch a few bytes for a
        // whole window is exhausted.
        failing += PERIOD_MILLIS;
        if (failing < WINDOW_MILLIS) {
          continue;
        }
        exhausted = null;
      }
      if (exhausted == null && failing >= WINDOW_MILLIS) {
        reserve = null; // room to read once more, and for the message
        try {
          exhausted = check(System.nanoTime(), collectionMillis());
        } catch (Throwable e) {
          exhausted = null;
        }
        halt(exhausted);
      }
      if (exhausted != null) {
        halt(exhausted);
      }
    }
  }

  private Thread firstEnded() {
    int n = watchedCount;
    for (int i = 0; i < n; i++) {
      // TERMINATED, not !isAlive(): a thread is watched from its executor's thread factory, before start(), and a
      // poll in that window (a loaded host) took the new thread for one that had died.
      if (watched[i].getState() == Thread.State.TERMINATED) {
        return watched[i];
      }
    }
    return null;
  }

  /**
   * Halts the worker after an error of one of its threads, or the end of a watched thread.
   *
   * @param error the error, or null where the thread ended without one reaching the watch
   * @param ended the watched thread that ended, or null
   */
  private void haltAfter(Throwable error, Thread ended) {
    reserve = null; // room for the message
    long max = Runtime.getRuntime().maxMemory();
    // A thread that ended unreported in a heap still full after its collection ended of the heap, most likely.
    boolean heap = error instanceof OutOfMemoryError
        || error == null && max != Long.MAX_VALUE && keptAfterCollection() * 100 >= (long) FULL_PERCENT * max;
    String line = null;
    try {
      String what = error != null ? error + " in a thread of the worker"
          : "the worker's thread \"" + ended.getName() + "\" ended of an error it could not report"
              + (heap ? ", with its heap full after the last collection (java.lang.OutOfMemoryError, most likely)"
                  : "");
      line = "gpubench heap watch: " + what + ": "
          + String.format(Locale.ROOT, "%.1f MiB heap limit (-Xmx)", max / 1048576.0)
          + heapFigures() + ". " + (heap ? ADVICE : "The worker is stopped so that the next case runs in a new one.");
    } catch (Throwable e) {
      line = null;
    }
    // where even the line could not be made: the literal of each kind, which needs nothing
    halt(line != null || heap ? line : THREAD_ENDED, heap ? EXIT_CODE : THREAD_EXIT_CODE);
  }

  private void halt(String line) {
    halt(line, EXIT_CODE);
  }

  private void halt(String line, int code) {
    try {
      if (line != null) {
        System.err.println(line);
        System.err.flush();
      } else {
        err.write(exhaustedLine);
        err.flush();
      }
    } catch (Throwable e) {
      // the line could not be written in a full heap; the exit code still says why
    } finally {
      Runtime.getRuntime().halt(code);
    }
  }

  /** What the user can do, the last sentence of every line the watch writes. */
  static final String ADVICE = "The worker is stopped so that the next case runs in a new one. Keep less (a static "
      + "field that holds every call's output keeps it all), or give the workers more heap with "
      + "-Dgpubench.fork.jvm-args=-Xmx<size> or @Fork(jvmArgs = \"-Xmx<size>\")";

  /** The line when even the figures cannot be formatted: a literal, which needs no allocation. */
  static final String EXHAUSTED = "gpubench: java.lang.OutOfMemoryError: the worker's heap is exhausted: "
      + "the garbage collector ran nearly all the time and the heap stayed full after its collections. " + ADVICE;

  /** The line for a thread that ended when its figures cannot be formatted. */
  static final String THREAD_ENDED = "gpubench: a thread of the worker ended of an error; the worker is stopped so "
      + "that the next case runs in a new one";

  private long collectionMillis() {
    long n = 0;
    for (int i = 0; i < collectors.size(); i++) { // no iterator: nothing allocated to read
      n += Math.max(0, collectors.get(i).getCollectionTime());
    }
    return n;
  }

  /**
   * Adds a reading and says whether the heap is exhausted.
   *
   * @param nanos now, {@link System#nanoTime()}
   * @param gcMillis the collectors' time so far
   * @return the error's text, or null while the heap is not exhausted
   */
  String check(long nanos, long gcMillis) {
    if (size == SLOTS) {
      first = (first + 1) % SLOTS;
      size--;
    }
    int last = (first + size) % SLOTS;
    times[last] = nanos;
    gcs[last] = gcMillis;
    size++;
    while (size > 2 && nanos - times[first] > WINDOW_MILLIS * 1_000_000) {
      first = (first + 1) % SLOTS;
      size--;
    }
    double wallMillis = (nanos - times[first]) / 1e6;
    if (wallMillis < WINDOW_MILLIS * 0.9) {
      return null;
    }
    double share = (gcMillis - gcs[first]) / wallMillis;
    if (share * 100 < GC_SHARE_PERCENT) {
      return null;
    }
    long max = Runtime.getRuntime().maxMemory();
    long kept = keptAfterCollection();
    if (max == Long.MAX_VALUE || kept * 100 < (long) FULL_PERCENT * max) {
      return null;
    }
    reserve = null; // room for the message
    try {
      return describe(share, wallMillis, kept, max);
    } catch (Throwable e) {
      return EXHAUSTED;
    }
  }

  /** What stayed in use after the last collection of each heap pool, or the heap's use now where none says. */
  private long keptAfterCollection() {
    long kept = 0;
    boolean known = false;
    for (int i = 0; i < pools.size(); i++) {
      MemoryUsage u = pools.get(i).getCollectionUsage();
      if (u != null) {
        kept += u.getUsed();
        known = true;
      }
    }
    return known ? kept : ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /**
   * The heap's limit and the collectors' figures, for the message of an {@code OutOfMemoryError} the JVM threw:
   * {@code "; heap limit 64.0 MiB, 63.2 MiB in use; G1 Young Generation: 12 collections, 40 ms; ..."}. Empty where
   * even that cannot be made (the heap is still full).
   *
   * @return the text, starting with {@code "; "}, or empty
   */
  public static String heapFigures() {
    try {
      Runtime rt = Runtime.getRuntime();
      StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "; heap limit %.1f MiB (-Xmx), %.1f MiB in use",
          rt.maxMemory() / 1048576.0, (rt.totalMemory() - rt.freeMemory()) / 1048576.0));
      return b.append("; ").append(collectorFigures("; ")).toString();
    } catch (Throwable e) {
      return "";
    }
  }

  private String describe(double share, double wallMillis, long kept, long max) {
    return String.format(Locale.ROOT, "gpubench heap watch: java.lang.OutOfMemoryError: the worker's heap is "
        + "exhausted: the garbage collector ran %.0f%% of the last %.1f s and %.1f MiB of the %.1f MiB heap limit "
        + "(-Xmx) stayed in use after its last collection (%s). %s", Math.min(100, share * 100), wallMillis / 1000,
        kept / 1048576.0, max / 1048576.0, collectorFigures("; "), ADVICE);
  }

  /** Each collector's count and time, {@code "G1 Young Generation: 12 collections, 40 ms"}, joined. */
  private static String collectorFigures(String separator) {
    StringBuilder b = new StringBuilder();
    for (GarbageCollectorMXBean g : ManagementFactory.getGarbageCollectorMXBeans()) {
      b.append(b.isEmpty() ? "" : separator).append(String.format(Locale.ROOT, "%s: %d collections, %,d ms",
          g.getName(), g.getCollectionCount(), g.getCollectionTime()));
    }
    return b.toString();
  }
}
