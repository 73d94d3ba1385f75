package io.gpubench.cuda.internal.audit;

import io.gpubench.api.result.KernelAudit.Library;
import io.gpubench.api.result.KernelAudit.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Attributes each kernel to the library that launched it: the kernel's activity record names its launch call by
 * correlation id; the launch call's activity record names its thread and its place among that thread's launch calls;
 * the walks of that thread, taken at the calls' entries and exits in the same order, name the first frame outside
 * CUDA's launch path. Kernels no walk reaches (launched inside the driver, run in a CUDA graph, a thread whose
 * walks and calls do not pair up) are attributed by their names, and each says why.
 */
final class LaunchAttribution {
  private LaunchAttribution() {}

  /**
   * A kernel's library and how it was found.
   *
   * @param library the library
   * @param source the shared object that made the launch call, or why there is no stack
   * @param method how it was attributed
   */
  record Attributed(Library library, String source, Method method) {}

  /**
   * The attribution of an audit's kernels.
   *
   * @param byKernel each kernel's attribution, in the kernels' order
   * @param notes what was seen: launch calls and walks counted, threads whose walks did not pair up
   */
  record Result(List<Attributed> byKernel, List<String> notes) {}

  private record Key(int threadId, int domain) {}

  /**
   * Attributes kernels.
   *
   * @param kernels the kernels
   * @param calls the launch calls' activity records (driver, runtime and internal)
   * @param walks the walks, or null where no walks were made
   * @param noWalks why no walks were made, where {@code walks} is null
   * @param launchCbids the callback ids that were walked, by domain (1 driver, 2 runtime)
   * @return each kernel's attribution, with notes
   */
  static Result attribute(List<Activity.Kernel> kernels, List<Activity.Api> calls, List<Walk> walks, String noWalks,
      Map<Integer, Set<Integer>> launchCbids) {
    List<String> notes = new ArrayList<>();
    Map<Integer, List<Activity.Api>> callsById = new HashMap<>();
    int driver = 0;
    int runtime = 0;
    int internal = 0;
    for (Activity.Api c : calls) {
      callsById.computeIfAbsent(c.correlationId(), k -> new ArrayList<>()).add(c);
      switch (c.domain()) {
        case DRIVER:
          driver++;
          break;
        case RUNTIME:
          runtime++;
          break;
        default:
          internal++;
      }
    }
    notes.add("launch calls: " + driver + " driver, " + runtime + " runtime, " + internal + " inside the driver");

    Map<Activity.Api, Frame> callers = new HashMap<>();
    Map<Activity.Api, String> whyNot = new HashMap<>();
    if (walks != null) {
      pair(calls, walks, launchCbids, callers, whyNot, notes);
    }

    List<Attributed> out = new ArrayList<>();
    int[] through = new int[Activity.Domain.values().length];
    for (Activity.Kernel k : kernels) {
      List<Activity.Api> own = callsById.getOrDefault(k.correlationId(), List.of());
      out.add(attribute(k, own, callers, whyNot, walks == null ? noWalks : null));
      own.stream().map(Activity.Api::domain).distinct().forEach(d -> through[d.ordinal()]++);
    }
    notes.add("kernels sharing a correlation id with a launch call: " + through[Activity.Domain.RUNTIME.ordinal()]
        + " with a runtime call, " + through[Activity.Domain.DRIVER.ordinal()] + " with a driver call, "
        + through[Activity.Domain.INTERNAL.ordinal()] + " with a launch inside the driver, of " + kernels.size());
    return new Result(out, notes);
  }

  private static void pair(List<Activity.Api> calls, List<Walk> walks, Map<Integer, Set<Integer>> launchCbids,
      Map<Activity.Api, Frame> callers, Map<Activity.Api, String> whyNot, List<String> notes) {
    // The domain comes from CUPTI's second argument; where it could not be read, a thread's calls of both domains
    // are taken together, in order (a runtime call and the driver call inside it then pair with their walks in
    // the order entry, entry, exit, exit, and both walks find the same caller).
    boolean byDomain = walks.stream().allMatch(w -> w.domain() != 0);
    Map<Key, List<Walk>> walksBy = new TreeMap<>(Comparator.comparingInt(Key::threadId).thenComparingInt(Key::domain));
    for (Walk w : walks) {
      walksBy.computeIfAbsent(new Key(w.threadId(), byDomain ? w.domain() : 0), k -> new ArrayList<>()).add(w);
    }
    Map<Key, List<Activity.Api>> callsBy = new LinkedHashMap<>();
    for (Activity.Api c : calls) {
      int domain = c.domain() == Activity.Domain.DRIVER ? 1 : c.domain() == Activity.Domain.RUNTIME ? 2 : 0;
      if (domain == 0 || !launchCbids.getOrDefault(domain, Set.of()).contains(c.cbid())) {
        continue;
      }
      callsBy.computeIfAbsent(new Key(c.threadId(), byDomain ? domain : 0), k -> new ArrayList<>()).add(c);
    }
    long walked = walks.stream().filter(w -> !w.skipped()).count();
    notes.add("stack walks: " + walks.size() + " (" + walked + " followed to the caller, " + (walks.size() - walked)
        + " ended at once: the other callback of the same call)");
    for (Map.Entry<Key, List<Activity.Api>> e : callsBy.entrySet()) {
      List<Activity.Api> cs = e.getValue();
      cs.sort(Comparator.comparingLong(Activity.Api::start).thenComparingInt(Activity.Api::correlationId));
      List<Walk> ws = walksBy.getOrDefault(e.getKey(), List.of());
      if (ws.size() != 2 * cs.size()) {
        String why = "the walks of thread " + e.getKey().threadId() + " did not pair up with its launch calls ("
            + ws.size() + " walks for " + cs.size() + " calls, two expected per call)";
        notes.add(why);
        cs.forEach(c -> whyNot.put(c, why));
        continue;
      }
      for (int i = 0; i < cs.size(); i++) {
        Walk a = ws.get(2 * i);
        Walk b = ws.get(2 * i + 1);
        Walk followed = a.skipped() ? b : a;
        if (followed.caller() != null) {
          callers.put(cs.get(i), followed.caller());
        } else {
          whyNot.put(cs.get(i), "no stack: " + (followed.end() == null ? "the walk found no caller" : followed.end()));
        }
      }
    }
    for (Map.Entry<Key, List<Walk>> e : walksBy.entrySet()) {
      if (!callsBy.containsKey(e.getKey())) {
        notes.add(e.getValue().size() + " walks of thread " + e.getKey().threadId() + " had no launch call recorded");
      }
    }
  }

  private static Attributed attribute(Activity.Kernel k, List<Activity.Api> calls, Map<Activity.Api, Frame> callers,
      Map<Activity.Api, String> whyNot, String noWalks) {
    if (k.graphId() != 0) {
      return byName(k, "in a CUDA graph: its launch call names who launched the graph, not the kernel");
    }
    // The runtime call, where there is one, is the library's own request; the driver call inside it finds the same
    // caller past libcudart, or the library's copy of the static runtime.
    Activity.Api best = null;
    for (Activity.Api c : calls) {
      if (callers.containsKey(c) && (best == null || c.domain() == Activity.Domain.RUNTIME)) {
        best = c;
      }
    }
    if (best != null) {
      Frame caller = callers.get(best);
      return fromCaller(caller);
    }
    if (noWalks != null) {
      return byName(k, noWalks);
    }
    for (Activity.Api c : calls) {
      if (whyNot.containsKey(c)) {
        return byName(k, whyNot.get(c));
      }
    }
    if (calls.stream().anyMatch(c -> c.domain() == Activity.Domain.INTERNAL)) {
      return byName(k, "launched inside the driver, outside any API call: no launch call to walk");
    }
    return calls.isEmpty() ? byName(k, "no launch call recorded with its correlation id " + k.correlationId())
        : byName(k, "its launch call was not walked");
  }

  /**
   * The attribution a walk's caller gives.
   *
   * @param caller the first frame outside CUDA's launch path
   * @return its library, with the object's file name as the source
   */
  static Attributed fromCaller(Frame caller) {
    switch (caller.origin()) {
      case JVM:
        return new Attributed(Library.BENCHMARK, "JVM (" + jvmBridge(caller) + ")", Method.STACK);
      case UNRESOLVED:
        return new Attributed(Library.BENCHMARK, "JVM-generated code (Panama or JIT), outside any shared object",
            Method.STACK);
      default:
        return new Attributed(SharedObject.library(caller.object()), SharedObject.basename(caller.object()),
            Method.STACK);
    }
  }

  private static String jvmBridge(Frame f) {
    return SharedObject.basename(f.object()).equals("libjvm.so") ? "libjvm" : "JNA";
  }

  private static Attributed byName(Activity.Kernel k, String why) {
    Library l = KernelNames.library(k.name());
    return new Attributed(l, why, l == Library.UNKNOWN ? Method.NONE : Method.KERNEL_NAME);
  }
}
