package io.gpubench.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ComparingGoalTest {

  @Test
  void aBareNumberOfOneOrMoreIsRefusedNamingWhatItReadsAs() {
    assertThatThrownBy(() -> ComparingGoal.comparator("5", 0.01))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("minEffect 5 reads as 500%")
        .hasMessageContaining("5% or 0.05");
  }

  @Test
  void aPercentageOfOneHundredOrMoreIsTakenAsWritten() {
    assertThat(ComparingGoal.comparator("100%", 0.01).minEffect()).isEqualTo(1.0);
    assertThat(ComparingGoal.comparator("0.05", 0.01).minEffect()).isEqualTo(0.05);
  }
}
