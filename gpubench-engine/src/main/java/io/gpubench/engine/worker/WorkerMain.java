package io.gpubench.engine.worker;

import io.gpubench.api.spi.BackendSettings;
import io.gpubench.engine.protocol.Control;
import io.gpubench.engine.protocol.Failure;
import io.gpubench.engine.protocol.Frames;
import io.gpubench.engine.protocol.Hello;
import io.gpubench.engine.protocol.LocalRunner;
import io.gpubench.engine.protocol.Settings;
import io.gpubench.engine.protocol.Step;
import io.gpubench.engine.protocol.StepFailed;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * The loop of a worker process ({@code io.gpubench.engine.Worker} is its main class and hands it the runner of the
 * process, which this loop names only as a {@link LocalRunner}): connects back to the engine, then runs the steps of
 * the cases it is sent, one at a time, on a thread of its own ({@code gpubench-bench}), and answers each with figures
 * or a failure. The reader
 * thread stays free while a step runs, so that the engine can still ask for a thread dump of a step that hangs.
 *
 * <p>Arguments: the engine's {@code host:port}, the launch's id, and the file of the build JVM's system properties
 * ({@link WorkerProperties}), set before any benchmark class loads. The run's secret is in the environment
 * ({@value WireServer#SECRET_VARIABLE}), never on the command line; the worker's rank in its launch is
 * {@value LocalLauncher#RANK_VARIABLE} for a child of the engine, else {@code SLURM_PROCID} for a task of an
 * {@code srun} step. The hello proves the secret without sending it ({@link WireServer#proof}). The frames
 * ({@link Frames}, {@link Step}, {@link Control}) assume nothing of the connection but a stream each way.
 */
public final class WorkerMain {
  private final DataInputStream in;
  private final DataOutputStream out;
  private final ExecutorService bench = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "gpubench-bench");
    t.setDaemon(true);
    io.gpubench.engine.memory.HeapWatch.watch(t);
    return t;
  });
  // where the step under way is marked for the engine (null: announce every step over the wire), and the batches
  // of steps received, counted as the engine counts them
  private final StepMarker marker;
  private int batches;
  private final StepAnnouncer announcer = new StepAnnouncer(this::announceNow);
  private final Function<BackendSettings, LocalRunner> runners;
  private volatile LocalRunner session;
  // what the engine said about the world's barrier: "release", or "abort" after another rank failed
  private final java.util.concurrent.BlockingQueue<String> barrierNews = new java.util.concurrent.LinkedBlockingQueue<>();

  private WorkerMain(DataInputStream in, DataOutputStream out, Function<BackendSettings, LocalRunner> runners,
      StepMarker marker) {
    this.in = in;
    this.out = out;
    this.runners = runners;
    this.marker = marker;
  }

  /**
   * Runs the worker until the engine says {@code exit} or closes the connection.
   *
   * @param args the engine's {@code host:port}, the launch's id and the system properties file
   * @param runners makes the process's runner of cases from the run's settings, once the engine has sent them
   * @throws IOException when the connection cannot be made
   */
  public static void serve(String[] args, Function<BackendSettings, LocalRunner> runners) throws IOException {
    String secret = System.getenv(WireServer.SECRET_VARIABLE);
    if (args.length != 3 || secret == null || secret.isBlank()) {
      System.err.println(args.length != 3
          ? "usage: io.gpubench.engine.Worker <engine host:port> <launch> <system properties file>; started by the"
              + " gpubench engine"
          : "gpubench worker: no " + WireServer.SECRET_VARIABLE + " in the environment: the engine hands it over;"
              + " an srun that exports no environment (--export=NONE) must export this variable");
      System.exit(2);
    }
    int rank = rank(System.getenv());
    WorkerProperties.apply(java.nio.file.Path.of(args[2]));
    io.gpubench.engine.memory.HeapWatch.start();
    Socket socket = connect(args[0]);
    socket.setTcpNoDelay(true);
    DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
    DataOutputStream out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
    String job = System.getenv("SLURM_JOB_ID");
    String step = System.getenv("SLURM_STEP_ID");
    Frames.write(out, Control.HELLO, new Hello(Frames.VERSION, args[1], rank, WireServer.proof(secret, args[1], rank),
        ProcessHandle.current().pid(), host(), job == null || step == null ? "" : job + "." + step));
    new WorkerMain(in, out, runners, marker(System.getenv(StepMarker.VARIABLE))).serve();
    System.exit(0);
  }

  /** The step marker the engine named, or none (the worker then announces every step over the wire). */
  private static StepMarker marker(String file) {
    if (file == null || file.isBlank()) {
      return null;
    }
    try {
      return StepMarker.open(Path.of(file));
    } catch (IOException | RuntimeException e) {
      System.err.println("gpubench worker: cannot map the step marker " + file + " (" + e + "); every step is"
          + " announced over the wire instead");
      return null;
    }
  }

  /** The rank in the launch: the engine's variable for its children, Slurm's for the tasks of a step. */
  static int rank(Map<String, String> env) {
    String r = env.get(LocalLauncher.RANK_VARIABLE);
    if (r == null) {
      r = env.get("SLURM_PROCID");
    }
    return r == null ? 0 : Integer.parseInt(r.trim());
  }

  private static String host() {
    String node = System.getenv("SLURMD_NODENAME");
    if (node != null) {
      return node;
    }
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "";
    }
  }

  /** The engine's address: a host and port (loopback for a local worker, the engine's interface for a task). */
  private static Socket connect(String address) throws IOException {
    int colon = address.lastIndexOf(':');
    return new Socket(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1)));
  }

  private void serve() throws IOException {
    while (true) {
      Frames.Frame f;
      try {
        f = Frames.read(in);
      } catch (EOFException e) {
        return; // the engine is gone: nothing is left to answer
      }
      switch (f.op()) {
        case CONFIGURE -> configure(f);
        case THREAD_DUMP -> {
          LocalRunner s = session;
          String waiting = s == null ? null : s.waitingFor();
          Frames.write(out, Control.THREAD_DUMP, (waiting == null ? ""
              : "(" + io.gpubench.engine.protocol.RankChannel.WAITING_FOR_PEERS + ": " + waiting + ")\n")
              + ThreadDumps.all());
        }
        case RELEASE -> barrierNews.add("release");
        case ABORT -> {
          // another rank of the world failed: end this rank's waits for its peers now
          barrierNews.add("abort");
          LocalRunner s = session;
          if (s != null) {
            s.abortWorld();
          }
        }
        case EXIT -> {
          Frames.write(out, Control.BYE, null);
          return;
        }
        case STEPS -> {
          List<Step.Call> calls = Frames.steps(f);
          bench.execute(() -> steps(calls));
        }
        default -> {
          Frames.write(out, Control.WORKER_ERROR, "the engine sent a " + f.op().wireName() + " frame, which a worker"
              + " does not take");
          return;
        }
      }
    }
  }

  private void configure(Frames.Frame f) throws IOException {
    try {
      Map<String, String> settings = f.value(Settings.class).values();
      // Benchmark code reads its own gpubench.* switches as system properties: it sees in the worker what it would
      // have seen in the build's JVM (set there as -D or as JUnit configuration parameters).
      settings.forEach((k, v) -> System.setProperty("gpubench." + k, v));
      BackendSettings backendSettings = key -> java.util.Optional.ofNullable(settings.get(key));
      LocalRunner s = runners.apply(backendSettings);
      s.barrier(this::barrier);
      s.primeJitReadings();
      session = s;
    } catch (Throwable e) {
      Frames.write(out, Control.WORKER_ERROR, io.gpubench.engine.protocol.Throwables.describe(e));
      return;
    }
    Frames.write(out, Control.CONFIGURED, null);
  }

  /**
   * The engine's barrier of a world: says it arrived, and waits until the engine has heard every rank arrive.
   *
   * @throws IllegalStateException when the engine aborted the world instead (another rank failed)
   */
  private void barrier() {
    try {
      Frames.write(out, Control.BARRIER, null);
      String news = barrierNews.take();
      if (news.equals("abort")) {
        barrierNews.add("abort");
        throw new IllegalStateException("the world was aborted while this rank waited at the engine's barrier: "
            + "another rank failed");
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("the engine is gone", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted at the engine's barrier", e);
    }
  }

  /**
   * Runs a batch of steps on the bench thread, in order, saying which starts (so that the engine's time limit is a
   * step's), and answers with their replies; a step's failure ends the batch and is an answer, not an error.
   */
  private void steps(List<Step.Call> calls) {
    try {
      List<Object> replies = new ArrayList<>(calls.size());
      Failure failure = null;
      int batch = ++batches;
      for (int i = 0; i < calls.size(); i++) {
        Step.Call c = Step.resolved(calls.get(i), replies);
        announce(batch, i);
        if (c.step() == Step.PREPARE) {
          barrierNews.clear();
        }
        try {
          Object reply = c.step().run(session, c.body());
          replies.add(reply);
          if (Step.endsExchange(c, reply)) {
            break;
          }
        } catch (StepFailed e) {
          failure = e.failure();
          break;
        }
      }
      Frames.Replies answer = new Frames.Replies(replies, failure);
      List<Step> steps = new ArrayList<>(calls.size());
      for (Step.Call c : calls) {
        steps.add(c.step());
      }
      announcer.replying(() -> Frames.writeReplies(out, steps, answer));
    } catch (IOException e) {
      // The engine is gone; the reader sees the end of the stream and the process exits.
    } catch (Throwable e) {
      // A step's own failures are answers; this is a fault of the worker, so the engine must learn of it. An
      // OutOfMemoryError goes to the heap watch first: in a full heap the description below fails too.
      io.gpubench.engine.memory.HeapWatch.report(e);
      try {
        Frames.write(out, Control.WORKER_ERROR, io.gpubench.engine.protocol.Throwables.describe(e));
      } catch (Throwable ignored) {
        // nothing more can be said here; the watch halts the worker with what it knows
      }
    }
  }

  /**
   * Says that a step of a batch starts: the first is known from the batch itself; a later one is marked, and
   * announced over the wire once it has run a while ({@link StepAnnouncer}), or at once without a marker.
   */
  private void announce(int batch, int step) throws IOException {
    if (marker == null) {
      if (step > 0) {
        Frames.write(out, Control.PROGRESS, step);
      }
      return;
    }
    marker.at(batch, step);
    if (step > 0) {
      announcer.started(step);
    }
  }

  /** Tells the engine that a step started (the announcer's thread, under its lock). */
  private void announceNow(int step) {
    try {
      Frames.write(out, Control.PROGRESS, step);
    } catch (IOException e) {
      // the engine is gone; the reader sees the end of the stream
    }
  }
}
