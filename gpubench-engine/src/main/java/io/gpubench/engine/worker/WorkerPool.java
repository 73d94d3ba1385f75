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
      // This JVM's first frames set Jackson up (some 0.3 s); while the first worker starts, the engine only waits.
      Thread json = new Thread(io.gpubench.engine.protocol.Frames::prime, "gpubench-json-init");
      json.setDaemon(true);
      json.start();
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
    boolean started = false;
    synchronized (this) {
      retireOthers(device, key);
      retireWorlds(Set.of(device), null);
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
        worker = WorkerProcess.start(start(policy, spec.backend().workerEnvironment(), spec.backend()), name, 1).get(0);
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
    boolean cpu = device.isCpu();
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
  public synchronized void close() {
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
