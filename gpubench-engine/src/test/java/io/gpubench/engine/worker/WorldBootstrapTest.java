package io.gpubench.engine.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import examples.wire.BootstrapStandIn;
import examples.wire.BootstrapWorld;
import examples.worlds.RankFiles;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.engine.EngineKit;
import io.gpubench.results.ResultsFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bootstrap of a world as NCCL makes it, with CPU stand-ins ({@link BootstrapStandIn}): the id is made in rank
 * 0's process and names a root there, the engine hands that id to every rank, and every rank reaches the root
 * through it and learns the whole world. Over the TCP launcher here (a non-loopback interface, as across nodes);
 * {@link #check} is also run through srun by {@code SlurmLauncherTest}.
 */
class WorldBootstrapTest {

  /**
   * Checks what the ranks of each world learnt.
   *
   * @param out the run's output
   * @param files the ranks' files
   * @throws IOException when a file cannot be read
   */
  static void check(Path out, Path files) throws IOException {
    List<CaseResult> cases = ResultsFile.read(out.resolve("results.json")).cases();
    assertThat(cases).hasSize(2).allSatisfy(c -> assertThat(c.status()).as(c.message()).isEqualTo(CaseStatus.PASSED));
    for (int w : new int[] {2, 4}) {
      List<String> ids = new ArrayList<>();
      List<String> lists = new ArrayList<>();
      for (int r = 0; r < w; r++) {
        List<String> lines = Files.readAllLines(files.resolve("bootstrap-" + w + "-rank-" + r + ".txt"));
        ids.add(lines.get(0));
        lists.add(lines.get(1));
      }
      assertThat(ids.stream().distinct()).as("world " + w + ": one id for every rank").hasSize(1);
      String id = ids.get(0);
      String magic = id.substring(id.lastIndexOf(':') + 1);
      String[] root = Files.readString(files.resolve("bootstrap-root-" + magic + ".txt")).split(" ");
      assertThat(root[1]).isEqualTo(id);
      assertThat(lists.stream().distinct()).as("world " + w + ": every rank learnt the same world").hasSize(1);
      String[] world = lists.get(0).split(" ");
      assertThat(world).hasSize(w);
      for (int r = 0; r < w; r++) {
        assertThat(world[r]).startsWith(r + "@");
      }
      assertThat(world[0]).as("the root was opened in rank 0's process").isEqualTo("0@" + root[0]);
    }
  }

  @Test
  void rank0sIdReachesEveryRankThroughTheEngineAndEveryRankJoinsByIt(@TempDir Path out, @TempDir Path files)
      throws IOException {
    EngineKit.gpubench(out).configurationParameter(RankFiles.KEY, files.toString())
        .configurationParameter(BootstrapStandIn.KEY, "true").configurationParameter("gpubench.launcher", "tcp")
        .selectors(selectClass(BootstrapWorld.class)).execute();
    check(out, files);
  }
}
