package io.gpubench.engine.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The step marker a local worker writes and the engine reads when it has lost the worker: the engine names the step
 * the marker holds for the batch it sent, and falls back to the step it knew of (empty) for a file that is gone,
 * short, or about another batch. A worker that cannot map its file is told so and announces every step instead
 * (WorkerMain); the end-to-end case, a worker that dies in its checked call before announcing it, is
 * FaultInjectionTest's "failed in the checked call".
 */
class StepMarkerTest {

  @Test
  void theEngineReadsTheStepOfItsBatchAndNothingElse(@TempDir Path dir) throws IOException {
    Path file = StepMarker.file(dir, "w1", 1, 0);
    StepMarker m = StepMarker.open(file);
    assertThat(StepMarker.read(file, 1)).as("nothing marked yet").isEmpty();
    m.at(1, 0);
    m.at(1, 3);
    assertThat(StepMarker.read(file, 1)).hasValue(3);
    assertThat(StepMarker.read(file, 2)).as("a stale mark from the batch before").isEmpty();
    m.at(2, 1);
    assertThat(StepMarker.read(file, 2)).hasValue(1);
  }

  @Test
  void aReopenedMarkerForgetsTheWorkerBefore(@TempDir Path dir) throws IOException {
    Path file = StepMarker.file(dir, "w1", 1, 0);
    StepMarker.open(file).at(1, 4);
    StepMarker.open(file);
    assertThat(StepMarker.read(file, 1)).isEmpty();
  }

  @Test
  void aMarkerGoneShortOrNeverGivenNamesNoStep(@TempDir Path dir) throws IOException {
    assertThat(StepMarker.read(null, 1)).isEmpty();
    assertThat(StepMarker.read(dir.resolve("absent.step"), 1)).isEmpty();
    Path shortFile = Files.write(dir.resolve("short.step"), new byte[] {0, 0, 0});
    assertThat(StepMarker.read(shortFile, 0)).isEmpty();
    assertThat(StepMarker.read(dir, 1)).as("a folder where the file should be").isEmpty();
  }

  @Test
  void eachRankOfALaunchHasItsOwnFileAndAFolderCannotBeMapped(@TempDir Path dir) {
    assertThat(StepMarker.file(dir, "w1", 1, 0)).isEqualTo(dir.resolve("w1.step"));
    assertThat(StepMarker.file(dir, "w1", 2, 1)).isEqualTo(dir.resolve("w1-r1.step"));
    assertThatThrownBy(() -> StepMarker.open(dir)).isInstanceOf(IOException.class);
  }
}
