package io.gpubench.engine.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import examples.axes.KindsBenchmark;
import examples.axes.LayoutSeriesBenchmark;
import examples.axes.RangesBenchmark;
import examples.axes.SeriesBenchmark;
import examples.axes.ZippedBenchmark;
import io.gpubench.engine.EngineKit;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.testkit.engine.EngineTestKit;

/** Every kind of axis as discovery names its cases, and the names {@code -Dtest} selects them by. */
class AxesDiscoveryTest {
  @TempDir Path out;

  @Test
  void wholeRealAndNameAxesNameTheirCasesInDeclarationOrder() {
    assertThat(names(kit(), selectClass(KindsBenchmark.class))).containsExactly(
        "run [n=8,alpha=0.5,layout=row, FP32, cpu]", "run [n=8,alpha=0.5,layout=col, FP32, cpu]",
        "run [n=8,alpha=1.0,layout=row, FP32, cpu]", "run [n=8,alpha=1.0,layout=col, FP32, cpu]",
        "run [n=16,alpha=0.5,layout=row, FP32, cpu]", "run [n=16,alpha=0.5,layout=col, FP32, cpu]",
        "run [n=16,alpha=1.0,layout=row, FP32, cpu]", "run [n=16,alpha=1.0,layout=col, FP32, cpu]");
    assertThat(ids(kit(), selectClass(KindsBenchmark.class))).startsWith(
        "[engine:gpubench]/[class:examples.axes.KindsBenchmark]/[workload:run]/[case:n=8,alpha=0.5,layout=row|FP32|cpu]");
  }

  @Test
  void rangesExpandToEveryStep() {
    assertThat(names(kit(), selectClass(RangesBenchmark.class))).containsExactly(
        "run [k=128,n=4, FP32, cpu]", "run [k=128,n=16, FP32, cpu]", "run [k=128,n=64, FP32, cpu]",
        "run [k=256,n=4, FP32, cpu]", "run [k=256,n=16, FP32, cpu]", "run [k=256,n=64, FP32, cpu]",
        "run [k=384,n=4, FP32, cpu]", "run [k=384,n=16, FP32, cpu]", "run [k=384,n=64, FP32, cpu]",
        "run [k=512,n=4, FP32, cpu]", "run [k=512,n=16, FP32, cpu]", "run [k=512,n=64, FP32, cpu]");
  }

  @Test
  void zippedAxesTakeTheirValuesTogetherAndNameEachAxis() {
    assertThat(names(kit(), selectClass(ZippedBenchmark.class))).containsExactly(
        "run [layer=qkv,m=16,k=8,dtype=e4m3, FP32, cpu]", "run [layer=qkv,m=16,k=8,dtype=e5m2, FP32, cpu]",
        "run [layer=mlp,m=16,k=32,dtype=e4m3, FP32, cpu]", "run [layer=mlp,m=16,k=32,dtype=e5m2, FP32, cpu]");
  }

  @Test
  void aClassKeepsItsIdsWhenAnotherClassOfTheRunHasAnAxisItLacks() {
    List<String> alone = ids(kit(), selectClass(SeriesBenchmark.class));
    List<String> together = ids(kit(), selectClass(SeriesBenchmark.class), selectClass(LayoutSeriesBenchmark.class))
        .stream().filter(id -> id.contains("[class:examples.axes.SeriesBenchmark]")).toList();
    List<String> overridden = ids(kit().configurationParameter("gpubench.axes.layout", "diag"),
        selectClass(SeriesBenchmark.class), selectClass(LayoutSeriesBenchmark.class))
        .stream().filter(id -> id.contains("[class:examples.axes.SeriesBenchmark]")).toList();

    assertThat(alone).hasSize(2).isEqualTo(together).isEqualTo(overridden);
    assertThat(alone.get(0)).endsWith("[case:n=8|FP32|cpu]");
  }

  @Test
  void aSurefirePatternThatNamesCasesGivesThoseCasesTheirDisplayNameAsMethodName() {
    Map<String, String> methods = methodNames(kit().configurationParameter("test", "KindsBenchmark#run*layout=col*"));
    assertThat(methods).hasSize(8);
    methods.forEach((display, method) ->
        assertThat(method).isEqualTo(display.contains("layout=col") ? display : "run"));

    // A pattern that names the workload keeps the workload's name on every case: -Dtest=Class#workload as before.
    assertThat(methodNames(kit().configurationParameter("test", "KindsBenchmark#run")).values()).containsOnly("run");
    assertThat(methodNames(kit().configurationParameter("test", "io.other.Benchmark#run*col*")).values())
        .containsOnly("run");
    // An exclusion by name shows the name, so that Surefire's own exclusion removes exactly those cases.
    assertThat(methodNames(kit().configurationParameter("test", "KindsBenchmark, !KindsBenchmark#*alpha=1.0*")))
        .allSatisfy((display, method) -> assertThat(method).isEqualTo(display.contains("alpha=1.0") ? display : "run"));
  }

  private EngineTestKit.Builder kit() {
    return EngineKit.gpubench(out);
  }

  private static List<String> names(EngineTestKit.Builder kit, DiscoverySelector... selectors) {
    return tests(kit, selectors).stream().map(TestDescriptor::getDisplayName).toList();
  }

  private static List<String> ids(EngineTestKit.Builder kit, DiscoverySelector... selectors) {
    return tests(kit, selectors).stream().map(t -> t.getUniqueId().toString()).toList();
  }

  private static Map<String, String> methodNames(EngineTestKit.Builder kit) {
    return tests(kit, selectClass(KindsBenchmark.class)).stream().collect(Collectors.toMap(
        TestDescriptor::getDisplayName, t -> ((MethodSource) t.getSource().orElseThrow()).getMethodName(),
        (a, b) -> a, java.util.LinkedHashMap::new));
  }

  private static List<TestDescriptor> tests(EngineTestKit.Builder kit, DiscoverySelector... selectors) {
    var discovered = kit.selectors(selectors).discover();
    assertThat(discovered.getDiscoveryIssues()).isEmpty();
    return discovered.getEngineDescriptor().getDescendants().stream().filter(TestDescriptor::isTest)
        .map(TestDescriptor.class::cast).toList();
  }
}
