package io.gpubench.cuda.internal.audit;

import java.util.List;

/**
 * One native stack walk, made at a launch call's entry or exit on the calling thread.
 *
 * @param threadId the kernel thread id of the calling thread
 * @param domain the callback domain CUPTI passed (1 driver, 2 runtime), or 0 where it could not be read
 * @param sequence the walk's order among all walks of the audit
 * @param skipped true for a walk ended at its first frame: each launch call is walked once, at entry or exit
 * @param caller the first frame outside CUDA's launch path, or null where the walk ended before it
 * @param frames the frames read, youngest first
 * @param end how the walk ended, for a walk without caller
 */
record Walk(int threadId, int domain, long sequence, boolean skipped, Frame caller, List<Frame> frames, String end) {

  Walk {
    frames = List.copyOf(frames);
  }

  /**
   * The walk and its frames, one per line, for the audit's dump.
   *
   * @return the text
   */
  String describe() {
    StringBuilder s = new StringBuilder("walk ").append(sequence).append(" thread ").append(threadId)
        .append(" domain ").append(domain).append(skipped ? " skipped" : "");
    if (caller != null) {
      s.append(" caller ").append(caller.describe());
    }
    if (end != null) {
      s.append(" (").append(end).append(')');
    }
    s.append('\n');
    for (Frame f : frames) {
      s.append("  0x").append(Long.toHexString(f.ip())).append(' ').append(f.origin()).append(' ')
          .append(f.describe()).append('\n');
    }
    return s.toString();
  }
}
