package io.gpubench.engine.worker;

import io.gpubench.api.BackendId;
import io.gpubench.api.ForkMode;
import io.gpubench.engine.config.LaunchSettings;
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
import java.util.concurrent.CompletableFuture;

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
  private final LaunchSettings launchSettings;
  private final Launcher launcher;
  private WireServer wire;
  private final Map<String, WorkerProcess> idle = new LinkedHashMap<>();
  private final Set<String> busy = new HashSet<>();
  private final Map<String, WorldLease> idleWorlds = new LinkedHashMap<>();
  // workers started ahead of the case that will lease them, by key
  private final Map<String, CompletableFuture<WorkerProcess>> ahead = new LinkedHashMap<>();
  private int started;

  /**
   * A worker lent to one case.
   *
   * @param key what the worker may be reused for
   * @param device the device it serves
   * @param worker the process
   * @param channel the case's steps over it
   * @param backendInWorker the case's backend as the worker sees it
   * @param started whether the worker was started for this lease (else kept from an earlier case)
   */
  public record Lease(String key, BackendId device, WorkerProcess worker, CaseChannel channel,
      BackendId backendInWorker, boolean started) {}

  /**
   * Makes the pool of a run.
   *
   * @param dir the workers' folder: logs, fatal-error reports, the class-path file
   * @param settings the run's {@code gpubench.} keys, without the prefix, for the workers' backends
   */
  public WorkerPool(Path dir, Map<String, String> settings) {
    this(dir, settings, LaunchSettings.LOCAL);
  }

  /**
   * Makes the pool of a run whose workers a launcher of the run's choice starts.
   *
   * @param dir the workers' folder: logs, fatal-error reports, the class-path file
   * @param settings the run's {@code gpubench.} keys, without the prefix, for the workers' backends
   * @param launchSettings how workers start and where they connect
   */
  public WorkerPool(Path dir, Map<String, String> settings, LaunchSettings launchSettings) {
    this.dir = dir;
    this.settings = Map.copyOf(settings);
    this.launch = WorkerLaunch.of(dir, WorkerPool.class);
    this.launchSettings = launchSettings;
    this.launcher = launchSettings.kind() == LaunchSettings.Kind.SLURM
        ? new SrunLauncher(launchSettings.srun(), launchSettings.srunArgs()) : new LocalLauncher();
  }

  /** The run's port, opened with the first worker: a run with none opens no port. */
  private synchronized WireServer wire() throws StepFailed {
    if (wire == null) {
      try {
        wire = WireServer.open(WireAddress.of(launchSettings), dir);
      } catch (java.io.IOException | RuntimeException e) {
        throw new StepFailed(new io.gpubench.engine.protocol.Failure(io.gpubench.engine.protocol.Phase.WORKER_START,
            null, "the engine cannot open a port for its workers (" + launchSettings.kind().name().toLowerCase(
                java.util.Locale.ROOT) + " launcher): " + e.getMessage(), null, false, true), e);
      }
      if (launchSettings.acrossHosts()) {
        System.out.println("gpubench: " + launchSettings.kind().name().toLowerCase(java.util.Locale.ROOT)
            + " launcher" + (launchSettings.auto() ? " (SLURM_JOB_ID is set)" : "") + "; workers connect to "
            + wire.address());
      }
    }
    return wire;
  }

  /** A launch's parts; a device whose ranks cannot share it (a GPU) gives each worker one of its own. */
  private WorkerProcess.Start start(ForkPolicy policy, Map<String, String> environment,
      io.gpubench.api.spi.Backend device) throws StepFailed {
    return new WorkerProcess.Start(launcher, wire(), launch, dir, policy.jvmArgs(), environment,
        !device.ranksShareDevice(), Duration.ofSeconds(policy.startTimeoutSeconds()), settings);
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
    CompletableFuture<WorkerProcess> startedAhead;
    boolean started = false;
    synchronized (this) {
      retireOthers(device, key);
      retireWorlds(Set.of(device), null);
      worker = idle.remove(key);
      if (worker != null && !worker.usable()) {
        worker.close();
        worker = null;
      }
      startedAhead = ahead.remove(key);
      busy.add(key);
    }
    try {
      if (worker == null && startedAhead != null) {
        worker = join(startedAhead);
        // no JVM may still be starting (compiling, loading classes) beside the case's measurement
        awaitAhead();
        if (!worker.usable()) {
          worker.close();
          worker = startWorker(spec, policy, fork);
        }
        started = true;
      } else if (worker == null) {
        worker = startWorker(spec, policy, fork);
        started = true;
      }
    } catch (StepFailed e) {
      synchronized (this) {
        busy.remove(key);
      }
      throw e;
    }
    return new Lease(key, device, worker,
        new WorkerChannel(worker, Duration.ofSeconds(policy.timeoutSeconds())), spec.backend().idInWorker(), started);
  }

  private WorkerProcess startWorker(CaseSpec spec, ForkPolicy policy, int fork) throws StepFailed {
    launch.ensure(spec.declaration().type());
    return WorkerProcess.start(start(policy, spec.backend().workerEnvironment(), spec.backend()),
        name(spec, fork), 1).get(0);
  }

  private String name(CaseSpec spec, int fork) {
    BackendId device = spec.backend().id();
    return device.family() + (device.index() < 0 ? "" : String.valueOf(device.index())) + "-" + nextNumber()
        + (fork == 0 ? "" : "-fork" + (fork + 1));
  }

  /**
   * Starts the CPU workers of a case's first forks ahead of it, each on a thread of its own, so that a run's first
   * case does not wait for its JVMs one after the other, nor for the engine's own start-up work between the plan and
   * the case (a worker takes some 0.4–0.6 s to say hello on a 2-core machine; a CPU case's first two forks each want
   * one). The case then leases them as it would have started them: a start that failed fails the lease, with what
   * the start said. The first lease waits for every start under way, so that no JVM starts beside a measurement.
   * Only kept workers of the CPU (a worker per class and fork) are started ahead: a GPU's worker holds a context, and
   * a worker per case or a world is started for its case alone.
   *
   * @param spec the run's first case
   * @param forks how many of its forks to start workers for
   */
  public void startAhead(CaseSpec spec, int forks) {
    ForkPolicy policy = spec.fork();
    if (policy == null || policy.mode() == ForkMode.NONE
        || policy.mode() == ForkMode.CASE
        || spec.world() != null || !spec.backend().id().isCpu()) {
      return;
    }
    for (int f = 0; f < forks; f++) {
      String key = key(spec, policy) + (f == 0 ? "" : "|fork" + f);
      var future = new CompletableFuture<WorkerProcess>();
      synchronized (this) {
        if (idle.containsKey(key) || ahead.containsKey(key) || busy.contains(key)) {
          continue;
        }
        ahead.put(key, future);
      }
      WorkerProcess.Start start;
      String name;
      try {
        // the port, the class path and the name here, on the engine's thread: the start's thread takes no lock
        launch.ensure(spec.declaration().type());
        start = start(policy, spec.backend().workerEnvironment(), spec.backend());
        name = name(spec, f);
      } catch (StepFailed | RuntimeException e) {
        future.completeExceptionally(e);
        continue;
      }
      Thread t = new Thread(() -> {
        try {
          future.complete(WorkerProcess.start(start, name, 1).get(0));
        } catch (Throwable e) {
          future.completeExceptionally(e);
        }
      }, "gpubench-worker-start-" + (f + 1));
      t.setDaemon(true);
      t.start();
    }
  }

  /** Waits for the starts still under way ahead of their cases; a failed one fails its own case's lease later. */
  private void awaitAhead() {
    List<CompletableFuture<WorkerProcess>> pending;
    synchronized (this) {
      pending = new ArrayList<>(ahead.values());
    }
    pending.forEach(WorkerPool::started);
  }

  /** A start's worker once it has ended, or null where it failed (its failure is said where a case leases it). */
  private static WorkerProcess started(CompletableFuture<WorkerProcess> start) {
    try {
      return start.join();
    } catch (RuntimeException e) {
      return null;
    }
  }

  private static WorkerProcess join(CompletableFuture<WorkerProcess> future) throws StepFailed {
    try {
      return future.join();
    } catch (java.util.concurrent.CompletionException e) {
      if (e.getCause() instanceof StepFailed s) {
        throw s;
      }
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error r) {
        throw r;
      }
      throw e;
    }
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
    String base = withoutFork(key);
    boolean cpu = device.isCpu();
    List<String> stale = new ArrayList<>();
    for (String k : idle.keySet()) {
      boolean sameClass = withoutFork(k).equals(base);
      if (k.startsWith(device + "|") && !k.equals(key) && !(cpu && sameClass)) {
        stale.add(k);
      }
    }
    for (String k : stale) {
      idle.remove(k).close();
    }
  }

  /** A worker's key without its {@code |forkN} suffix: the key of the class's first fork (per lease, no regex). */
  private static String withoutFork(String key) {
    int bar = key.lastIndexOf("|fork");
    if (bar < 0 || bar + 5 == key.length()) {
      return key;
    }
    for (int i = bar + 5; i < key.length(); i++) {
      if (!Character.isDigit(key.charAt(i))) {
        return key;
      }
    }
    return key.substring(0, bar);
  }

  private String key(CaseSpec spec, ForkPolicy fork) {
    BackendId device = spec.backend().id();
    String jvm = String.join(" ", fork.jvmArgs());
    String type = spec.declaration().type().getName();
    return switch (fork.mode()) {
      case CLASS -> device + "|" + type + "|" + jvm;
      case CASE -> "case:" + device + "|" + spec.id() + "|" + nextNumber();
      default -> device.isCpu() ? device + "|" + type + "|" + jvm : device + "|" + jvm;
    };
  }

  /**
   * Lends a case's world its workers, one per rank, started together (or kept from the world's previous case),
   * each seeing the world's devices ({@link io.gpubench.api.spi.Backend#worldEnvironment}). Idle workers of the
   * world's devices are stopped first: they hold the devices and would show as other processes on them.
   *
   * @param spec a case with a complete world
   * @return the lease
   * @throws StepFailed when a rank's worker cannot start, naming the rank
   */
  public WorldLease leaseWorld(CaseSpec spec) throws StepFailed {
    ForkPolicy fork = spec.fork();
    var ranks = spec.world().ranks();
    Set<BackendId> devices = new java.util.LinkedHashSet<>();
    ranks.forEach(b -> devices.add(b.id()));
    String jvm = String.join(" ", fork.jvmArgs());
    String key = "world:" + ranks.stream().map(b -> b.id().toString()).collect(java.util.stream.Collectors.joining(","))
        + "|" + jvm + switch (fork.mode()) {
          case CLASS -> "|" + spec.declaration().type().getName();
          case CASE -> "|case " + nextNumber();
          default -> "";
        };
    synchronized (this) {
      WorldLease kept = idleWorlds.remove(key);
      if (kept != null && kept.usable()) {
        retireWorlds(devices, null);
        return kept;
      }
      if (kept != null) {
        kept.close();
      }
      retireWorlds(devices, null);
      for (String k : new ArrayList<>(idle.keySet())) {
        if (devices.stream().anyMatch(d -> k.startsWith(d + "|"))) {
          idle.remove(k).close();
        }
      }
    }
    launch.ensure(spec.declaration().type());
    Map<String, String> env = ranks.get(0).worldEnvironment(ranks);
    String family = ranks.get(0).id().family();
    int n = ranks.size();
    List<WorkerProcess> workers = WorkerProcess.start(start(fork, env, ranks.get(0)),
        family + "-w" + n + "-" + nextNumber(), n);
    // A Slurm task that needs a GPU gets its own (--gpus-per-task) and sees it as its device 0; a child of the
    // engine sees the world's devices in rank order and opens its rank's.
    boolean ownDevice = launchSettings.kind() == LaunchSettings.Kind.SLURM && !ranks.get(0).ranksShareDevice();
    List<BackendId> ids = new ArrayList<>();
    for (int r = 0; r < n; r++) {
      ids.add(ownDevice ? ranks.get(r).idInWorker() : ranks.get(r).idInWorld(r));
    }
    return new WorldLease(key, devices, workers, ids);
  }

  /**
   * Takes a world's workers back after its case.
   *
   * @param lease the lease
   * @param retire true when they must not run another case (a rank failed: the world was stopped)
   */
  public void doneWorld(WorldLease lease, boolean retire) {
    synchronized (this) {
      if (!retire && lease.usable() && !lease.key().contains("|case ")) {
        WorldLease old = idleWorlds.put(lease.key(), lease);
        if (old != null && old != lease) {
          old.close();
        }
        return;
      }
    }
    lease.close();
  }

  /** Idle worlds on any of these devices are of no further use once another case takes one of the devices. */
  private void retireWorlds(Set<BackendId> devices, String keep) {
    for (String k : new ArrayList<>(idleWorlds.keySet())) {
      WorldLease w = idleWorlds.get(k);
      if (!k.equals(keep) && w.devices().stream().anyMatch(devices::contains)) {
        idleWorlds.remove(k).close();
      }
    }
  }

  /** Stops every worker. */
  @Override
  public void close() {
    List<CompletableFuture<WorkerProcess>> pending;
    synchronized (this) {
      pending = new ArrayList<>(ahead.values());
      ahead.clear();
    }
    // a worker started ahead for a case that never leased it (the run was cancelled, the case skipped): its start
    // ends within its timeout, outside the pool's lock
    for (var f : pending) {
      WorkerProcess w = started(f);
      if (w != null) {
        w.close();
      }
    }
    closeKept();
  }

  private synchronized void closeKept() {
    for (WorkerProcess w : idle.values()) {
      w.close();
    }
    idle.clear();
    for (WorldLease w : idleWorlds.values()) {
      w.close();
    }
    idleWorlds.clear();
    if (wire != null) {
      wire.close();
    }
  }
}
