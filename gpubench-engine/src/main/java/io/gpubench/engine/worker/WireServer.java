package io.gpubench.engine.worker;

import io.gpubench.engine.protocol.Control;
import io.gpubench.engine.protocol.Frames;
import io.gpubench.engine.protocol.Hello;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The one port a run opens for its workers, and the door of it: every connection must open with a worker's hello
 * that proves it knows the run's secret, for a launch the engine is waiting for and a rank of it that has not
 * connected yet. Anything else (no frame, a stranger's frame, a wrong or missing proof, a replayed hello) is
 * refused: the connection is closed, one line naming the peer's address and the reason (never the secret) goes to
 * the engine's output and to {@value #REFUSED_LOG} in the workers' folder, and the run goes on. A stranger costs no
 * case, since nothing waits on its connection.
 *
 * <p>The secret (32 random bytes) reaches a worker through its environment ({@value #SECRET_VARIABLE}: a child's,
 * or the tasks' of an {@code srun}, which exports the caller's environment), never its command line, which every
 * user of a machine can read. It never crosses the wire either: the hello carries HMAC-SHA256 of the launch and rank
 * under the secret, so a hello seen on the network proves nothing once its rank has connected.
 */
final class WireServer implements AutoCloseable {
  /** The variable that carries the run's secret to a worker. */
  static final String SECRET_VARIABLE = "GPUBENCH_WORKER_SECRET";

  /** The file of refused connections, in the workers' folder. */
  static final String REFUSED_LOG = "refused-connections.log";

  /** How long a connection has to send its hello. */
  static final int HELLO_MILLIS = 10_000;

  /** The longest hello taken (a real one is some 200 bytes). */
  private static final int MAX_HELLO = 4096;

  private final ServerSocket server;
  private final String secret;
  private final Path refusedLog;
  private final Map<String, CompletableFuture<Accepted>[]> launches = new ConcurrentHashMap<>();
  private final AtomicInteger launchNumbers = new AtomicInteger();
  private final AtomicInteger refused = new AtomicInteger();
  private final Thread acceptor;
  private volatile boolean closed;

  /**
   * A worker's connection after its hello.
   *
   * @param socket the connection
   * @param in its input
   * @param out its output
   * @param hello the hello frame's body
   */
  record Accepted(Socket socket, DataInputStream in, DataOutputStream out, Frames.Frame hello) {}

  private WireServer(ServerSocket server, String secret, Path refusedLog) {
    this.server = server;
    this.secret = secret;
    this.refusedLog = refusedLog;
    this.acceptor = new Thread(this::acceptLoop, "gpubench-wire");
    acceptor.setDaemon(true);
  }

  /**
   * Opens the port on one interface.
   *
   * @param bind the interface: loopback for local workers, the one the nodes reach for Slurm's
   * @param dir the workers' folder, for the file of refused connections
   * @return the open server
   * @throws IOException when the port cannot be opened
   */
  static WireServer open(InetAddress bind, Path dir) throws IOException {
    ServerSocket s = new ServerSocket();
    s.bind(new InetSocketAddress(bind, 0), 64);
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    WireServer w = new WireServer(s, Base64.getUrlEncoder().withoutPadding().encodeToString(key),
        dir.resolve(REFUSED_LOG));
    w.acceptor.start();
    return w;
  }

  /**
   * The address workers connect to: {@code host:port}.
   *
   * @return the address
   */
  String address() {
    return server.getInetAddress().getHostAddress() + ":" + server.getLocalPort();
  }

  /**
   * The secret, for a worker's environment only.
   *
   * @return the secret
   */
  String secret() {
    return secret;
  }

  /**
   * How many connections were refused so far.
   *
   * @return the count
   */
  int refused() {
    return refused.get();
  }

  /**
   * Registers a launch whose ranks will connect.
   *
   * @param ranks how many
   * @return the launch's id, which the workers' command line carries (it is no secret)
   */
  @SuppressWarnings("unchecked")
  String expect(int ranks) {
    String id = "L" + launchNumbers.incrementAndGet();
    CompletableFuture<Accepted>[] slots = new CompletableFuture[ranks];
    for (int r = 0; r < ranks; r++) {
      slots[r] = new CompletableFuture<>();
    }
    launches.put(id, slots);
    return id;
  }

  /**
   * Waits for a rank of a launch to connect.
   *
   * @param launch the launch
   * @param rank the rank
   * @param deadline on {@link System#nanoTime()}
   * @param alive false once the worker's process (or task) ended, which ends the wait
   * @return the connection, or null when the time ran out or the process ended first
   */
  Accepted await(String launch, int rank, long deadline, BooleanSupplier alive) {
    CompletableFuture<Accepted>[] slots = launches.get(launch);
    if (slots == null) {
      return null;
    }
    while (true) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return null;
      }
      try {
        return slots[rank].get(Math.min(left, TimeUnit.MILLISECONDS.toNanos(200)), TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        if (!alive.getAsBoolean()) {
          return slots[rank].getNow(null);
        }
      } catch (ExecutionException e) {
        return null;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
    }
  }

  /**
   * Stops waiting for a launch: a rank that connects later is refused.
   *
   * @param launch the launch
   */
  void forget(String launch) {
    CompletableFuture<Accepted>[] slots = launches.remove(launch);
    if (slots != null) {
      for (CompletableFuture<Accepted> s : slots) {
        s.complete(null); // a rank still waited for connects no more; one that connected keeps its connection
      }
    }
  }

  /**
   * The proof a worker of a launch gives: HMAC-SHA256 of {@code launch:rank} under the secret, Base64.
   *
   * @param secret the run's secret
   * @param launch the launch
   * @param rank the rank
   * @return the proof
   */
  static String proof(String secret, String launch, int rank) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      return Base64.getEncoder().encodeToString(mac.doFinal((launch + ":" + rank).getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
    }
  }

  private void acceptLoop() {
    while (!closed) {
      Socket s;
      try {
        s = server.accept();
      } catch (IOException e) {
        if (closed) {
          return;
        }
        continue;
      }
      Thread t = new Thread(() -> greet(s), "gpubench-wire-hello");
      t.setDaemon(true);
      t.start();
    }
  }

  /** Reads a connection's hello and hands it to the launch that waits for it, or refuses the connection. */
  private void greet(Socket s) {
    String peer = String.valueOf(s.getRemoteSocketAddress());
    try {
      s.setSoTimeout(HELLO_MILLIS);
      s.setTcpNoDelay(true);
      DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream()));
      Frames.Frame hello;
      try {
        hello = Frames.read(in, MAX_HELLO);
      } catch (java.net.SocketTimeoutException e) {
        refuse(s, peer, "it sent no hello within " + HELLO_MILLIS / 1000 + " s");
        return;
      } catch (IOException e) {
        refuse(s, peer, "its first frame is not a worker's hello (" + e.getMessage() + ")");
        return;
      }
      if (hello.op() != Control.HELLO || hello.value() == null) {
        refuse(s, peer, "its first frame is a " + hello.op().wireName() + " frame, not a worker's hello");
        return;
      }
      Hello h = hello.value(Hello.class);
      String launch = h.launch() == null ? "" : h.launch();
      int rank = h.rank();
      String given = h.proof() == null ? "" : h.proof();
      if (given.isEmpty()) {
        refuse(s, peer, "its hello carries no proof of the run's secret");
        return;
      }
      CompletableFuture<Accepted>[] slots = launches.get(launch);
      String expected = slots == null || rank < 0 || rank >= slots.length ? null : proof(secret, launch, rank);
      // compared in constant time, so that a wrong proof says nothing of the right one by its timing
      if (expected == null || !MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8),
          given.getBytes(StandardCharsets.UTF_8))) {
        refuse(s, peer, expected == null && slots == null ? "its hello names launch '" + launch
            + "', which the engine is not waiting for"
            : expected == null ? "its hello names rank " + rank + " of launch " + launch + ", which has "
                + slots.length + " rank(s)"
            : "its hello's proof of the run's secret is wrong");
        return;
      }
      DataOutputStream out = new DataOutputStream(new BufferedOutputStream(s.getOutputStream()));
      s.setSoTimeout(0);
      if (!slots[rank].complete(new Accepted(s, in, out, hello))) {
        refuse(s, peer, "rank " + rank + " of launch " + launch + " had already connected (a replayed hello)");
      }
    } catch (IOException | RuntimeException e) {
      refuse(s, peer, "its connection failed: " + e.getMessage());
    }
  }

  private void refuse(Socket s, String peer, String why) {
    refused.incrementAndGet();
    String line = "gpubench: refused a connection to the workers' port " + server.getLocalPort() + " from " + peer
        + ": " + why + "; the run goes on";
    System.out.println(line);
    try {
      Files.writeString(refusedLog, java.time.Instant.now() + " " + line + "\n", StandardCharsets.UTF_8,
          StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      // the line went to the output
    }
    try {
      s.close();
    } catch (IOException e) {
      // refused either way
    }
  }

  /** Closes the port; connections already handed over stay open. */
  @Override
  public void close() {
    closed = true;
    try {
      server.close();
    } catch (IOException e) {
      // closing
    }
  }
}
