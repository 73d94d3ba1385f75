package io.gpubench.cuda.internal.audit;

import io.gpubench.api.result.KernelAudit.Library;
import io.gpubench.api.result.KernelAudit.Method;
import io.gpubench.api.result.KernelAudit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Sums an audit's kernels and copies into the result: rows by kernel (and attribution) and by kind of copy, the
 * shares of GPU time, and the busy fraction of the span.
 */
final class AuditSummary {
  private AuditSummary() {}

  /** How the kernels were attributed, in words, for {@link KernelAudit.Attribution#how()}. */
  static final String HOW = "native call stack at each launch call (CUPTI launch callbacks walked by libgcc's "
      + "unwinder), first frame outside libcupti/libcuda/libcudart resolved to its shared object with dladdr; "
      + "kernels no walk reaches by kernel name";

  private record RowKey(String name, Library library, String source, Method method) {}

  private static final class Sum {
    long count;
    double nanos;
    double bytes;
  }

  /**
   * The result.
   *
   * @param kernels the kernels of the audited calls
   * @param attributions each kernel's attribution, in the same order
   * @param copies the copies and sets of the audited calls
   * @param calls the number of calls
   * @param how how the kernels were attributed
   * @param notes notes for {@link KernelAudit.Attribution#notes()}
   * @param cost what the audit cost
   * @return the audit
   */
  static KernelAudit summarize(List<Activity.Kernel> kernels, List<LaunchAttribution.Attributed> attributions,
      List<Activity.Copy> copies, int calls, String how, List<String> notes, KernelAudit.Cost cost) {
    if (kernels.size() != attributions.size()) {
      throw new IllegalArgumentException(kernels.size() + " kernels but " + attributions.size() + " attributions");
    }
    if (calls < 1) {
      throw new IllegalArgumentException("calls must be at least 1, was " + calls);
    }
    double kernelNanos = 0;
    double libraryNanos = 0;
    double ncclNanos = 0;
    double[] byMethod = new double[Method.values().length];
    Map<RowKey, Sum> rows = new LinkedHashMap<>();
    List<long[]> intervals = new ArrayList<>();
    for (int i = 0; i < kernels.size(); i++) {
      Activity.Kernel k = kernels.get(i);
      LaunchAttribution.Attributed a = attributions.get(i);
      double t = duration(k.start(), k.end());
      kernelNanos += t;
      if (a.library().isLibrary()) {
        libraryNanos += t;
      } else if (a.library() == Library.NCCL) {
        ncclNanos += t;
      }
      byMethod[a.method().ordinal()] += t;
      Sum s = rows.computeIfAbsent(new RowKey(k.name(), a.library(), a.source(), a.method()), x -> new Sum());
      s.count++;
      s.nanos += t;
      intervals.add(new long[] {k.start(), k.end()});
    }
    double copyNanos = 0;
    Map<String, Sum> copyRows = new LinkedHashMap<>();
    for (Activity.Copy c : copies) {
      double t = duration(c.start(), c.end());
      copyNanos += t;
      Sum s = copyRows.computeIfAbsent(c.kind(), x -> new Sum());
      s.count++;
      s.nanos += t;
      s.bytes += c.bytes();
      intervals.add(new long[] {c.start(), c.end()});
    }
    double gpu = kernelNanos + copyNanos;
    double[] spanAndBusy = spanAndBusy(intervals);

    List<KernelAudit.Kernel> kernelRows = new ArrayList<>();
    rows.forEach((key, s) -> kernelRows.add(new KernelAudit.Kernel(key.name(), key.library(), key.source(),
        key.method(), (double) s.count / calls, s.nanos / calls, share(s.nanos, gpu))));
    kernelRows.sort(Comparator.comparingDouble(KernelAudit.Kernel::nanosPerCall).reversed());
    List<KernelAudit.Copy> copyList = new ArrayList<>();
    copyRows.forEach((kind, s) -> copyList.add(new KernelAudit.Copy(kind, (double) s.count / calls, s.bytes / calls,
        s.nanos / calls, share(s.nanos, gpu))));
    copyList.sort(Comparator.comparingDouble(KernelAudit.Copy::nanosPerCall).reversed());

    KernelAudit.Attribution attribution = new KernelAudit.Attribution(how,
        share(byMethod[Method.STACK.ordinal()], kernelNanos), share(byMethod[Method.KERNEL_NAME.ordinal()], kernelNanos),
        share(byMethod[Method.NONE.ordinal()], kernelNanos), notes);
    return new KernelAudit(null, calls, spanAndBusy[0] / calls, kernelNanos / calls, copyNanos / calls,
        spanAndBusy[0] == 0 ? 0 : spanAndBusy[1] / spanAndBusy[0], share(libraryNanos, gpu), share(ncclNanos, gpu),
        share(copyNanos, gpu), kernelRows, copyList, attribution, cost);
  }

  private static double duration(long start, long end) {
    return Math.max(0, end - start);
  }

  private static double share(double part, double whole) {
    return whole > 0 ? part / whole : 0;
  }

  /**
   * The span of a set of intervals and the length of their union: the time in which at least one ran. Kernels on
   * several streams can overlap, so the sum of their times can exceed the span; the union cannot.
   *
   * @param intervals start and end of each
   * @return {span, union}
   */
  static double[] spanAndBusy(List<long[]> intervals) {
    if (intervals.isEmpty()) {
      return new double[] {0, 0};
    }
    List<long[]> sorted = new ArrayList<>(intervals);
    sorted.sort(Comparator.comparingLong(x -> x[0]));
    long first = sorted.get(0)[0];
    long last = Long.MIN_VALUE;
    long busy = 0;
    long curStart = first;
    long curEnd = first;
    for (long[] iv : sorted) {
      long s = iv[0];
      long e = Math.max(iv[0], iv[1]);
      last = Math.max(last, e);
      if (s > curEnd) {
        busy += curEnd - curStart;
        curStart = s;
        curEnd = e;
      } else {
        curEnd = Math.max(curEnd, e);
      }
    }
    busy += curEnd - curStart;
    return new double[] {last - first, busy};
  }
}
