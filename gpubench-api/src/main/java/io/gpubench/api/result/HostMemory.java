package io.gpubench.api.result;

import java.util.List;
import java.util.Map;

/**
 * The host memory of a case's calls, measured around its timed trials (never inside a trial's timed region): what
 * the calling thread allocated per call (the figure JMH's {@code -prof gc} reports as {@code gc.alloc.rate.norm}),
 * the garbage collections that ran during the trials, and the worker's peak resident set. Each figure names where it
 * came from in {@link #sources()}.
 *
 * @param allocatedBytesPerCall bytes the calling thread allocated per call over the trials: {@link #allocatedBytes()}
 *     over {@link #calls()}; null where the JVM cannot count a thread's allocations. It counts the thread that makes
 *     the calls only (work a call hands to other threads, such as a framework's intra-op pool, is not in it) and the
 *     trial's own bookkeeping, which is a few dozen bytes a trial, not a call
 * @param allocatedBytes bytes the calling thread allocated over all the trials, or null where unknown
 * @param calls the calls those trials made
 * @param gcCount collections (pauses) that ran during the trials, or null where unknown
 * @param gcPauseMillis the time those collections took, milliseconds, or null where unknown
 * @param gcTrials the trials during which a collection ran, by index in the order this fork made them (kept and
 *     discarded ones alike), counted from 0; empty when none did
 * @param trials the trials the fork made
 * @param peakResidentBytes the worker process's peak resident set since the case's set-up began (where the peak
 *     could be reset: see {@link #sources()}), or null where the operating system does not say
 * @param heapMaxBytes the heap's limit ({@code -Xmx}), or null
 * @param sources figure to where it came from, such as {@code allocatedBytesPerCall} to
 *     {@code com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes}
 */
public record HostMemory(
    Double allocatedBytesPerCall,
    Long allocatedBytes,
    long calls,
    Long gcCount,
    Double gcPauseMillis,
    List<Integer> gcTrials,
    int trials,
    Long peakResidentBytes,
    Long heapMaxBytes,
    Map<String, String> sources) {

  /**
   * Copies the lists.
   *
   * @param allocatedBytesPerCall bytes per call
   * @param allocatedBytes bytes over the trials
   * @param calls calls
   * @param gcCount collections
   * @param gcPauseMillis their time
   * @param gcTrials trials with a collection
   * @param trials trials made
   * @param peakResidentBytes peak resident set
   * @param heapMaxBytes heap limit
   * @param sources sources
   */
  public HostMemory {
    gcTrials = gcTrials == null ? List.of() : List.copyOf(gcTrials);
    sources = sources == null ? Map.of()
        : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(sources));
  }
}
