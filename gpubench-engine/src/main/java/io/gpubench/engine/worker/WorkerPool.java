package io.gpubench.engine.worker;

import io.gpubench.api.BackendId;
import io.gpubench.api.ForkMode;
import io.gpubench.engine.plan.CaseSpec;
import io.gpubench.engine.plan.ForkPolicy;
import io.gpubench.engine.protocol.CaseChannel;
import io.gpubench.engine.protocol.StepFailed;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The run's worker processes, by what they may be reused for. {@link ForkMode#DEVICE}: one worker per device, kept
 * for the run; the CPU's is renewed for each class (a JIT profile is part of a CPU figure). {@link ForkMode#CLASS}:
 * one per class and device. {@link ForkMode#CASE}: one per case. A worker whose case left it unusable (it died, ran
 * out of time, had a virtual-machine error or a device fault) is never reused: the next case gets a new one.
 */
public final class WorkerPool implements AutoCloseable {
  private final WorkerLaunch launch;
  private final Path dir;
  private final Map<String, String> settings;
  private final Map<String, WorkerProcess> idle = new LinkedHashMap<>();
  private final Set<String> busy = new HashSet<>();
  private int started;

  /**
   * A worker lent to one case.
   *
   * @param key what the worker may be reused for
   * @param device the device it serves
   * @param worker the process
   * @param channel the case's steps over it
   * @param backendInWorker the case's backend as the worker sees it
   */
  public record Lease(String key, BackendId device, WorkerProcess worker, CaseChannel channel,
      BackendId backendInWorker) {}

  /**
   * Makes the pool of a run.
   *
   * @param dir the workers' folder: logs, fatal-error reports, the class-path file
   * @param settings the run's {@code gpubench.} keys, without the prefix, for the workers' backends
   * @param anchors classes whose code must be on the workers' class path
   */
  public WorkerPool(Path dir, Map<String, String> settings, Class<?>... anchors) {
    this.dir = dir;
    this.settings = Map.copyOf(settings);
    this.launch = WorkerLaunch.of(dir, anchors);
  }

  /**
   * Lends a worker to a case, starting one if none may be reused.
   *
   * @param spec the case
   * @return the lease
   * @throws StepFailed when a worker cannot start, with what is known
   */
  public Lease lease(CaseSpec spec) throws StepFailed {
    return lease(spec, 0);
  }

  /**
   * Lends the worker of one fork of a case. The forks of a CPU class are kept side by side, each with the history
   * of the class's earlier cases, as a fresh run would have; on another device only one worker is kept at a time
   * (a second process holding a context would read as sharing the device), so its forks start anew for each case.
   *
   * @param spec the case
   * @param fork the fork's number, from 0
   * @return the lease
   * @throws StepFailed when a worker cannot start, with what is known
   */
  public Lease lease(CaseSpec spec, int fork) throws StepFailed {
    ForkPolicy policy = spec.fork();
    BackendId device = spec.backend().id();
    String key = key(spec, policy) + (fork == 0 ? "" : "|fork" + fork);
    WorkerProcess worker;
    synchronized (this) {
      retireOthers(device, key);
      worker = idle.remove(key);
      if (worker != null && !worker.usable()) {
        worker.close();
        worker = null;
      }
      busy.add(key);
    }
    try {
      if (worker == null) {
        launch.ensure(spec.declaration().type());
        String name = device.family() + (device.index() < 0 ? "" : String.valueOf(device.index())) + "-"
            + nextNumber() + (fork == 0 ? "" : "-fork" + (fork + 1));
        worker = WorkerProcess.start(launch, name, dir, policy.jvmArgs(), spec.backend().workerEnvironment(),
            Duration.ofSeconds(policy.startTimeoutSeconds()), settings);
      }
    } catch (StepFailed e) {
      synchronized (this) {
        busy.remove(key);
      }
      throw e;
    }
    return new Lease(key, device, worker,
        new WorkerChannel(worker, Duration.ofSeconds(policy.timeoutSeconds())), spec.backend().idInWorker());
  }

  /**
   * Takes a worker back after its case.
   *
   * @param lease the lease
   * @param retire true when the worker must not run another case
   */
  public void done(Lease lease, boolean retire) {
    synchronized (this) {
      busy.remove(lease.key());
      if (!retire && lease.worker().usable() && !lease.key().startsWith("case:")) {
        idle.put(lease.key(), lease.worker());
        return;
      }
    }
    lease.worker().close();
  }

  private synchronized int nextNumber() {
    return ++started;
  }

  /**
   * Workers of a device kept for another class are of no further use once the device's next class starts; the
   * forks of the same class stay on the CPU, while on another device a worker never waits beside the one leased.
   */
  private void retireOthers(BackendId device, String key) {
    String base = key.replaceFirst("\\|fork\\d+$", "");
    boolean cpu = device.family().equals("cpu");
    List<String> stale = new ArrayList<>();
    for (String k : idle.keySet()) {
      boolean sameClass = k.replaceFirst("\\|fork\\d+$", "").equals(base);
      if (k.startsWith(device + "|") && !k.equals(key) && !(cpu && sameClass)) {
        stale.add(k);
      }
    }
    for (String k : stale) {
      idle.remove(k).close();
    }
  }

  private String key(CaseSpec spec, ForkPolicy fork) {
    BackendId device = spec.backend().id();
    String jvm = String.join(" ", fork.jvmArgs());
    String type = spec.declaration().type().getName();
    return switch (fork.mode()) {
      case CLASS -> device + "|" + type + "|" + jvm;
      case CASE -> "case:" + device + "|" + spec.id() + "|" + nextNumber();
      default -> device.family().equals("cpu") ? device + "|" + type + "|" + jvm : device + "|" + jvm;
    };
  }

  /** Stops every worker. */
  @Override
  public synchronized void close() {
    for (WorkerProcess w : idle.values()) {
      w.close();
    }
    idle.clear();
  }
}
