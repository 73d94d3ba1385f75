package io.gpubench.engine.worker;

import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.Arrays;
import java.util.Comparator;

/** The stacks of every thread of this JVM, as text, for the failure of a case whose step ran out of time. */
final class ThreadDumps {
  /** The most frames printed per thread; a hang shows in the top frames. */
  static final int MAX_FRAMES = 40;

  private ThreadDumps() {}

  static String all() {
    StringBuilder sb = new StringBuilder();
    ThreadInfo[] infos = ManagementFactory.getThreadMXBean().dumpAllThreads(true, true);
    // the thread running benchmark code first, where a reader looks
    Arrays.sort(infos, Comparator.comparing((ThreadInfo t) -> !t.getThreadName().equals("gpubench-bench"))
        .thenComparing(ThreadInfo::getThreadName));
    for (ThreadInfo t : infos) {
      sb.append('"').append(t.getThreadName()).append("\" ").append(t.getThreadState());
      LockInfo lock = t.getLockInfo();
      if (lock != null) {
        sb.append(" on ").append(lock);
      }
      if (t.isInNative()) {
        sb.append(" (in native code)");
      }
      sb.append('\n');
      StackTraceElement[] frames = t.getStackTrace();
      for (int i = 0; i < Math.min(frames.length, MAX_FRAMES); i++) {
        sb.append("\tat ").append(frames[i]).append('\n');
      }
      if (frames.length > MAX_FRAMES) {
        sb.append("\t... ").append(frames.length - MAX_FRAMES).append(" more\n");
      }
    }
    return sb.toString();
  }
}
