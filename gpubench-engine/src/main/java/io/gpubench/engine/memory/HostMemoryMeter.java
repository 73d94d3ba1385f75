package io.gpubench.engine.memory;

import io.gpubench.api.result.Flag;
import io.gpubench.api.result.HostMemory;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Counts what the calling thread allocates and which collections run during a case's timed trials, read right
 * before and right after each trial, outside its timed region: the JVM's per-thread allocation counter
 * ({@code com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes}, the counter JMH's {@code -prof gc} reads;
 * it adds each retired TLAB's used bytes: 0.008% to 0.053% over the objects made, on JDK 17) and the collectors' counts and times ({@link GarbageCollectorMXBean}). The reads are the last thing before
 * the clock starts and the first after it stops (the CPU contention probe's own reads of the thread's CPU time
 * allocate 816 B each, outside them); they cost tens of nanoseconds, allocate nothing, and are never inside the
 * clock's marks. What is left between them besides the calls is the clock's record of the trial (40 B on the CPU).
 *
 * <p>Collectors that only count concurrent work ({@code G1 Concurrent GC}, ZGC's and Shenandoah's {@code Cycles}) are
 * left out: their time is not a pause of the calling thread, and a concurrent cycle is counted by the pauses it
 * needs.
 */
public final class HostMemoryMeter {
  private final com.sun.management.ThreadMXBean threads;
  private long allocated;
  private long calls;
  private long gcCount;
  private long gcMillis;
  private int trials;
  private final List<Integer> gcTrials = new ArrayList<>();
  private long allocatedBefore;
  private long gcCountBefore;
  private long gcMillisBefore;

  // Looked up once per JVM: the list is rebuilt on every call (each bean's ObjectName parsed), and a worker starts a
  // meter for every case.
  private static final List<GarbageCollectorMXBean> PAUSING = ManagementFactory.getGarbageCollectorMXBeans().stream()
      .filter(HostMemoryMeter::pauses).toList();

  // Looked up once per JVM too: the platform's lookup builds its list of beans on every call.
  private static final java.lang.management.ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private HostMemoryMeter(com.sun.management.ThreadMXBean threads) {
    this.threads = threads;
  }

  /**
   * A meter for the trials about to run on this thread.
   *
   * @return the meter
   */
  public static HostMemoryMeter start() {
    com.sun.management.ThreadMXBean threads = null;
    if (THREADS instanceof com.sun.management.ThreadMXBean t
        && t.isThreadAllocatedMemorySupported()) {
      if (!t.isThreadAllocatedMemoryEnabled()) {
        t.setThreadAllocatedMemoryEnabled(true);
      }
      threads = t;
    }
    HostMemoryMeter meter = new HostMemoryMeter(threads);
    // Two reads before the first trial: the first call of a management bean may load and compile classes.
    meter.beforeTrial();
    meter.beforeTrial();
    return meter;
  }

  private static boolean pauses(GarbageCollectorMXBean bean) {
    String name = bean.getName();
    return !name.contains("Concurrent") && !name.endsWith("Cycles");
  }

  /** Reads the counters right before a trial's clock starts. */
  public void beforeTrial() {
    gcCountBefore = collections();
    gcMillisBefore = collectionMillis();
    // last, so that nothing of the meter's own is counted
    allocatedBefore = threads == null ? 0 : threads.getCurrentThreadAllocatedBytes();
  }

  /**
   * Reads them right after the trial's clock stopped.
   *
   * @param trialCalls the calls the trial made
   */
  public void afterTrial(int trialCalls) {
    long allocatedAfter = threads == null ? 0 : threads.getCurrentThreadAllocatedBytes(); // first
    long count = collections() - gcCountBefore;
    long millis = collectionMillis() - gcMillisBefore;
    allocated += allocatedAfter - allocatedBefore;
    calls += trialCalls;
    if (count > 0) {
      gcTrials.add(trials);
      gcCount += count;
      gcMillis += millis;
    }
    trials++;
  }

  private long collections() {
    long n = 0;
    for (int i = 0; i < PAUSING.size(); i++) {
      n += Math.max(0, PAUSING.get(i).getCollectionCount());
    }
    return n;
  }

  private long collectionMillis() {
    long n = 0;
    for (int i = 0; i < PAUSING.size(); i++) {
      n += Math.max(0, PAUSING.get(i).getCollectionTime());
    }
    return n;
  }

  /**
   * The figures of the trials so far.
   *
   * @param resident the case's peak resident set, or null where not watched
   * @return the host memory
   */
  public HostMemory result(ResidentPeak resident) {
    Map<String, String> sources = new LinkedHashMap<>();
    Double perCall = null;
    Long bytes = null;
    if (threads != null && calls > 0) {
      bytes = allocated;
      perCall = allocated / (double) calls;
      sources.put("allocatedBytesPerCall", "com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes of the"
          + " calling thread, read before and after each trial outside its timed region, over the trials' calls");
    }
    Long count = null;
    Double millis = null;
    if (!PAUSING.isEmpty()) {
      count = gcCount;
      millis = (double) gcMillis;
      sources.put("gc", "GarbageCollectorMXBean collection count and time of "
          + String.join(", ", PAUSING.stream().map(GarbageCollectorMXBean::getName).toList())
          + ", read before and after each trial");
    }
    Long peak = resident == null ? null : resident.bytes();
    if (peak != null) {
      sources.put("peakResidentBytes", resident.source());
    }
    long max = Runtime.getRuntime().maxMemory();
    return new HostMemory(perCall, bytes, calls, count, millis, gcTrials, trials, peak,
        max == Long.MAX_VALUE ? null : max, sources);
  }

  /**
   * The flag of trials that held a collection: their times include its pause.
   *
   * @param m the host memory
   * @return the flag, or empty when no trial held one
   */
  public static Optional<Flag> gcFlag(HostMemory m) {
    if (m.gcTrials().isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new Flag(Flag.GC, String.format(Locale.ROOT,
        "a garbage collection ran during %d of %d trials (%d collections, %.1f ms): their times include its pause;"
            + " the calls allocate %s", m.gcTrials().size(), m.trials(), m.gcCount(), m.gcPauseMillis(),
        m.allocatedBytesPerCall() == null ? "an unknown amount" : String.format(Locale.ROOT, "%,.0f B a call",
            m.allocatedBytesPerCall()))));
  }
}
