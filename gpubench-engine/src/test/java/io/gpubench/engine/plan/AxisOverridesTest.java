package io.gpubench.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import examples.axes.KindsBenchmark;
import examples.axes.ZippedBenchmark;
import io.gpubench.engine.EngineKit;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.testkit.engine.EngineDiscoveryResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * {@code gpubench.axes.<Class>.<axis>} and {@code gpubench.axes.<axis>}: one axis's values replaced, the rest of each
 * shape kept, values the class does not declare allowed, and every key that cannot be honoured an error naming it.
 */
class AxisOverridesTest {
  @TempDir Path out;

  @Test
  void aClassKeyReplacesOneAxisInEveryShapeAndKeepsTheRest() {
    assertThat(names(kit().configurationParameter("gpubench.axes.KindsBenchmark.layout", "diag"), KindsBenchmark.class))
        .containsExactly("run [n=8,alpha=0.5,layout=diag, FP32, cpu]", "run [n=8,alpha=1.0,layout=diag, FP32, cpu]",
            "run [n=16,alpha=0.5,layout=diag, FP32, cpu]", "run [n=16,alpha=1.0,layout=diag, FP32, cpu]");
  }

  @Test
  void anAxisKeyReachesEveryClassThatHasTheAxisInAnyForm() {
    EngineTestKit.Builder kit = kit().configurationParameter("gpubench.axes.n", "2^5..2^6")
        .configurationParameter("gpubench.axes.alpha", "2")
        .configurationParameter("gpubench.axes.layout", "col")
        .configurationParameter("gpubench.axes.m", "32");
    List<String> names = names(kit, KindsBenchmark.class, ZippedBenchmark.class);

    // n from a range, alpha a whole number read as real on a real axis, layout one value; the zipped m replaced in
    // each tuple, its layer and k kept.
    assertThat(names).containsExactly("run [n=32,alpha=2.0,layout=col, FP32, cpu]",
        "run [n=64,alpha=2.0,layout=col, FP32, cpu]", "run [layer=qkv,m=32,k=8,dtype=e4m3, FP32, cpu]",
        "run [layer=qkv,m=32,k=8,dtype=e5m2, FP32, cpu]", "run [layer=mlp,m=32,k=32,dtype=e4m3, FP32, cpu]",
        "run [layer=mlp,m=32,k=32,dtype=e5m2, FP32, cpu]");
  }

  @Test
  void aClassKeyWinsOverAnAxisKeyAndTheQualifiedNameOverTheSimpleOne() {
    EngineTestKit.Builder kit = kit().configurationParameter("gpubench.axes.layout", "col")
        .configurationParameter("gpubench.axes.KindsBenchmark.layout", "row")
        .configurationParameter("gpubench.axes.examples.axes.KindsBenchmark.n", "4")
        .configurationParameter("gpubench.axes.KindsBenchmark.n", "2");
    assertThat(names(kit, KindsBenchmark.class)).containsExactly("run [n=4,alpha=0.5,layout=row, FP32, cpu]",
        "run [n=4,alpha=1.0,layout=row, FP32, cpu]");
  }

  @Test
  void valuesOfAnotherKindThanTheAxisHoldsFailTheClass() {
    assertThat(problem(kit().configurationParameter("gpubench.axes.KindsBenchmark.n", "row"))).isEqualTo(
        "examples.axes.KindsBenchmark configuration gpubench.axes.KindsBenchmark.n: \"row\" gives axis \"n\" names,"
            + " but in KindsBenchmark it holds whole numbers (8, 16); give it whole numbers");
    assertThat(problem(kit().configurationParameter("gpubench.axes.n", "0.5"))).isEqualTo(
        "examples.axes.KindsBenchmark configuration gpubench.axes.n: \"0.5\" gives axis \"n\" real numbers, but in"
            + " KindsBenchmark it holds whole numbers (8, 16); give it whole numbers");
    assertThat(problem(kit().configurationParameter("gpubench.axes.layout", "1|2"))).isEqualTo(
        "examples.axes.KindsBenchmark configuration gpubench.axes.layout: \"1|2\" gives axis \"layout\" whole numbers,"
            + " but in KindsBenchmark it holds names (row, col); give it names");
  }

  @Test
  void aClassKeyForAnAxisTheClassLacksFailsTheClassListingItsAxes() {
    assertThat(problem(kit().configurationParameter("gpubench.axes.KindsBenchmark.lyout", "row"))).isEqualTo(
        "examples.axes.KindsBenchmark configuration gpubench.axes.KindsBenchmark.lyout: \"row\" sets axis \"lyout\","
            + " which KindsBenchmark does not have; its axes are n, alpha, layout; did you mean layout?");
  }

  @Test
  void anAxisKeyNoClassOfTheRunHasFailsEveryClassNamingTheClassesAxes() {
    EngineDiscoveryResults d = kit().configurationParameter("gpubench.axes.batch", "64")
        .selectors(selectClass(KindsBenchmark.class), selectClass(ZippedBenchmark.class)).discover();
    assertThat(d.getDiscoveryIssues()).extracting(DiscoveryIssue::message).contains(
        "configuration gpubench.axes.batch = \"64\" sets axis \"batch\", which no class of this run has: the classes'"
            + " axes: KindsBenchmark has n, alpha, layout; ZippedBenchmark has layer, m, k, dtype");
    assertThat(d.getEngineDescriptor().getDescendants()).filteredOn(TestDescriptor::isTest)
        .extracting(TestDescriptor::getDisplayName).containsOnly("invalid configuration gpubench.axes.batch");
  }

  private EngineTestKit.Builder kit() {
    return EngineKit.gpubench(out);
  }

  private static String problem(EngineTestKit.Builder kit) {
    EngineDiscoveryResults d = kit.selectors(selectClass(KindsBenchmark.class)).discover();
    assertThat(d.getDiscoveryIssues()).hasSize(1);
    return d.getDiscoveryIssues().get(0).message();
  }

  private static List<String> names(EngineTestKit.Builder kit, Class<?>... classes) {
    EngineDiscoveryResults d = kit.selectors(java.util.Arrays.stream(classes)
        .map(c -> selectClass(c)).toArray(org.junit.platform.engine.DiscoverySelector[]::new)).discover();
    assertThat(d.getDiscoveryIssues()).isEmpty();
    return d.getEngineDescriptor().getDescendants().stream().filter(TestDescriptor::isTest)
        .map(TestDescriptor::getDisplayName).toList();
  }
}
