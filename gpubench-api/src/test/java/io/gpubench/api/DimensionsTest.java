package io.gpubench.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One accessor for every kind of axis, widening where nothing is lost and saying why where it cannot read. */
class DimensionsTest {

  enum Layout { ROW, COL }

  enum Clash { ROW, Row }

  private static final Dimensions D = dims();

  private static Dimensions dims() {
    Map<String, Object> axes = new LinkedHashMap<>();
    axes.put("n", 1024L);
    axes.put("big", 5_000_000_000L);
    axes.put("alpha", 0.5);
    axes.put("layout", "row");
    axes.put("fused", "true");
    axes.put("mib", 256L);
    return Dimensions.of(axes);
  }

  @Test
  void eachKindReadsAsTheTypesThatHoldIt() {
    assertThat(D.axis("n", Long.class)).isEqualTo(1024L);
    assertThat(D.axis("n", long.class)).isEqualTo(1024L);
    assertThat(D.axis("n", Integer.class)).isEqualTo(1024);
    assertThat(D.get("n")).isEqualTo(1024);
    assertThat(D.axis("n", Double.class)).isEqualTo(1024.0);
    assertThat(D.axis("n", String.class)).isEqualTo("1024");
    assertThat(D.axis("alpha", Double.class)).isEqualTo(0.5);
    assertThat(D.axis("alpha", float.class)).isEqualTo(0.5f);
    assertThat(D.axis("alpha", String.class)).isEqualTo("0.5");
    assertThat(D.axis("layout", String.class)).isEqualTo("row");
    assertThat(D.axis("layout", Layout.class)).isEqualTo(Layout.ROW);
    assertThat(D.axis("fused", Boolean.class)).isTrue();
    assertThat(D.value("layout")).isEqualTo(AxisValue.name("row"));
    assertThat(D.numbers()).containsOnlyKeys("n", "big", "alpha", "mib");
  }

  @Test
  void whatCannotBeReadSaysWhatToReadItAs() {
    assertThatThrownBy(() -> D.axis("alpha", Long.class)).hasMessage(
        "axis 'alpha' = 0.5 is a real number, not a whole number, so it cannot be read as Long; read it as Double");
    assertThatThrownBy(() -> D.get("layout")).hasMessage(
        "axis 'layout' = row is a name, not a whole number, so it cannot be read as Integer; read it as String or an"
            + " enum");
    assertThatThrownBy(() -> D.axis("layout", Double.class)).hasMessage(
        "axis 'layout' = row is a name, not a number, so it cannot be read as Double; read it as String or an enum");
    assertThatThrownBy(() -> D.get("big")).hasMessage("axis 'big' = 5000000000 does not fit an int; read it as Long");
    assertThatThrownBy(() -> D.axis("layout", Boolean.class)).hasMessage(
        "axis 'layout' = row is not true or false, so it cannot be read as Boolean");
    assertThatThrownBy(() -> D.axis("n", java.math.BigDecimal.class)).hasMessage(
        "axis 'n' cannot be read as BigDecimal; read it as String, Long, Integer, Double, Float, Boolean or an enum");
    assertThatThrownBy(() -> D.axis("m", Long.class)).hasMessage(
        "no axis 'm' in shape n=1024,big=5000000000,alpha=0.5,layout=row,fused=true,mib=256 (axes: [n, big, alpha,"
            + " layout, fused, mib])");
  }

  @Test
  void aNameThatIsNoConstantListsTheConstants() {
    Dimensions d = Dimensions.of(Map.of("layout", "diag"));
    assertThatThrownBy(() -> d.axis("layout", Layout.class)).hasMessage(
        "axis 'layout' = diag is not a constant of Layout (ROW, COL); give the axis one of them (row|col)");
    assertThatThrownBy(() -> Dimensions.of(Map.of("c", "rOW")).axis("c", Clash.class)).hasMessage(
        "axis 'c' = rOW matches both ROW and Row of Clash when case is ignored; write the constant as declared");
    assertThat(Dimensions.of(Map.of("c", "Row")).axis("c", Clash.class)).isEqualTo(Clash.Row);
  }

  @Test
  void namesAndLabelsShowEveryAxisWithSizesInTheirUnits() {
    assertThat(D.toString()).isEqualTo("n=1024,big=5000000000,alpha=0.5,layout=row,fused=true,mib=256");
    assertThat(D.label()).isEqualTo("n=1024,big=5000000000,alpha=0.5,layout=row,fused=true,256 MiB");
    assertThat(D.compact()).isEqualTo("1024x5000000000x0.5xrowxtruex256 MiB");
  }

  @Test
  void valuesAreCheckedWhenMade() {
    assertThatThrownBy(() -> AxisValue.name("a,b")).hasMessageContaining("\"a,b\" is not a name");
    assertThatThrownBy(() -> AxisValue.name("a..b")).hasMessageContaining("is not a name");
    assertThatThrownBy(() -> AxisValue.real(Double.NaN)).hasMessageContaining("must be finite");
    assertThatThrownBy(() -> AxisValue.of(new Object())).hasMessageContaining("an axis value is a whole number");
    assertThat(AxisValue.of(3)).isEqualTo(AxisValue.whole(3));
    assertThat(AxisValue.of(0.25f)).isEqualTo(AxisValue.real(0.25));
  }
}
