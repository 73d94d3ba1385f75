package io.gpubench.engine.declaration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.api.Dimensions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParsersTest {

  @Test
  void shapesExpandTheirCartesianProductInOrder() {
    List<Dimensions> shapes = ShapeParser.parse("m=1|2, n=4k, k=1M|3");

    assertThat(shapes).extracting(Dimensions::toString).containsExactly(
        "m=1,n=4096,k=1048576", "m=1,n=4096,k=3", "m=2,n=4096,k=1048576", "m=2,n=4096,k=3");
    assertThat(shapes.get(0).compact()).isEqualTo("1x4096x1048576");
  }

  @Test
  void malformedShapesSayWhatIsWrong() {
    assertThatThrownBy(() -> ShapeParser.parse("m=12,n=12x")).hasMessage(
        "shape \"m=12,n=12x\": axis \"n\" has value \"12x\", which is neither a number nor a name (a name starts"
            + " with a letter, then letters, digits, _ or -)");
    assertThatThrownBy(() -> ShapeParser.parse("m=0")).hasMessageContaining("sizes must be positive");
    assertThatThrownBy(() -> ShapeParser.parse("m")).hasMessageContaining("\"m\" is not axis=value");
    assertThatThrownBy(() -> ShapeParser.parse("m=1,m=2")).hasMessageContaining("axis \"m\" appears twice");
  }

  @Test
  void costExpressionsEvaluateWithPrecedenceAndParentheses() {
    CostExpression e = CostExpression.parse("2*m*n*k + e*(m*k - -k)/2");
    assertThat(e.variables()).containsExactly("e", "k", "m", "n");
    assertThat(e.evaluate(Map.of("m", 8, "n", 4, "k", 2, "e", 2))).isEqualTo(2 * 8 * 4 * 2 + 2 * (8 * 2 + 2) / 2.0);
    assertThat(CostExpression.parse("1.5e3 * x").evaluate(Map.of("x", 2))).isEqualTo(3000.0);
  }

  @Test
  void costsUseWholeAndRealAxesAndNeverANameAxis() {
    Dimensions d = ShapeParser.parse("n=4,alpha=0.5,layout=row").get(0);
    CostExpression e = CostExpression.parse("2*n*alpha");
    assertThat(BenchmarkDeclaration.Cost.evaluate(e, d, io.gpubench.api.Precision.FP32)).isEqualTo(4.0);
    assertThat(e.nameAxis(d)).isEmpty();
    assertThat(CostExpression.parse("n*layout").nameAxis(d)).contains("layout");
  }

  @Test
  void badCostExpressionsNameThePosition() {
    assertThatThrownBy(() -> CostExpression.parse("2*(m+n")).hasMessage(
        "cost expression \"2*(m+n\" at position 6: missing ')'");
    assertThatThrownBy(() -> CostExpression.parse("2 ** m")).hasMessageContaining("unexpected '*'");
    assertThatThrownBy(() -> CostExpression.parse("m*z").evaluate(Map.of("m", 1)))
        .hasMessageContaining("uses \"z\", which is not an axis");
  }
}
