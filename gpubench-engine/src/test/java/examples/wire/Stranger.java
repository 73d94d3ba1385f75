package examples.wire;

import examples.worlds.RankFiles;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;
import io.gpubench.engine.protocol.Control;
import io.gpubench.engine.protocol.Frames;
import io.gpubench.engine.protocol.Hello;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A case whose set-up plays a stranger at the engine's workers' port (the address on its own worker's command line)
 * while the run goes on: a connection that sends bytes that are no frame, a frame of a gigabyte, a well-formed hello
 * with a made-up proof, a hello with no proof, and one that replays nothing but names a launch that never was. For
 * each it writes whether the engine closed the connection ({@code stranger.txt}). It also writes the run's secret
 * as its worker holds it ({@code secret.txt}), so that the test can look for it where it must not be, and whether it
 * is on the worker's command line. The case itself must pass: a stranger costs no case.
 */
@GpuBenchmark(backends = "cpu")
@Tolerance(maxAbs = 0)
@Trials(warmup = 1, min = 2, max = 2)
public class Stranger {
  private boolean done;

  @Setup
  void setup() throws IOException {
    if (done) {
      return;
    }
    done = true;
    List<String> args = List.of(ProcessHandle.current().info().arguments().orElse(new String[0]));
    int main = args.indexOf("io.gpubench.engine.Worker");
    String address = args.get(main + 1);
    String launch = args.get(main + 2);
    String host = address.substring(0, address.lastIndexOf(':'));
    int port = Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
    List<String> closed = new ArrayList<>();
    closed.add("garbage " + refused(host, port, out -> out.write("GET / HTTP/1.0\r\n\r\n".getBytes(StandardCharsets.US_ASCII))));
    closed.add("huge " + refused(host, port, out -> out.writeInt(1 << 30)));
    closed.add("wrongProof " + refused(host, port, out -> Frames.write(out, Control.HELLO,
        hello(launch, 0, "bm90IHRoZSBzZWNyZXQ="))));
    closed.add("noProof " + refused(host, port, out -> Frames.write(out, Control.HELLO, hello(launch, 0, null))));
    closed.add("noSuchLaunch " + refused(host, port, out -> Frames.write(out, Control.HELLO,
        hello("L999999", 0, "bm90IHRoZSBzZWNyZXQ="))));
    closed.add("notAHello " + refused(host, port, out -> Frames.writeSteps(out, List.of())));
    String secret = System.getenv("GPUBENCH_WORKER_SECRET");
    String cmdline = new String(Files.readAllBytes(Path.of("/proc/self/cmdline")), StandardCharsets.UTF_8);
    Path dir = Path.of(System.getProperty(RankFiles.KEY));
    Files.writeString(dir.resolve("stranger.txt"), String.join("\n", closed) + "\n");
    Files.writeString(dir.resolve("secret.txt"), secret == null ? "" : secret);
    Files.writeString(dir.resolve("cmdline.txt"), String.valueOf(secret != null && cmdline.contains(secret)));
  }

  private static Hello hello(String launch, int rank, String proof) {
    return new Hello(Frames.VERSION, launch, rank, proof, 1, "", "");
  }

  private interface Send {
    void to(DataOutputStream out) throws IOException;
  }

  /** Whether the engine closed the connection after what was sent (the read ends), within 15 s. */
  private static boolean refused(String host, int port, Send send) throws IOException {
    try (Socket s = new Socket(host, port)) {
      s.setSoTimeout(15_000);
      DataOutputStream out = new DataOutputStream(s.getOutputStream());
      send.to(out);
      out.flush();
      InputStream in = s.getInputStream();
      try {
        return in.read() == -1;
      } catch (java.net.SocketException e) {
        return true; // reset by the engine
      } catch (java.net.SocketTimeoutException e) {
        return false;
      }
    }
  }

  @Measure
  double[] sum() {
    return new double[] {3};
  }

  @Reference
  double[] expected() {
    return new double[] {3};
  }
}
