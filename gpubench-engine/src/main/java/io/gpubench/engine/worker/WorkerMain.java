package io.gpubench.engine.worker;

import io.gpubench.api.spi.BackendSettings;
import io.gpubench.engine.backend.Backends;
import io.gpubench.engine.bench.CaseSession;
import io.gpubench.engine.bench.Frameworks;
import io.gpubench.engine.protocol.CaseRequest;
import io.gpubench.engine.protocol.Frames;
import io.gpubench.engine.protocol.StepFailed;
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
 * <p>Arguments: the engine's port on the loopback interface, and the token the engine expects back in the hello.
 */
public final class WorkerMain {
  private final DataInputStream in;
  private final DataOutputStream out;
  private final ExecutorService bench = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "gpubench-bench");
    t.setDaemon(true);
    return t;
  });
  private CaseSession session;

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
    if (args.length != 2) {
      System.err.println("usage: WorkerMain <engine port> <token>; started by the gpubench engine");
      System.exit(2);
    }
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
        case "threadDump" -> Frames.write(out, "threadDump", ThreadDumps.all());
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
    session = new CaseSession(Backends.discover(backendSettings, loader), Frameworks.discover(loader));
    session.primeJitReadings();
    Frames.write(out, "configured", null);
  }

  /** Runs one step on the bench thread and answers it; a failure of the step is an answer, not an error. */
  private void step(Frames.Frame f) {
    try {
      Object reply;
      try {
        reply = switch (f.op()) {
          case "prepare" -> session.prepare(f.as(CaseRequest.class));
          case "checkedCall" -> session.checkedCall();
          case "warmup" -> session.warmup(f.body().asInt());
          case "settle" -> session.settle(f.as(io.gpubench.engine.protocol.Steps.SettleRequest.class));
          case "startTrials" -> {
            session.startTrials(f.body().asInt());
            yield null;
          }
          case "trials" -> session.trials(f.body().asInt());
          case "endTrials" -> session.endTrials();
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
