package io.gpubench.engine.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import examples.wire.Stranger;
import examples.worlds.RankFiles;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.engine.EngineKit;
import io.gpubench.results.ResultsFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The workers' port refuses every connection that does not prove the run's secret, and says so, while the run goes
 * on: a case plays the stranger at its own engine ({@link Stranger}) and still passes. With the local launcher
 * (loopback) and the TCP one (the interface Slurm's tasks would reach); {@code SlurmLauncherTest} repeats it through
 * {@code srun}. The secret is on no worker's command line and in no file the run writes.
 */
class WireSecurityTest {

  /**
   * Runs the stranger's case with one launcher and checks what the engine did.
   *
   * @param out the run's output
   * @param files the fixture's files
   * @param launcher the launcher
   * @param extra more configuration, key then value
   * @throws IOException when a file cannot be read
   */
  static void strangerIsRefusedWhileTheRunGoesOn(Path out, Path files, String launcher, String... extra)
      throws IOException {
    var kit = EngineKit.gpubench(out).configurationParameter(RankFiles.KEY, files.toString())
        .configurationParameter("gpubench.launcher", launcher).configurationParameter("gpubench.forks", "1");
    for (int i = 0; i < extra.length; i += 2) {
      kit.configurationParameter(extra[i], extra[i + 1]);
    }
    kit.selectors(selectClass(Stranger.class)).execute();
    List<CaseResult> cases = ResultsFile.read(out.resolve("results.json")).cases();
    assertThat(cases).hasSize(1);
    assertThat(cases.get(0).status()).as(cases.get(0).message()).isEqualTo(CaseStatus.PASSED);
    assertThat(Files.readAllLines(files.resolve("stranger.txt"))).as("the engine closed each stranger's connection")
        .containsExactly("garbage true", "huge true", "wrongProof true", "noProof true", "noSuchLaunch true",
            "notAHello true");
    List<String> refused = Files.readAllLines(out.resolve("workers").resolve(WireServer.REFUSED_LOG));
    assertThat(refused).hasSize(6).allMatch(l -> l.contains("refused a connection to the workers' port")
        && l.contains(" from /") && l.endsWith("; the run goes on"));
    // the launch of the stranger's own worker had connected: the engine waits for it no more
    assertThat(String.join("\n", refused)).contains("is not a worker's hello", "carries no proof",
        "which the engine is not waiting for", "is a steps frame");
    String secret = Files.readString(files.resolve("secret.txt"));
    assertThat(secret).as("the worker has the secret in its environment").hasSizeGreaterThan(20);
    assertThat(Files.readString(files.resolve("cmdline.txt"))).as("the secret on the command line").isEqualTo("false");
    try (Stream<Path> all = Files.walk(out)) {
      for (Path f : all.filter(Files::isRegularFile).toList()) {
        String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
        assertThat(text).as("the secret in " + f).doesNotContain(secret);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"local", "tcp"})
  void aConnectionWithoutTheSecretIsRefusedAndLoggedWhileTheCasePasses(String launcher, @TempDir Path out,
      @TempDir Path files) throws IOException {
    strangerIsRefusedWhileTheRunGoesOn(out, files, launcher);
    if (launcher.equals("local")) {
      assertThat(Files.readString(out.resolve("workers").resolve(WireServer.REFUSED_LOG))).contains("from /127.0.0.1:");
    }
  }

  @Test
  void aWireAddressThatIsNotThisMachinesFailsTheCasesNamingTheKey(@TempDir Path out, @TempDir Path files) {
    // TEST-NET-2: an address no machine of a test run has
    EngineKit.gpubench(out).configurationParameter(RankFiles.KEY, files.toString())
        .configurationParameter("gpubench.launcher", "tcp").configurationParameter("gpubench.forks", "1")
        .configurationParameter("gpubench.wire.address", "198.51.100.77").selectors(selectClass(Stranger.class))
        .execute();
    List<CaseResult> cases = ResultsFile.read(out.resolve("results.json")).cases();
    assertThat(cases).singleElement().satisfies(c -> {
      assertThat(c.status()).isEqualTo(CaseStatus.ERROR);
      assertThat(c.message()).contains("the engine cannot open a port for its workers (tcp launcher)")
          .contains("gpubench.wire.address = \"198.51.100.77\"").contains("is not an address of this machine");
    });
  }
}
