package io.gpubench.maven.summary;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class MarkdownSummaryTest {

  @TempDir Path dir;

  @Test
  void theStepSummaryIsAppendedLikeGithubExpects() throws Exception {
    Path file = Files.writeString(dir.resolve("summary.md"), "earlier step\n");
    assertThat(StepSummary.append(file.toFile(), "## gpubench gate: passed\n")).isEmpty();
    assertThat(Files.readString(file)).startsWith("earlier step\n## gpubench gate: passed\n");
  }

  @Test
  void anUnwritableSummaryIsAWarningNotAFailure() {
    Path folder = dir.resolve("a-folder");
    assertThat(folder.toFile().mkdir()).isTrue();
    assertThat(StepSummary.append(folder.toFile(), "x")).hasValueSatisfying(
        w -> assertThat(w).startsWith("cannot append the gpubench summary to " + folder));
  }
}
