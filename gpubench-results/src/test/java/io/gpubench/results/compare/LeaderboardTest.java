package io.gpubench.results.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LeaderboardTest {

  @Test
  void ranksSamplesPerSecondPerModelAcrossDevicesAndPrecisions() {
    Leaderboard board = Leaderboard.of(List.of(ReportFixtures.h200Run(), ReportFixtures.a100Run()));
    assertThat(board.entries()).extracting(e -> e.model() + " " + e.device() + " " + e.precision())
        .containsExactly(
            "resnet50 NVIDIA H200 FP16",
            "resnet50 NVIDIA H200 BF16",
            "resnet50 NVIDIA A100-SXM4-80GB FP16",
            "vit NVIDIA H200 FP16",
            "vit NVIDIA A100-SXM4-80GB FP16",
            "unet NVIDIA A100-SXM4-80GB FP16");
    Leaderboard.Entry a100 = board.entries().get(2);
    assertThat(a100.shareOfBest()).isEqualTo(1380.0 / 2450.0);
    assertThat(a100.batchSize()).isEqualTo(64L);
    assertThat(board.entries().get(0).shareOfBest()).isEqualTo(1.0);
  }

  @Test
  void leavesOutCasesThatDidNotPassOrReportNoSamplesPerSecond() {
    Leaderboard board = Leaderboard.of(List.of(ReportFixtures.h200Run()));
    assertThat(board.entries()).extracting(Leaderboard.Entry::model).containsOnly("resnet50", "vit");
  }
}
