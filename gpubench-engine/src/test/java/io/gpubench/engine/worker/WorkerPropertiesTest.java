package io.gpubench.engine.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import examples.properties.SystemPropertyBenchmark;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.RunResult;
import io.gpubench.engine.EngineKit;
import io.gpubench.results.ResultsFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A system property set in the build JVM (as Surefire sets Maven's {@code -D} user properties and
 * {@code <systemPropertyVariables>}) reaches benchmark code in its worker process.
 */
class WorkerPropertiesTest {
  @TempDir Path out;

  @AfterEach
  void clear() {
    System.clearProperty(SystemPropertyBenchmark.KEY);
  }

  @Test
  void aPropertyOfTheBuildJvmReachesTheWorker() {
    System.setProperty(SystemPropertyBenchmark.KEY, "7");

    EngineKit.gpubench(out).configurationParameter("gpubench.fork", "device")
        .selectors(selectClass(SystemPropertyBenchmark.class)).execute()
        .testEvents().assertStatistics(s -> s.succeeded(1).failed(0));

    CaseResult c = ResultsFile.read(out.resolve("results.json")).cases().get(0);
    assertThat(c.status()).isEqualTo(CaseStatus.PASSED);
    assertThat(c.metrics().get("repeat").value()).isEqualTo(7);
    assertThat((long) c.metrics().get("pid").value())
        .as("the case ran in a worker, not in this JVM").isNotEqualTo(ProcessHandle.current().pid());
  }

  @Test
  void withoutThePropertyTheFixtureFails() {
    EngineKit.gpubench(out).configurationParameter("gpubench.fork", "device")
        .selectors(selectClass(SystemPropertyBenchmark.class)).execute()
        .testEvents().assertStatistics(s -> s.succeeded(0).failed(1));

    RunResult run = ResultsFile.read(out.resolve("results.json"));
    assertThat(run.cases().get(0).message()).contains(SystemPropertyBenchmark.KEY + " is not set");
  }

  @Test
  void theWorkerKeepsWhatItsOwnJvmDefinesAndTakesTheRest() throws Exception {
    Properties build = new Properties();
    build.setProperty("java.home", "/not/the/worker/jvm");
    build.setProperty("fixture.only.in.build", "yes");
    Path file = WorkerProperties.write(out.resolve("p.properties"), build);
    try {
      List<String> set = WorkerProperties.apply(file);

      assertThat(set).containsExactly("fixture.only.in.build");
      assertThat(System.getProperty("java.home")).isNotEqualTo("/not/the/worker/jvm");
      assertThat(System.getProperty("fixture.only.in.build")).isEqualTo("yes");
    } finally {
      System.clearProperty("fixture.only.in.build");
    }
    if (Files.getFileStore(file).supportsFileAttributeView("posix")) {
      assertThat(Files.getPosixFilePermissions(file)).as("a property may carry a credential")
          .isEqualTo(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE));
    }
  }
}
