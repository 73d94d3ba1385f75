package io.gpubench.engine.execution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import examples.worlds.OneRankThrows;
import examples.worlds.RankFiles;
import examples.worlds.WorldSteps;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.engine.EngineKit;
import io.gpubench.results.ResultsFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With {@code gpubench.fork=none} (a debugger in the build's JVM) a world of one rank runs in this JVM, and a world
 * of several is skipped with the reason and the key that makes it debuggable.
 */
class WorldInThisJvmTest {
  @TempDir Path out;
  @TempDir Path ranks;

  @AfterEach
  void clear() {
    System.clearProperty(RankFiles.KEY);
  }

  @Test
  void worldOneRunsHereAndLargerWorldsAreSkippedWithTheReason() throws Exception {
    System.setProperty(RankFiles.KEY, ranks.toString());
    EngineKit.gpubench(out).configurationParameter("gpubench.fork", "none")
        .configurationParameter("gpubench.worlds", "1,2").selectors(selectClass(WorldSteps.class)).execute();

    List<CaseResult> cases = ResultsFile.read(out.resolve("results.json")).cases();
    assertThat(cases).extracting(CaseResult::displayName)
        .containsExactly("steps [n=8, FP32, world 1]", "steps [n=8, FP32, world 2]");
    assertThat(cases.get(0).status()).as(cases.get(0).message()).isEqualTo(CaseStatus.PASSED);
    assertThat(cases.get(0).worldSize()).isEqualTo(1);
    assertThat(Files.readString(ranks.resolve("world-1-rank-0.txt"))).startsWith(ProcessHandle.current().pid() + " 0 1 1 ");
    assertThat(cases.get(1).status()).isEqualTo(CaseStatus.SKIPPED);
    assertThat(cases.get(1).message()).contains("gpubench.fork=none").contains("gpubench.worlds=1");
  }

  @Test
  void afterAFailedWorldOfOneTheNextCaseRunsInThisJvm() {
    EngineKit.gpubench(out).configurationParameter("gpubench.fork", "none")
        .selectors(selectClass(OneRankThrows.class)).execute();

    List<CaseResult> cases = ResultsFile.read(out.resolve("results.json")).cases();
    assertThat(cases).extracting(CaseResult::status).containsExactly(CaseStatus.ERROR, CaseStatus.PASSED);
    assertThat(cases.get(0).message())
        .isEqualTo("@Measure aThrows() failed in the checked call: IllegalStateException: the only rank failed");
  }
}
