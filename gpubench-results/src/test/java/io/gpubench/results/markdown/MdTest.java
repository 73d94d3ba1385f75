package io.gpubench.results.markdown;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.results.compare.Figures;
import org.junit.jupiter.api.Test;

class MdTest {

  @Test
  void codeSpansShowIdsAsThemselvesWhateverTheirBackticks() {
    assertThat(Md.code("Gemm#mm[m=2][FP16]")).isEqualTo("`Gemm#mm[m=2][FP16]`");
    assertThat(Md.code("a`b")).isEqualTo("``a`b``");
    assertThat(Md.code("`x`")).isEqualTo("`` `x` ``");
    assertThat(Md.code("a|b\nc")).isEqualTo("`a\\|b c`");
    assertThat(Md.code(null)).isEmpty();
  }

  @Test
  void tableCellsAreEscapedUnlessAddedAsMarkdown() {
    Md.Table t = new Md.Table("Case", "Verdict");
    t.row("a|b", "*x*");
    t.markdownRow("`a|b`", "**SLOWER**");
    assertThat(t.render()).isEqualTo("| Case | Verdict |\n|---|---|\n| a\\|b | \\*x\\* |\n| `a|b` | **SLOWER** |\n");
    assertThatThrownBy(() -> t.row("one")).hasMessage("a row of 1 cells in a table of 2 columns");
  }

  @Test
  void anIntervalOfDurationsSharesItsMediansUnit() {
    assertThat(Figures.durationRange(1_229_000, 1_241_000, 1_234_000)).isEqualTo("1.229–1.241 ms");
    assertThat(Figures.durationRange(998, 1_003, 1_000)).isEqualTo("0.998–1.003 µs");
    assertThat(Figures.durationRange(Double.NaN, 1, 1)).isEqualTo(Figures.ABSENT);
  }
}
