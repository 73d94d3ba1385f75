package io.gpubench.engine.worker;

import io.gpubench.api.spi.BackendSettings;
import io.gpubench.engine.backend.Backends;
import io.gpubench.engine.bench.CaseSession;
import io.gpubench.engine.protocol.CaseRequest;
import io.gpubench.engine.protocol.Frames;
import io.gpubench.engine.protocol.StepFailed;
import io.gpubench.engine.support.Frameworks;
import io.gpubench.engine.protocol.Steps;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The main class of a worker process: connects back to the engine, then runs the steps of the cases it is sent, one
 * at a time, on a thread of its own ({@code gpubench-bench}), and answers each with figures or a failure. The reader
 * thread stays free while a step runs, so that the engine can still ask for a thread dump of a step that hangs.
 *
 * <p>Arguments: the engine's port on the loopback interface, the token the engine expects back in the hello, and
 * the file of the build JVM's system properties ({@link WorkerProperties}), set before any benchmark class loads.
 */
public final class WorkerMain {
  private final DataInputStream in;
  private final DataOutputStream out;
  private final ExecutorService bench = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "gpubench-bench");
    t.setDaemon(true);
    return t;
  });
  private volatile CaseSession session;
  // what the engine said about the world's barrier: "release", or "abort" after another rank failed
  private final java.util.concurrent.BlockingQueue<String> barrierNews = new java.util.concurrent.LinkedBlockingQueue<>();

  private WorkerMain(DataInputStream in, DataOutputStream out) {
    this.in = in;
    this.out = out;
  }

  /**
   * Runs the worker until the engine says {@code exit} or closes the connection.
   *
   * @param args the engine's port and the token
   * @throws IOException when the connection cannot be made
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 3) {
      System.err.println("usage: WorkerMain <engine port> <token> <system properties file>; started by the gpubench"
          + " engine");
      System.exit(2);
    }
    WorkerProperties.apply(java.nio.file.Path.of(args[2]));
    io.gpubench.engine.memory.HeapWatch.start();
    Socket socket = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(args[0]));
    socket.setTcpNoDelay(true);
    DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
    DataOutputStream out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
    Map<String, Object> hello = new LinkedHashMap<>();
    hello.put("version", Frames.VERSION);
    hello.put("token", args[1]);
    hello.put("pid", ProcessHandle.current().pid());
    Frames.write(out, "hello", hello);
    new WorkerMain(in, out).serve();
    System.exit(0);
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
        case "configure" -> configure(f);
        case "threadDump" -> {
          CaseSession s = session;
          String waiting = s == null ? null : s.waitingFor();
          Frames.write(out, "threadDump", (waiting == null ? ""
              : "(" + io.gpubench.engine.protocol.RankChannel.WAITING_FOR_PEERS + ": " + waiting + ")\n")
              + ThreadDumps.all());
        }
        case "release" -> barrierNews.add("release");
        case "abort" -> {
          // another rank of the world failed: end this rank's waits for its peers now
          barrierNews.add("abort");
          CaseSession s = session;
          if (s != null) {
            s.abortWorld();
          }
        }
        case "exit" -> {
          Frames.write(out, "bye", null);
          return;
        }
        default -> bench.execute(() -> step(f));
      }
    }
  }

  @SuppressWarnings("unchecked")
  private void configure(Frames.Frame f) throws IOException {
    Map<String, String> settings = f.as(Map.class);
    // Benchmark code reads its own gpubench.* switches as system properties: it sees in the worker what it would
    // have seen in the build's JVM (set there as -D or as JUnit configuration parameters).
    settings.forEach((k, v) -> System.setProperty("gpubench." + k, v));
    BackendSettings backendSettings = key -> java.util.Optional.ofNullable(settings.get(key));
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    CaseSession s = new CaseSession(Backends.discover(backendSettings, loader), Frameworks.discover(loader));
    s.barrier(this::barrier);
    s.primeJitReadings();
    session = s;
    Frames.write(out, "configured", null);
  }

  /**
   * The engine's barrier of a world: says it arrived, and waits until the engine has heard every rank arrive.
   *
   * @throws IllegalStateException when the engine aborted the world instead (another rank failed)
   */
  private void barrier() {
    try {
      Frames.write(out, "barrier", null);
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

  /** Runs one step on the bench thread and answers it; a failure of the step is an answer, not an error. */
  private void step(Frames.Frame f) {
    try {
      Object reply;
      try {
        reply = switch (f.op()) {
          case "worldId" -> session.newWorldId(f.as(io.gpubench.api.BackendId.class));
          case "prepare" -> {
            barrierNews.clear();
            yield session.prepare(f.as(CaseRequest.class));
          }
          case "checkedCall" -> session.checkedCall();
          case "warmup" -> session.warmup(f.body().asInt());
          case "settle" -> session.settle(f.as(io.gpubench.engine.protocol.Steps.SettleRequest.class));
          case "startTrials" -> {
            session.startTrials(f.body().asInt());
            yield null;
          }
          case "trials" -> session.trials(f.body().asInt());
          case "endTrials" -> session.endTrials();
          case "instrument" -> {
            session.instrument(f.as(Steps.Instruments.class));
            yield null;
          }
          case "collect" -> session.collect(f.as(Steps.AuditRequest.class));
          case "finish" -> session.finish();
          case "abandon" -> session.abandon();
          default -> throw new IllegalStateException("unknown step " + f.op());
        };
      } catch (StepFailed e) {
        Frames.write(out, "failure", e.failure());
        return;
      }
      Frames.write(out, f.op(), reply);
    } catch (IOException e) {
      // The engine is gone; the reader sees the end of the stream and the process exits.
    } catch (Throwable e) {
      // A step's own failures are answers; this is a fault of the worker, so the engine must learn of it.
      try {
        Frames.write(out, "workerError", io.gpubench.engine.protocol.Throwables.describe(e));
      } catch (IOException | RuntimeException ignored) {
        // nothing more can be said
      }
    }
  }
}
