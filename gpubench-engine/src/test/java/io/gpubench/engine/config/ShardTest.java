package io.gpubench.engine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.engine.declaration.InvalidDeclarationException;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The shard from the key, or from a Slurm array task's variables: arrays start anywhere and may step. */
class ShardTest {

  @ParameterizedTest(name = "--array from {1} step {2}: task {0} of {3} is {4}")
  @CsvSource(textBlock = """
      0,  0, 1, 3, 1/3
      2,  0, 1, 3, 3/3
      1,  1, 1, 3, 1/3
      3,  1, 1, 3, 3/3
      11, 10, 1, 4, 2/4
      4,  0, 2, 3, 3/3
      """)
  void aSlurmArrayTaskIsItsShard(String id, String min, String step, String count, String expected) {
    Shard s = Shard.of(null, Map.of("SLURM_ARRAY_TASK_ID", id, "SLURM_ARRAY_TASK_MIN", min, "SLURM_ARRAY_TASK_STEP",
        step, "SLURM_ARRAY_TASK_COUNT", count)).orElseThrow();
    assertThat(s.toString()).isEqualTo(expected);
    assertThat(s.source()).contains("SLURM_ARRAY_TASK_ID=" + id);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(textBlock = """
      2/3
      1/1
      """)
  void theKeyWinsOverSlurm(String value) {
    Shard s = Shard.of(value, Map.of("SLURM_ARRAY_TASK_ID", "0", "SLURM_ARRAY_TASK_COUNT", "3")).orElseThrow();
    assertThat(s.toString()).isEqualTo(value);
    assertThat(s.source()).isEqualTo("gpubench.shard=" + value);
  }

  @ParameterizedTest(name = "task {0}")
  @CsvSource(textBlock = """
      5, 1, 1, 3
      8, 1, 3, 3
      x, 0, 1, 3
      """)
  void aTaskTheArrayCannotMapIsAnErrorSayingWhatToSet(String id, String min, String step, String count) {
    assertThatThrownBy(() -> Shard.of(null, Map.of("SLURM_ARRAY_TASK_ID", id, "SLURM_ARRAY_TASK_MIN", min,
        "SLURM_ARRAY_TASK_STEP", step, "SLURM_ARRAY_TASK_COUNT", count)))
        .isInstanceOf(InvalidDeclarationException.class)
        .hasMessageContaining("SLURM_ARRAY_TASK_ID=" + id)
        .hasMessageContaining("set gpubench.shard to I/N");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(textBlock = """
      SLURM_ARRAY_JOB_ID, 4242, slurm-4242
      GITHUB_RUN_ID, 99, github-99
      CI_PIPELINE_ID, 7, gitlab-7
      """)
  void theShardsOfOneRunShareTheCisId(String variable, String value, String run) {
    assertThat(ShardSettings.of("1/2", null, null, null, Map.of(variable, value)).run()).isEqualTo(run);
    assertThat(ShardSettings.of("1/2", null, null, "mine", Map.of(variable, value)).run()).isEqualTo("mine");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(textBlock = """
      ''
      """)
  void noKeyAndNoArrayIsTheWholeSuite(String blank) {
    assertThat(Shard.of(blank, Map.of())).isEmpty();
    assertThat(Shard.of(null, Map.of("SLURM_JOB_ID", "5"))).isEmpty();
  }
}
