package io.gpubench.maven.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.results.select.CasePattern;
import java.util.List;
import org.junit.jupiter.api.Test;

final class BoundsTest {

  @Test
  void eachLimitBecomesABoundInBaseUnits() {
    List<Bound> bounds = Bounds.compile(List.of(new Rule("GemmBenchmark\n   Conv*",
        List.of(new Limit("median", null, "2.5ms"), new Limit("flopsPerSecond", "50T", null)))));
    assertThat(bounds).hasSize(2);
    assertThat(bounds.get(0).maximum()).isEqualTo(2.5e6);
    assertThat(bounds.get(0).includes()).extracting(CasePattern::text).containsExactly("GemmBenchmark", "Conv*");
    assertThat(bounds.get(1).minimum()).isEqualTo(5e13);
  }

  @Test
  void commasBelongToThePatternBecauseCaseIdsHaveThem() {
    List<Bound> bounds = Bounds.compile(List.of(new Rule("*[m=512,n=512,k=512]* *[FP16]*",
        List.of(new Limit("median", null, "1ms")))));
    assertThat(bounds.get(0).includes()).extracting(CasePattern::text)
        .containsExactly("*[m=512,n=512,k=512]*", "*[FP16]*");
  }

  @Test
  void noRulesIsNoBounds() {
    assertThat(Bounds.compile(null)).isEmpty();
  }

  @Test
  void mistakesAreNamedWithTheRuleAndTheValue() {
    assertThatThrownBy(() -> compile("Gemm*", new Limit("median", null, "2.5")))
        .hasMessageContaining("rule 1 (Gemm*)").hasMessageContaining("maximum of median")
        .hasMessageContaining("'2.5' is not a time");
    assertThatThrownBy(() -> compile("Gemm*", new Limit("speed", "1", null)))
        .hasMessageContaining("rule 1 (Gemm*)").hasMessageContaining("unknown figure 'speed'");
    assertThatThrownBy(() -> compile("Gemm*", new Limit("median", null, null)))
        .hasMessageContaining("neither <minimum> nor <maximum>");
    assertThatThrownBy(() -> compile("Gemm*", new Limit("gap", "2", "1")))
        .hasMessageContaining("minimum 2 above its maximum 1");
    assertThatThrownBy(() -> compile(null, new Limit("gap", null, "1")))
        .hasMessageContaining("<cases> is required");
    assertThatThrownBy(() -> Bounds.compile(List.of(new Rule("Gemm*", List.of()))))
        .hasMessageContaining("has no <limits>");
  }

  private static List<Bound> compile(String cases, Limit limit) {
    return Bounds.compile(List.of(new Rule(cases, List.of(limit))));
  }
}
