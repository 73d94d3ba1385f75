package io.gpubench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class GlobTest {

  @Test
  void starIsAnyRunQuestionMarkOneCharacterTheRestLiteral() {
    Glob g = Glob.of(" *[FP16][cuda?0] ");
    assertThat(g.text()).isEqualTo("*[FP16][cuda?0]");
    assertThat(g.matches("x.Gemm#mm[m=2][FP16][cuda:0]")).isTrue();
    assertThat(g.matches("x.Gemm#mm[m=2][FP16][cuda:10]")).isFalse();
    assertThat(g.matches("x.Gemm#mm[m=2][FP32][cuda:0]")).isFalse();
    assertThat(Glob.of("a.b").matches("axb")).as("a dot is a dot").isFalse();
    assertThat(Glob.of("library jackson*").matches("library jackson-databind")).isTrue();
    assertThat(Glob.of("Gemm").matches("GemmBenchmark")).as("whole names only").isFalse();
    assertThat(Glob.of("*").matches(null)).isFalse();
  }

  @Test
  void anEmptyPatternIsRefused() {
    assertThatThrownBy(() -> Glob.of("  ")).hasMessage("a name pattern is empty");
  }
}
