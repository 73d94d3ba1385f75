package io.gpubench.engine.worker;

import io.gpubench.engine.protocol.Control;
import io.gpubench.engine.protocol.Failure;
import io.gpubench.engine.protocol.Frames;
import io.gpubench.engine.protocol.Phase;
import io.gpubench.engine.protocol.Step;
import io.gpubench.engine.protocol.StepFailed;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * One worker process as the engine sees it: started, connected over a loopback socket, asked for steps with a time
 * limit each. When a step runs out of time, the worker's thread dump is taken (over the connection, else with
 * SIGQUIT into its log) and the worker is stopped; when the worker dies, what is known of its death becomes the
 * failure. Either way the worker is lost and the step fails with {@link Failure#runnerUnusable()} set.
 */
final class WorkerProcess implements AutoCloseable {
  /** How long a worker that ran out of time has to answer for its thread dump. */
  static final Duration DUMP_WAIT = Duration.ofSeconds(5);

  private final String name;
  private final Process process;
  private final Socket socket;
  private final DataInputStream in;
  private final DataOutputStream out;
  private final Path log;
  private final Path errorDir;
  private volatile boolean lost;

  private WorkerProcess(String name, Process process, Socket socket, Path log, Path errorDir) throws IOException {
    this.name = name;
    this.process = process;
    this.socket = socket;
    this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
    this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
    this.log = log;
    this.errorDir = errorDir;
  }

  /**
   * Starts a worker and waits for its hello, then configures it.
   *
   * @param launch the command line's parts
   * @param name the worker's name, for its log file and messages
   * @param dir the workers' folder (logs, fatal-error reports)
   * @param jvmArgs JVM arguments beyond the inherited ones
   * @param environment variables to set, such as {@code CUDA_VISIBLE_DEVICES}
   * @param startTimeout the longest the start may take
   * @param settings the run's {@code gpubench.} keys for the worker's backends (without the prefix)
   * @return the connected worker
   * @throws StepFailed in phase {@link Phase#WORKER_START} with what is known when it does not start
   */
  static WorkerProcess start(WorkerLaunch launch, String name, Path dir, List<String> jvmArgs,
      Map<String, String> environment, Duration startTimeout, Map<String, String> settings) throws StepFailed {
    Path log = dir.resolve(name + ".log");
    Process process = null;
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Files.createDirectories(dir);
      String token = UUID.randomUUID().toString();
      ProcessBuilder pb = new ProcessBuilder(launch.command(jvmArgs, dir, server.getLocalPort(), token))
          .redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
      pb.environment().putAll(environment);
      process = pb.start();
      long deadline = System.nanoTime() + startTimeout.toNanos();
      Socket socket = null;
      while (socket == null) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          break;
        }
        server.setSoTimeout((int) Math.max(1, Math.min(TimeUnit.NANOSECONDS.toMillis(left), 200)));
        try {
          socket = server.accept();
        } catch (SocketTimeoutException e) {
          if (!process.isAlive()) {
            break;
          }
        }
      }
      if (socket == null) {
        throw startFailure(process, log, dir, process.isAlive()
            ? "it did not connect within " + startTimeout.toSeconds() + " s" : null);
      }
      socket.setTcpNoDelay(true);
      WorkerProcess w = new WorkerProcess(name, process, socket, log, dir);
      socket.setSoTimeout((int) Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
      Frames.Frame hello = Frames.read(w.in);
      if (hello.op() != Control.HELLO || !sameSecret(token, hello.body().path("token").asString())) {
        w.close();
        throw new StepFailed(new Failure(Phase.WORKER_START, null, "a process other than the worker connected",
            null, false, true), null);
      }
      if (hello.body().path("version").asInt() != Frames.VERSION) {
        w.close();
        throw new StepFailed(new Failure(Phase.WORKER_START, null, "the worker speaks protocol version "
            + hello.body().path("version").asInt() + ", the engine " + Frames.VERSION
            + ": two gpubench-engine versions are on the class path", null, false, true), null);
      }
      Frames.write(w.out, Control.CONFIGURE, settings);
      // opening the backends (a CUDA context, DJL's natives) may take as long as the start itself
      Frames.Frame configured = w.read(System.nanoTime() + startTimeout.toNanos());
      if (configured.op() == Control.WORKER_ERROR) {
        String why = configured.body().asString();
        w.close();
        throw new StepFailed(new Failure(Phase.WORKER_START, null, "the worker could not configure itself: " + why,
            null, false, true), null);
      }
      if (configured.op() != Control.CONFIGURED) {
        w.close();
        throw new StepFailed(new Failure(Phase.WORKER_START, null, "the worker answered its configuration with a "
            + configured.op().wireName() + " frame", null, false, true), null);
      }
      return w;
    } catch (IOException e) {
      throw startFailure(process, log, dir, "the connection failed: " + e.getMessage());
    }
  }

  /** Compares the secret in constant time, so that a wrong one says nothing of the right one by its timing. */
  private static boolean sameSecret(String expected, String given) {
    return java.security.MessageDigest.isEqual(expected.getBytes(java.nio.charset.StandardCharsets.UTF_8),
        given.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  private static StepFailed startFailure(Process process, Path log, Path dir, String why) {
    String text;
    if (process == null) {
      text = why;
    } else {
      if (process.isAlive()) {
        process.destroyForcibly();
      }
      int code = waitFor(process);
      text = (why == null ? "" : why + "; ") + ProcessDeath.describe(code, process.pid(), dir, log);
    }
    return new StepFailed(new Failure(Phase.WORKER_START, null, text, null, false, true), null);
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
    return !lost && process.isAlive();
  }

  /**
   * Asks for steps and waits for their replies, handing the frames the worker sends while a step runs (a rank of a
   * world arriving at the engine's barrier) to {@code interim}. The time limit is a step's: it starts again with each
   * step the worker says it starts.
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
            int at = f.body().asInt();
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
            if (r.replies().size() != calls.size()) {
              lose();
              throw lostFailure(phase, "the worker answered " + r.replies().size() + " of " + calls.size()
                  + " steps without a failure");
            }
            return r.replies();
          }
          case WORKER_ERROR -> {
            lose();
            throw lostFailure(phase, "the worker failed: " + f.body().asString());
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
      throw new StepFailed(new Failure(phase, null, "timed out after " + timeout.toSeconds()
          + " s; the worker was stopped. Its threads:\n" + dump, null, false, true), null);
    } catch (IOException e) {
      int code = waitFor(process);
      lost = true;
      throw lostFailure(phase, ProcessDeath.describe(code, process.pid(), errorDir, log));
    }
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
    return process.pid();
  }

  /** Ends the worker at once, as after a fault of its world: no goodbye, no tear-down. */
  void kill() {
    if (!lost) {
      lose();
    } else if (process.isAlive()) {
      process.destroyForcibly();
      waitFor(process);
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
          return f.body().asString();
        }
      }
    } catch (IOException | RuntimeException e) {
      // fall back on the JVM's own dump
    }
    try {
      new ProcessBuilder("kill", "-QUIT", String.valueOf(process.pid())).start().waitFor(2, TimeUnit.SECONDS);
      Thread.sleep(1000);
    } catch (IOException e) {
      return "(no thread dump: the worker did not answer and SIGQUIT could not be sent: " + e.getMessage() + ")";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return "(the worker did not answer; the JVM's dump on SIGQUIT, from " + log + "):\n"
        + ProcessDeath.tail(log, 200);
  }

  private void lose() {
    lost = true;
    process.destroyForcibly();
    waitFor(process);
    closeSocket();
  }

  private static int waitFor(Process p) {
    try {
      if (!p.waitFor(10, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        p.waitFor(10, TimeUnit.SECONDS);
      }
      return p.isAlive() ? -1 : p.exitValue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    }
  }

  private void closeSocket() {
    try {
      socket.close();
    } catch (IOException e) {
      // closing
    }
  }

  /** Asks the worker to exit, and stops it if it does not within a few seconds. */
  @Override
  public void close() {
    if (!lost && process.isAlive()) {
      try {
        Frames.write(out, Control.EXIT, null);
        process.waitFor(5, TimeUnit.SECONDS);
      } catch (IOException e) {
        // it is going anyway
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    lost = true;
    if (process.isAlive()) {
      process.destroyForcibly();
      waitFor(process);
    }
    closeSocket();
  }
}
