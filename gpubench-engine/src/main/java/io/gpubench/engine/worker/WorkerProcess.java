package io.gpubench.engine.worker;

import io.gpubench.engine.protocol.Control;
import io.gpubench.engine.protocol.Failure;
import io.gpubench.engine.protocol.Frames;
import io.gpubench.engine.protocol.Hello;
import io.gpubench.engine.protocol.Settings;
import io.gpubench.engine.protocol.Phase;
import io.gpubench.engine.protocol.Step;
import io.gpubench.engine.protocol.StepFailed;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * One worker as the engine sees it: started by a {@link Launcher} (a child process, or a task of an {@code srun}
 * step), connected through the run's {@link WireServer}, asked for steps with a time limit each. When a step runs out
 * of time, the worker's thread dump is taken (over the connection, else with SIGQUIT into its log) and the worker is
 * stopped; when the worker dies, what is known of its death becomes the failure. Either way the worker is lost and
 * the step fails with {@link Failure#runnerUnusable()} set.
 */
final class WorkerProcess implements AutoCloseable {
  /** How long a worker that ran out of time has to answer for its thread dump. */
  static final Duration DUMP_WAIT = Duration.ofSeconds(5);

  private final String name;
  private final WorkerHandle handle;
  private final Socket socket;
  private final DataInputStream in;
  private final DataOutputStream out;
  private volatile boolean lost;
  // the worker's step marker (null where it has none), and the batches of steps sent it, as it counts them
  private final Path marker;
  private int batches;

  private WorkerProcess(String name, WorkerHandle handle, WireServer.Accepted connection, Path marker) {
    this.name = name;
    this.handle = handle;
    this.marker = marker;
    this.socket = connection.socket();
    this.in = connection.in();
    this.out = connection.out();
  }

  /**
   * What a launch of workers needs besides its size.
   *
   * @param launcher how the workers start
   * @param wire the run's port
   * @param launch the command line's parts
   * @param dir the workers' folder (logs, fatal-error reports)
   * @param jvmArgs JVM arguments beyond the inherited ones
   * @param environment variables to set, such as {@code CUDA_VISIBLE_DEVICES}
   * @param gpus whether each worker needs a GPU of its own (a Slurm task asks for one)
   * @param startTimeout the longest the start may take
   * @param settings the run's {@code gpubench.} keys for the worker's backends (without the prefix)
   */
  record Start(Launcher launcher, WireServer wire, WorkerLaunch launch, Path dir, List<String> jvmArgs,
      Map<String, String> environment, boolean gpus, Duration startTimeout, Map<String, String> settings) {}

  /**
   * Starts the workers of one launch (a device's worker, or a world's ranks), waits for each one's hello and
   * configures it.
   *
   * @param start the launch's parts
   * @param name the launch's name, for logs and messages
   * @param ranks how many workers
   * @return the connected workers, in rank order
   * @throws StepFailed in phase {@link Phase#WORKER_START} with what is known of the first rank that did not start
   *     (named when there are several); the others are stopped
   */
  static List<WorkerProcess> start(Start start, String name, int ranks) throws StepFailed {
    Path dir = start.dir();
    String launchId = start.wire().expect(ranks);
    List<WorkerHandle> handles;
    try {
      Files.createDirectories(dir);
      Map<String, String> env = new java.util.HashMap<>(start.environment());
      env.put(WireServer.SECRET_VARIABLE, start.wire().secret());
      handles = start.launcher().launch(name, ranks, start.launch().command(start.jvmArgs(), dir,
          start.wire().address(), launchId), env, start.gpus(), dir);
    } catch (IOException e) {
      start.wire().forget(launchId);
      throw new StepFailed(new Failure(Phase.WORKER_START, null, "the workers could not be launched: "
          + e.getMessage(), null, false, true), null);
    }
    long deadline = System.nanoTime() + start.startTimeout().toNanos();
    WorkerProcess[] workers = new WorkerProcess[ranks];
    StepFailed[] failures = new StepFailed[ranks];
    List<Thread> threads = new ArrayList<>();
    for (int r = 0; r < ranks; r++) {
      int rank = r;
      String rankName = ranks == 1 ? name : name + "-r" + r;
      Thread t = new Thread(() -> {
        try {
          Path marker = start.launcher().marksSteps() ? StepMarker.file(dir, name, ranks, rank) : null;
          workers[rank] = connect(start, rankName, launchId, rank, handles.get(rank), deadline, marker);
        } catch (StepFailed e) {
          failures[rank] = e;
        } catch (RuntimeException e) {
          failures[rank] = new StepFailed(new Failure(Phase.WORKER_START, null, e.toString(), null, false, true), e);
        }
      }, "gpubench-start-" + rankName);
      t.setDaemon(true);
      t.start();
      threads.add(t);
    }
    for (Thread t : threads) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    start.wire().forget(launchId);
    for (int r = 0; r < ranks; r++) {
      if (failures[r] != null || workers[r] == null) {
        for (WorkerProcess w : workers) {
          if (w != null) {
            w.kill();
          }
        }
        handles.forEach(WorkerHandle::destroy);
        Failure f = failures[r] == null ? null : failures[r].failure();
        throw new StepFailed(new Failure(Phase.WORKER_START, null, (ranks > 1 ? "rank " + r + ": " : "")
            + (f == null ? "it did not start" : f.description()), null, false, true), null);
      }
    }
    return List.of(workers);
  }

  /** Waits for one rank's hello, checks its protocol version and configures it. */
  private static WorkerProcess connect(Start start, String name, String launchId, int rank, WorkerHandle handle,
      long deadline, Path marker) throws StepFailed {
    WireServer.Accepted a = start.wire().await(launchId, rank, deadline, handle::alive);
    if (a == null) {
      boolean alive = handle.alive();
      throw new StepFailed(new Failure(Phase.WORKER_START, null, (alive ? "it did not connect within "
          + start.startTimeout().toSeconds() + " s; " : "") + handle.death(), null, false, true), null);
    }
    Hello hello = a.hello().value(Hello.class);
    handle.hello(hello);
    WorkerProcess w = new WorkerProcess(name, handle, a, marker);
    try {
      int version = hello.version();
      if (version != Frames.VERSION) {
        w.kill();
        throw new StepFailed(new Failure(Phase.WORKER_START, null, "the worker speaks protocol version "
            + version + ", the engine " + Frames.VERSION + ": two gpubench-engine versions are on the class path",
            null, false, true), null);
      }
      Frames.write(w.out, Control.CONFIGURE, new Settings(start.settings()));
      // opening the backends (a CUDA context, DJL's natives) may take as long as the start itself
      Frames.Frame configured = w.read(System.nanoTime() + start.startTimeout().toNanos());
      if (configured.op() == Control.WORKER_ERROR) {
        String why = configured.value(String.class);
        w.kill();
        throw new StepFailed(new Failure(Phase.WORKER_START, null, "the worker could not configure itself: " + why,
            null, false, true), null);
      }
      if (configured.op() != Control.CONFIGURED) {
        w.kill();
        throw new StepFailed(new Failure(Phase.WORKER_START, null, "the worker answered its configuration with a "
            + configured.op().wireName() + " frame", null, false, true), null);
      }
      return w;
    } catch (IOException e) {
      w.lost = true;
      w.closeSocket();
      throw new StepFailed(new Failure(Phase.WORKER_START, null, "the connection failed: " + e.getMessage() + "; "
          + handle.death(), null, false, true), null);
    }
  }

  /**
   * The worker's name.
   *
   * @return the name
   */
  String name() {
    return name;
  }

  /**
   * Whether the worker can take another step.
   *
   * @return false once it died or was stopped
   */
  boolean usable() {
    return !lost && handle.alive();
  }

  /**
   * Asks for steps and waits for their replies, handing the frames the worker sends while a step runs (a rank of a
   * world arriving at the engine's barrier) to {@code interim}. The time limit is a step's: it starts again with each
   * step the worker says it starts (once the step has run a little while, where the worker has a {@link StepMarker};
   * the marker names the step under way when the worker is lost).
   *
   * @param calls the steps, in order
   * @param timeout the longest one step may take
   * @param interim takes {@code barrier} frames; null where the worker sends none
   * @return the replies, one per step, of the steps' reply types
   * @throws StepFailed a step's failure (the steps after it were not run), or the worker's loss (time limit, death)
   */
  java.util.List<Object> call(java.util.List<Step.Call> calls, Duration timeout,
      java.util.function.Consumer<Frames.Frame> interim) throws StepFailed {
    Phase phase = calls.get(0).step().phase();
    if (!usable()) {
      throw lostFailure(phase, "the worker " + name + " was already lost");
    }
    int batch = ++batches;
    try {
      Frames.writeSteps(out, calls);
      long deadline = System.nanoTime() + timeout.toNanos();
      while (true) {
        Frames.Frame f = read(deadline);
        switch (f.op()) {
          case BARRIER -> {
            if (interim == null) {
              lose();
              throw lostFailure(phase, "the worker sent a barrier frame outside a world");
            }
            interim.accept(f);
          }
          case PROGRESS -> {
            int at = f.value(Integer.class);
            if (at < 0 || at >= calls.size()) {
              lose();
              throw lostFailure(phase, "the worker said it started step " + at + " of " + calls.size());
            }
            phase = calls.get(at).step().phase();
            deadline = System.nanoTime() + timeout.toNanos();
          }
          case REPLIES -> {
            Frames.Replies r = Frames.replies(f, calls.stream().map(Step.Call::step).toList());
            if (r.failure() != null) {
              throw new StepFailed(r.failure(), null);
            }
            if (!Step.answers(calls, r.replies())) {
              lose();
              throw lostFailure(phase, "the worker answered " + r.replies().size() + " of " + calls.size()
                  + " steps without a failure");
            }
            return r.replies();
          }
          case WORKER_ERROR -> {
            lose();
            throw lostFailure(phase, "the worker failed: " + f.value(String.class));
          }
          default -> {
            lose();
            throw lostFailure(phase, "the worker sent a " + f.op().wireName() + " frame during a step");
          }
        }
      }
    } catch (SocketTimeoutException e) {
      String dump = threadDump();
      lose();
      phase = marked(calls, batch, phase);
      throw new StepFailed(new Failure(phase, null, "timed out after " + timeout.toSeconds()
          + " s; the worker was stopped. Its threads:\n" + dump, null, false, true), null);
    } catch (IOException e) {
      lost = true;
      closeSocket();
      throw lostFailure(marked(calls, batch, phase), handle.death());
    }
  }

  /** The phase of the step the worker's marker says was under way, else the one the engine knew of. */
  private Phase marked(List<Step.Call> calls, int batch, Phase known) {
    OptionalInt at = StepMarker.read(marker, batch);
    return at.isPresent() && at.getAsInt() >= 0 && at.getAsInt() < calls.size()
        ? calls.get(at.getAsInt()).step().phase() : known;
  }

  /**
   * Asks for one step.
   *
   * @param call the step
   * @param timeout the longest it may take
   * @param interim takes {@code barrier} frames, or null
   * @return its reply
   * @throws StepFailed as for {@link #call(java.util.List, Duration, java.util.function.Consumer)}
   */
  Object call(Step.Call call, Duration timeout, java.util.function.Consumer<Frames.Frame> interim)
      throws StepFailed {
    return call(java.util.List.of(call), timeout, interim).get(0);
  }

  /** The next frame, before the deadline (on {@link System#nanoTime()}). */
  private Frames.Frame read(long deadline) throws IOException {
    long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
    if (left <= 0) {
      throw new SocketTimeoutException("the step's time is up");
    }
    socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, Math.max(1, left)));
    return Frames.read(in);
  }

  /**
   * Sends the worker a frame that needs no answer (a barrier's release, an abort); a worker already gone is
   * ignored, since its step's answer says so.
   *
   * @param op the frame's operation
   */
  void tell(Control op) {
    if (lost) {
      return;
    }
    try {
      Frames.write(out, op, null);
    } catch (IOException e) {
      // its step fails with the loss
    }
  }

  /**
   * The worker's process id.
   *
   * @return the pid
   */
  long pid() {
    return handle.pid();
  }

  /** Ends the worker at once, as after a fault of its world: no goodbye, no tear-down. */
  void kill() {
    if (!lost) {
      lose();
    } else if (handle.alive()) {
      handle.destroy();
    }
  }

  private StepFailed lostFailure(Phase phase, String what) {
    return new StepFailed(new Failure(phase, null, what, null, false, true), null);
  }

  /** The stacks of the worker's threads: asked over the connection, else printed by the JVM on SIGQUIT. */
  private String threadDump() {
    try {
      Frames.write(out, Control.THREAD_DUMP, null);
      long deadline = System.nanoTime() + DUMP_WAIT.toNanos();
      while (System.nanoTime() < deadline) {
        Frames.Frame f = read(deadline);
        if (f.op() == Control.THREAD_DUMP) {
          return f.value(String.class);
        }
      }
    } catch (IOException | RuntimeException e) {
      // fall back on the JVM's own dump
    }
    return handle.signalledDump();
  }

  private void lose() {
    lost = true;
    handle.destroy();
    closeSocket();
  }

  private void closeSocket() {
    try {
      socket.close();
    } catch (IOException e) {
      // closing
    }
  }

  /** Says goodbye without waiting: the ranks of a world end together, so each is told before any is waited for. */
  void sayGoodbye() {
    if (!lost && handle.alive()) {
      try {
        Frames.write(out, Control.EXIT, null);
      } catch (IOException e) {
        // it is going anyway
      }
    }
  }

  /** Asks the worker to exit, and stops it if it does not within a few seconds. */
  @Override
  public void close() {
    if (!lost && handle.alive()) {
      sayGoodbye();
      handle.awaitEnd(Duration.ofSeconds(5));
    }
    lost = true;
    if (handle.alive()) {
      handle.destroy();
    }
    closeSocket();
  }
}
