package examples.wire;

import examples.worlds.RankFiles;
import io.gpubench.api.BackendId;
import io.gpubench.api.Precision;
import io.gpubench.api.result.DeviceInfo;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendProvider;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.BackendSettings;
import io.gpubench.api.spi.SessionSpec;
import io.gpubench.api.spi.WorldRank;
import io.gpubench.engine.backend.cpu.CpuBackend;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;

/**
 * A CPU stand-in for NCCL's bootstrap, the part of a multi-node world that the engine takes part in: rank 0's
 * process makes the world's id ({@link Backend#newWorldId}) by opening a bootstrap root on its host's address, as
 * {@code ncclGetUniqueId} does, and the id names that root ({@code host:port:magic}); the engine hands the id to
 * every rank; each rank's session, as it opens, connects to the root, says who it is, and gets back the whole
 * world's list of ranks once all of them have come (NCCL's all-gather of peer addresses). A rank that cannot reach
 * the root, or a root that hears of a stranger's magic, fails the case. Active where a run sets
 * {@value #KEY}; each rank writes what it learnt to the world fixtures' folder.
 */
public final class BootstrapStandIn {
  /** The key that turns the stand-in on. */
  public static final String KEY = "gpubench.test.bootstrap-standin";

  private BootstrapStandIn() {}

  /** The provider; it finds the device only where a run asks for it. */
  public static final class Provider implements BackendProvider {
    /** For {@code ServiceLoader}. */
    public Provider() {}

    @Override
    public List<Backend> backends(BackendSettings settings) {
      return settings.get(KEY.substring("gpubench.".length())).map(v -> List.<Backend>of(new Device()))
          .orElse(List.of());
    }
  }

  /** The device: the host's processor, whose ranks meet through a bootstrap root. */
  static final class Device implements Backend {
    private final CpuBackend cpu = new CpuBackend();

    @Override
    public BackendId id() {
      return BackendId.of("bootstrap", -1);
    }

    @Override
    public Optional<String> unavailableReason() {
      return Optional.empty();
    }

    @Override
    public DeviceInfo describe() {
      return new DeviceInfo(id(), "NCCL bootstrap stand-in (host processor)", true, null, Map.of());
    }

    @Override
    public Optional<String> unsupported(Precision precision) {
      return Optional.empty();
    }

    @Override
    public boolean ranksShareDevice() {
      return true;
    }

    @Override
    public Optional<String> worldUnsupported(int size) {
      return Optional.empty();
    }

    /** Opens the bootstrap root in this process (rank 0's) and names it in the id. */
    @Override
    public String newWorldId() throws IOException {
      InetAddress host = InetAddress.getLocalHost();
      ServerSocket root = new ServerSocket();
      root.bind(new InetSocketAddress(host, 0));
      String magic = UUID.randomUUID().toString();
      String id = host.getHostAddress() + ":" + root.getLocalPort() + ":" + magic;
      Thread t = new Thread(() -> serve(root, magic), "bootstrap-root");
      t.setDaemon(true);
      t.start();
      RankFiles.write("bootstrap-root-" + magic + ".txt", ProcessHandle.current().pid() + " " + id);
      return id;
    }

    /** The root: takes every rank's hello, then sends each the world's list. */
    private static void serve(ServerSocket root, String magic) {
      try (root) {
        root.setSoTimeout(60_000);
        List<Socket> peers = new ArrayList<>();
        Map<Integer, String> world = new TreeMap<>();
        int size = Integer.MAX_VALUE;
        while (world.size() < size) {
          Socket s = root.accept();
          String[] hello = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8))
              .readLine().split(" ");
          if (!hello[0].equals(magic)) {
            s.close(); // another world's rank, or a stranger
            continue;
          }
          world.put(Integer.parseInt(hello[1]), hello[3]);
          size = Integer.parseInt(hello[2]);
          peers.add(s);
        }
        String list = String.join(" ", world.values());
        for (Socket s : peers) {
          PrintWriter w = new PrintWriter(s.getOutputStream(), true, StandardCharsets.UTF_8);
          w.println(list);
          s.close();
        }
      } catch (IOException e) {
        // a rank that waits for the list fails with its own time-out
      }
    }

    /** Joins the world through its root before the case's session opens, as a communicator's init does. */
    @Override
    public BackendSession open(SessionSpec spec) {
      WorldRank r = spec.world();
      if (r != null) {
        String[] id = r.worldId().split(":");
        String me = r.rank() + "@" + ProcessHandle.current().pid();
        try (Socket s = new Socket(id[0], Integer.parseInt(id[1]))) {
          s.setSoTimeout(60_000);
          new PrintWriter(s.getOutputStream(), true, StandardCharsets.UTF_8).println(id[2] + " " + r.rank() + " "
              + r.size() + " " + me);
          String list = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8))
              .readLine();
          Files.writeString(RankFiles.dir().resolve("bootstrap-" + r.size() + "-rank-" + r.rank() + ".txt"),
              r.worldId() + "\n" + list + "\n");
        } catch (IOException e) {
          throw new UncheckedIOException("rank " + r.rank() + " could not join the world at its root " + id[0] + ":"
              + id[1] + ": " + e.getMessage(), e);
        }
      }
      return cpu.open(spec);
    }
  }
}
