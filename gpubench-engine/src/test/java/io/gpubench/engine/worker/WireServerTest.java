package io.gpubench.engine.worker;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.engine.protocol.Control;
import io.gpubench.engine.protocol.Frames;
import io.gpubench.engine.protocol.Hello;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The door of the workers' port: who gets through to the launch that waits, and what is said of the others. */
class WireServerTest {
  @TempDir Path dir;

  private static Socket hello(WireServer w, String launch, int rank, String proof) throws IOException {
    String a = w.address();
    Socket s = new Socket(a.substring(0, a.lastIndexOf(':')), Integer.parseInt(a.substring(a.lastIndexOf(':') + 1)));
    DataOutputStream out = new DataOutputStream(s.getOutputStream());
    Frames.write(out, Control.HELLO, new Hello(Frames.VERSION, launch, rank, proof, 1, "", ""));
    return s;
  }

  private static boolean closedByEngine(Socket s) throws IOException {
    // the engine closes a silent connection after WireServer.HELLO_MILLIS: wait for it well beyond that
    s.setSoTimeout(3 * WireServer.HELLO_MILLIS);
    try {
      return s.getInputStream().read() == -1;
    } catch (java.net.SocketException e) {
      return true;
    }
  }

  private static long soon(Duration d) {
    return System.nanoTime() + d.toNanos();
  }

  @Test
  void onlyAHelloThatProvesTheSecretForAWaitedRankGetsThrough() throws IOException {
    try (WireServer w = WireServer.open(InetAddress.getLoopbackAddress(), dir)) {
      String launch = w.expect(2);
      try (Socket wrong = hello(w, launch, 0, WireServer.proof("not-the-secret", launch, 0));
          Socket otherRank = hello(w, launch, 0, WireServer.proof(w.secret(), launch, 1));
          Socket noSuchRank = hello(w, launch, 5, WireServer.proof(w.secret(), launch, 5))) {
        assertThat(closedByEngine(wrong)).isTrue();
        assertThat(closedByEngine(otherRank)).as("a proof is bound to its rank").isTrue();
        assertThat(closedByEngine(noSuchRank)).isTrue();
      }
      try (Socket good = hello(w, launch, 0, WireServer.proof(w.secret(), launch, 0))) {
        WireServer.Accepted a = w.await(launch, 0, soon(Duration.ofSeconds(10)), () -> true);
        assertThat(a).isNotNull();
        // the same hello again, once its rank is in (sent together, either of the two would be the one let in)
        Socket replay = hello(w, launch, 0, WireServer.proof(w.secret(), launch, 0));
        assertThat(a.hello().value(Hello.class).rank()).isZero();
        assertThat(closedByEngine(replay)).as("a hello seen on the wire proves nothing once its rank connected")
            .isTrue();
        replay.close();
        assertThat(w.await(launch, 1, soon(Duration.ofMillis(300)), () -> true)).as("rank 1 never came").isNull();
        assertThat(w.await(launch, 1, soon(Duration.ofSeconds(10)), () -> false)).as("its process ended").isNull();
      }
      w.forget(launch);
      try (Socket late = hello(w, launch, 1, WireServer.proof(w.secret(), launch, 1))) {
        assertThat(closedByEngine(late)).as("a rank that comes after its launch gave up").isTrue();
      }
      String log = Files.readString(dir.resolve(WireServer.REFUSED_LOG));
      assertThat(log.lines()).hasSize(5);
      assertThat(log).contains("its hello's proof of the run's secret is wrong", "rank 5 of launch " + launch
          + ", which has 2 rank(s)", "had already connected (a replayed hello)", "which the engine is not waiting for")
          .doesNotContain(w.secret());
      assertThat(w.refused()).isEqualTo(5);
    }
  }

  @Test
  void aConnectionThatSaysNothingIsRefusedWithoutHoldingUpTheOthers() throws IOException {
    try (WireServer w = WireServer.open(InetAddress.getLoopbackAddress(), dir)) {
      String launch = w.expect(1);
      String a = w.address();
      try (Socket silent = new Socket(a.substring(0, a.lastIndexOf(':')),
          Integer.parseInt(a.substring(a.lastIndexOf(':') + 1)));
          Socket good = hello(w, launch, 0, WireServer.proof(w.secret(), launch, 0))) {
        assertThat(w.await(launch, 0, soon(Duration.ofSeconds(5)), () -> true)).isNotNull();
        assertThat(closedByEngine(silent)).isTrue();
        assertThat(Files.readString(dir.resolve(WireServer.REFUSED_LOG))).contains("it sent no hello within 10 s");
      }
    }
  }
}
