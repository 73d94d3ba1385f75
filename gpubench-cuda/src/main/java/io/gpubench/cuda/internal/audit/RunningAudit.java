package io.gpubench.cuda.internal.audit;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import io.gpubench.api.result.KernelAudit;
import io.gpubench.api.spi.KernelAuditor;
import io.gpubench.cuda.CudaErrors;
import io.gpubench.cuda.internal.jna.Cupti;
import io.gpubench.cuda.internal.profiler.CudaProfiler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One audit, from start to result: the protocol, top to bottom. Start: claim CUPTI for the process, wait for the
 * device, subscribe (which is also how another CUPTI client is found), enable the activity kinds and the launch
 * calls' records, then the launch callbacks that walk the stack. Stop: wait for the device, disable the callbacks,
 * flush, disable the activity, then attribute and sum. Every failure becomes a skipped result with its reason.
 */
final class RunningAudit implements KernelAuditor.Audit {
  private static final AtomicBoolean RUNNING = new AtomicBoolean();
  private static final AtomicInteger AUDITS = new AtomicInteger();

  private static final int[] ACTIVITY_KINDS = {Cupti.CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL,
      Cupti.CUPTI_ACTIVITY_KIND_MEMCPY, Cupti.CUPTI_ACTIVITY_KIND_MEMSET};
  private static final int[] OPTIONAL_KINDS = {Cupti.CUPTI_ACTIVITY_KIND_MEMCPY2,
      Cupti.CUPTI_ACTIVITY_KIND_INTERNAL_LAUNCH_API};

  /** A reason to skip the audit. */
  private static final class Skip extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Skip(String message) {
      super(message, null, false, false);
    }
  }

  private final CuptiAuditor auditor;
  private final long begun;
  private final int number = AUDITS.incrementAndGet();
  private final Queue<Activity> records = new ConcurrentLinkedQueue<>();
  private final List<String> notes = new ArrayList<>();
  private final List<Integer> enabledKinds = new ArrayList<>();
  private final Map<Integer, Set<Integer>> recorded = new HashMap<>();
  private final Map<Integer, Set<Integer>> callbacks = new HashMap<>();
  private final Path dump;
  private Cupti cupti;
  private Pointer subscriber;
  private NativeStacks.Recording walks;
  private String noWalks;
  private int deviceId;
  private long started;
  private boolean tornDown;

  private RunningAudit(CuptiAuditor auditor, long begun) {
    this.auditor = auditor;
    this.begun = begun;
    String dir = System.getProperty(CuptiAuditor.DUMP_DIR);
    this.dump = dir == null || dir.isBlank() ? null : Path.of(dir);
  }

  static KernelAuditor.Audit start(CuptiAuditor auditor) {
    long begun = System.nanoTime();
    if (!RUNNING.compareAndSet(false, true)) {
      return skipped("another kernel audit is running in this process; CUPTI records for one at a time");
    }
    RunningAudit a = new RunningAudit(auditor, begun);
    try {
      a.begin();
      a.started = System.nanoTime();
      return a;
    } catch (Skip s) {
      a.teardown();
      RUNNING.set(false);
      return skipped(s.getMessage());
    } catch (RuntimeException | LinkageError e) {
      a.teardown();
      RUNNING.set(false);
      return skipped("the kernel audit of " + auditor.label + " could not start: " + e.getMessage());
    }
  }

  private static KernelAuditor.Audit skipped(String reason) {
    return calls -> KernelAudit.skipped(reason);
  }

  private void begin() {
    try {
      cupti = auditor.cupti.get();
    } catch (RuntimeException e) {
      throw new Skip(e.getMessage());
    }
    auditor.synchronize.run();
    IntByReference id = new IntByReference();
    int rc = cupti.cuptiGetDeviceId(auditor.context, id);
    if (rc != 0) {
      throw new Skip(refusal(rc, "cuptiGetDeviceId", "device " + auditor.deviceOrdinal));
    }
    deviceId = id.getValue();

    // Subscribe first: it is how CUPTI says another client (Nsight Systems, Nsight Compute) holds the process.
    noWalks = auditor.walkStacks ? NativeStacks.unavailable() : "stack walks turned off";
    if (noWalks == null) {
      subscribe();
    }

    ActivityBuffers buffers = ActivityBuffers.get();
    buffers.register(cupti);
    buffers.collect(records::add, dump);
    check(cupti.cuptiSetThreadIdType(Cupti.CUPTI_ACTIVITY_THREAD_ID_TYPE_SYSTEM), "cuptiSetThreadIdType");
    for (int kind : ACTIVITY_KINDS) {
      enable(kind, true);
    }
    for (int kind : OPTIONAL_KINDS) {
      enable(kind, false);
    }
    recordLaunchCalls();
    if (subscriber != null) {
      walks = NativeStacks.start();
      for (Map.Entry<Integer, Set<Integer>> e : recorded.entrySet()) {
        for (int cbid : e.getValue()) {
          if (cupti.cuptiEnableCallback(1, subscriber, e.getKey(), cbid) == 0) {
            callbacks.computeIfAbsent(e.getKey(), d -> new HashSet<>()).add(cbid);
          }
        }
      }
    }
  }

  private void subscribe() {
    PointerByReference sub = new PointerByReference();
    Memory params = new Memory(Cupti.SUBSCRIBER_PARAMS_SIZE);
    Memory old = new Memory(64);
    params.clear();
    old.clear();
    params.setLong(0, Cupti.SUBSCRIBER_PARAMS_SIZE);
    params.setPointer(16, old);
    params.setLong(24, 64);
    int rc;
    try {
      rc = cupti.cuptiSubscribe_v2(sub, NativeStacks.callback(), NativeStacks.userdata(), params);
    } catch (UnsatisfiedLinkError e) {
      rc = cupti.cuptiSubscribe(sub, NativeStacks.callback(), NativeStacks.userdata());
    }
    if (rc == Cupti.CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED) {
      String other = old.getString(0);
      String tool = CudaProfiler.attachedTool().orElse(null);
      throw new Skip("another CUPTI client holds this process" + (other.isBlank() ? "" : " (" + other + ")")
          + (tool == null ? "" : "; " + tool) + ": CUPTI serves one at a time, so the kernel audit of "
          + auditor.label + " is left to it");
    }
    if (rc != 0) {
      throw new Skip(refusal(rc, "cuptiSubscribe", "subscribing to launch callbacks"));
    }
    subscriber = sub.getValue();
  }

  private void enable(int kind, boolean required) {
    int rc = cupti.cuptiActivityEnable(kind);
    if (rc == 0) {
      enabledKinds.add(kind);
    } else if (required) {
      throw new Skip(refusal(rc, "cuptiActivityEnable", "activity kind " + kind));
    } else {
      notes.add("activity kind " + kind + " not recorded: " + CudaErrors.cuptiError(rc, "cuptiActivityEnable", null)
          .getMessage());
    }
  }

  /** Records of the launch calls only, where CUPTI can (12.6 on); else of every driver and runtime call. */
  private void recordLaunchCalls() {
    try {
      for (Map.Entry<Integer, Set<Integer>> e : CuptiAuditor.LAUNCH_CBIDS.entrySet()) {
        for (int cbid : e.getValue()) {
          int rc = e.getKey() == Cupti.CUPTI_CB_DOMAIN_DRIVER_API ? cupti.cuptiActivityEnableDriverApi(cbid, (byte) 1)
              : cupti.cuptiActivityEnableRuntimeApi(cbid, (byte) 1);
          if (rc == 0) {
            recorded.computeIfAbsent(e.getKey(), d -> new HashSet<>()).add(cbid);
          }
        }
      }
    } catch (UnsatisfiedLinkError old) {
      enable(Cupti.CUPTI_ACTIVITY_KIND_DRIVER, true);
      enable(Cupti.CUPTI_ACTIVITY_KIND_RUNTIME, true);
      CuptiAuditor.LAUNCH_CBIDS.forEach((d, ids) -> recorded.put(d, new HashSet<>(ids)));
      notes.add("every driver and runtime call recorded: this CUPTI cannot record the launch calls alone");
    }
  }

  private String refusal(int rc, String call, String what) {
    String why = CudaErrors.cuptiError(rc, call, what + " for the kernel audit of " + auditor.label).getMessage();
    if (rc == Cupti.CUPTI_ERROR_INSUFFICIENT_PRIVILEGES) {
      why += "; profiling is restricted to administrators on this machine (NVreg_RestrictProfilingToAdminUsers)";
    }
    return "CUPTI refused: " + why;
  }

  private void check(int rc, String call) {
    if (rc != 0) {
      throw new Skip(refusal(rc, call, call));
    }
  }

  @Override
  public KernelAudit stop(int calls) {
    long stopping = System.nanoTime();
    try {
      if (calls < 1) {
        return KernelAudit.skipped("the kernel audit of " + auditor.label + " was stopped with calls=" + calls
            + "; at least 1 call is needed");
      }
      String callFailure = null;
      try {
        auditor.synchronize.run();
      } catch (RuntimeException e) {
        callFailure = e.getMessage();
      }
      teardown();
      NativeStacks.Result walked = walks == null ? null : walks.finish();
      NativeStacks.stop();
      String readFailure = ActivityBuffers.get().failure();
      ActivityBuffers.get().collect(null, null);
      if (callFailure != null) {
        return KernelAudit.skipped("the audited call of " + auditor.label + " failed: " + callFailure);
      }
      if (readFailure != null) {
        return KernelAudit.skipped(readFailure);
      }
      LongByReference dropped = new LongByReference();
      cupti.cuptiActivityGetNumDroppedRecords(null, 0, dropped);
      if (dump != null && walked != null) {
        dumpWalks(walked.walks());
      }
      return summarize(calls, walked, dropped.getValue(), stopping);
    } catch (RuntimeException | LinkageError e) {
      return KernelAudit.skipped("the kernel audit of " + auditor.label + " failed: " + e);
    } finally {
      teardown();
      NativeStacks.stop();
      RUNNING.set(false);
    }
  }

  private KernelAudit summarize(int calls, NativeStacks.Result walked, long dropped, long stopping) {
    List<Activity.Kernel> kernels = new ArrayList<>();
    List<Activity.Copy> copies = new ArrayList<>();
    List<Activity.Api> launches = new ArrayList<>();
    int elsewhere = 0;
    for (Activity a : records) {
      if (a instanceof Activity.Kernel) {
        Activity.Kernel k = (Activity.Kernel) a;
        if (k.deviceId() == deviceId) {
          kernels.add(k);
        } else {
          elsewhere++;
        }
      } else if (a instanceof Activity.Copy) {
        Activity.Copy c = (Activity.Copy) a;
        if (c.deviceId() == deviceId) {
          copies.add(c);
        } else {
          elsewhere++;
        }
      } else {
        Activity.Api c = (Activity.Api) a;
        int domain = c.domain() == Activity.Domain.DRIVER ? Cupti.CUPTI_CB_DOMAIN_DRIVER_API
            : Cupti.CUPTI_CB_DOMAIN_RUNTIME_API;
        if (c.domain() == Activity.Domain.INTERNAL || CuptiAuditor.LAUNCH_CBIDS.get(domain).contains(c.cbid())) {
          launches.add(c);
        }
      }
    }
    LaunchAttribution.Result attribution = LaunchAttribution.attribute(kernels, launches,
        walked == null ? null : walked.walks(), "no stack walks: " + noWalks, callbacks);
    List<String> all = new ArrayList<>(attribution.notes());
    all.addAll(notes);
    if (elsewhere > 0) {
      all.add(elsewhere + " kernels, copies and sets on other devices than " + deviceId + " left out");
    }
    if (dropped > 0) {
      all.add(dropped + " activity records dropped by CUPTI: the figures miss them");
    }
    long done = System.nanoTime();
    KernelAudit.Cost cost = new KernelAudit.Cost(done - begun, stopping - started, launches.size(),
        walked == null ? 0 : walked.walks().size(), walked == null ? 0 : walked.framesRead(), dropped);
    String how = walked == null ? "kernel name (" + noWalks + ")" : AuditSummary.HOW;
    return AuditSummary.summarize(kernels, attribution.byKernel(), copies, calls, how, all, cost);
  }

  /** Disables what {@link #begin} enabled, in reverse; safe to call twice, never throws. */
  private void teardown() {
    if (tornDown || cupti == null) {
      return;
    }
    tornDown = true;
    try {
      if (subscriber != null) {
        callbacks.forEach((domain, ids) -> ids.forEach(cbid -> cupti.cuptiEnableCallback(0, subscriber, domain, cbid)));
        cupti.cuptiUnsubscribe(subscriber);
        subscriber = null;
      }
      cupti.cuptiActivityFlushAll(Cupti.CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
      try {
        recorded.forEach((domain, ids) -> ids.forEach(cbid -> {
          if (domain == Cupti.CUPTI_CB_DOMAIN_DRIVER_API) {
            cupti.cuptiActivityEnableDriverApi(cbid, (byte) 0);
          } else {
            cupti.cuptiActivityEnableRuntimeApi(cbid, (byte) 0);
          }
        }));
      } catch (UnsatisfiedLinkError old) {
        // recorded through the whole kinds, disabled below
      }
      for (int kind : enabledKinds) {
        cupti.cuptiActivityDisable(kind);
      }
      cupti.cuptiActivityFlushAll(Cupti.CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
    } catch (RuntimeException | LinkageError e) {
      notes.add("tearing CUPTI down failed: " + e);
    }
  }

  private void dumpWalks(List<Walk> ws) {
    try {
      Files.createDirectories(dump);
      Files.writeString(dump.resolve("walks-" + number + ".txt"),
          ws.stream().map(Walk::describe).collect(java.util.stream.Collectors.joining()));
    } catch (IOException e) {
      notes.add("could not write the walks to " + dump + ": " + e.getMessage());
    }
  }
}
