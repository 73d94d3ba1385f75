package io.gpubench.engine.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClasspathRoots;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

import examples.GoodGemmBenchmark;
import examples.MisbehavingBenchmark;
import io.gpubench.engine.EngineKit;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.discovery.ClassNameFilter;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.testkit.engine.EngineDiscoveryResults;

class DiscoveryTest {
  @TempDir Path out;

  @Test
  void classSelectorMakesOneTestPerShapePrecisionAndBackend() {
    TestDescriptor engine = EngineKit.gpubench(out).selectors(selectClass(GoodGemmBenchmark.class)).discover()
        .getEngineDescriptor();

    TestDescriptor cls = single(engine.getChildren());
    assertThat(cls.isContainer()).isTrue();
    assertThat(cls.getSource()).contains(ClassSource.from(GoodGemmBenchmark.class));
    TestDescriptor workload = single(cls.getChildren());
    assertThat(workload.getDisplayName()).isEqualTo("gemm");
    assertThat(workload.getSource()).get().isInstanceOf(MethodSource.class);
    assertThat(workload.getChildren()).extracting(TestDescriptor::getDisplayName).containsExactly(
        "gemm [16x16x8, FP32, cpu]", "gemm [16x16x8, FP16, cpu]", "gemm [16x16x8, TF32, cpu]",
        "gemm [24x16x8, FP32, cpu]", "gemm [24x16x8, FP16, cpu]", "gemm [24x16x8, TF32, cpu]");
    assertThat(workload.getChildren()).allSatisfy(c -> {
      assertThat(c.isTest()).isTrue();
      assertThat(c.getSource()).get().isInstanceOf(MethodSource.class);
    });
  }

  @Test
  void methodSelectorMatchesThatWorkloadAlone() {
    TestDescriptor engine = EngineKit.gpubench(out)
        .selectors(selectMethod(MisbehavingBenchmark.class, "throwsError")).discover().getEngineDescriptor();

    TestDescriptor cls = single(engine.getChildren());
    assertThat(cls.getChildren()).extracting(TestDescriptor::getDisplayName).containsExactly("throwsError");
  }

  @Test
  void uniqueIdSelectorOfACaseMatchesThatCaseAlone() {
    UniqueId id = UniqueId.forEngine("gpubench").append("class", GoodGemmBenchmark.class.getName())
        .append("workload", "gemm").append("case", "m=24,n=16,k=8|FP16|cpu");

    TestDescriptor engine = EngineKit.gpubench(out).selectors(selectUniqueId(id)).discover().getEngineDescriptor();

    List<? extends TestDescriptor> tests = engine.getDescendants().stream().filter(TestDescriptor::isTest).toList();
    assertThat(tests).extracting(TestDescriptor::getUniqueId).containsExactly(id);
    assertThat(tests.get(0).getDisplayName()).isEqualTo("gemm [24x16x8, FP16, cpu]");
  }

  @Test
  void uniqueIdSelectorOfAWorkloadMatchesAllItsCases() {
    UniqueId id = UniqueId.forEngine("gpubench").append("class", GoodGemmBenchmark.class.getName())
        .append("workload", "gemm");

    TestDescriptor engine = EngineKit.gpubench(out).selectors(selectUniqueId(id)).discover().getEngineDescriptor();

    assertThat(engine.getDescendants().stream().filter(TestDescriptor::isTest)).hasSize(6);
  }

  @Test
  void packageSelectorHonoursClassNameFilters() {
    TestDescriptor engine = EngineKit.gpubench(out).selectors(selectPackage("examples"))
        .filters(ClassNameFilter.includeClassNamePatterns(".*GoodGemm.*")).discover().getEngineDescriptor();

    assertThat(engine.getChildren()).extracting(TestDescriptor::getDisplayName).containsExactly("GoodGemmBenchmark");
  }

  @Test
  void classpathRootSelectorFindsBenchmarkClassesOnly() throws Exception {
    Path root = Path.of(GoodGemmBenchmark.class.getProtectionDomain().getCodeSource().getLocation().toURI());

    TestDescriptor engine = EngineKit.gpubench(out).selectors(selectClasspathRoots(Set.of(root)))
        .filters(ClassNameFilter.includeClassNamePatterns("examples\\.[A-Z].*")).discover().getEngineDescriptor();

    assertThat(engine.getChildren()).extracting(TestDescriptor::getDisplayName)
        .contains("GoodGemmBenchmark", "MisbehavingBenchmark", "OptInBenchmark")
        .doesNotContain("HostGemm", "DjlMatmulBenchmark", "DiscoveryTest");
  }

  @Test
  void profileSelectsItsShapesAndConfigurationOverridesThem() {
    assertThat(caseNames(EngineKit.gpubench(out).configurationParameter("gpubench.profile", "full")))
        .containsExactly("gemm [48x48x48, FP32, cpu]", "gemm [48x48x48, FP16, cpu]", "gemm [48x48x48, TF32, cpu]");
    assertThat(caseNames(EngineKit.gpubench(out)
            .configurationParameter("gpubench.shapes.GoodGemmBenchmark", "m=8,n=8,k=8;m=4,n=4,k=4")
            .configurationParameter("gpubench.precisions", "fp16")))
        .containsExactly("gemm [8x8x8, FP16, cpu]", "gemm [4x4x4, FP16, cpu]");
  }

  @Test
  void anUnknownProfileFallsBackToTheDefaultShapes() {
    assertThat(caseNames(EngineKit.gpubench(out).configurationParameter("gpubench.profile", "nightly")))
        .hasSize(6).first().isEqualTo("gemm [16x16x8, FP32, cpu]");
  }

  @Test
  void backendsConfigurationNarrowsTheCases() {
    assertThat(caseNames(EngineKit.gpubench(out).configurationParameter("gpubench.backends", "cuda"))).isEmpty();
  }

  @Test
  void invalidClassesBecomeDiscoveryIssuesNamingClassMemberAndValue() {
    EngineDiscoveryResults results = EngineKit.gpubench(out).selectors(selectPackage("examples.invalid")).discover();

    assertThat(results.getDiscoveryIssues()).extracting(DiscoveryIssue::message).containsExactlyInAnyOrder(
        "examples.invalid.MalformedShapeBenchmark @Shape: shape \"m=12,n=abc\": axis \"n\" has value \"abc\","
            + " which is not a whole number",
        "examples.invalid.NegativeToleranceBenchmark @Tolerance: maxAbs = -0.5: a bound must be finite and"
            + " non-negative",
        "examples.invalid.MissingReferenceBenchmark @Tolerance: is declared but the class has no @Reference method"
            + " to check its @Measure output against",
        "examples.invalid.WrongSignatureBenchmark @Measure run(int): takes [int]; it may take no parameter, a"
            + " BenchContext, a Blackhole, or both",
        "examples.invalid.UnknownCostAxisBenchmark @Cost(flops): \"2*m*q\" uses \"q\", which is not an axis of"
            + " shape \"m=4\"",
        "examples.invalid.DuplicateWorkloadBenchmark @Measure/@Model second(): names its workload \"gemm\", which"
            + " another method of the class already uses");
    assertThat(results.getDiscoveryIssues()).allSatisfy(i -> {
      assertThat(i.severity()).isEqualTo(DiscoveryIssue.Severity.WARNING);
      assertThat(i.source()).get().isInstanceOf(ClassSource.class);
    });
  }

  @Test
  void aBadShapeOverrideFailsThatClassWithTheKeyAndValue() {
    EngineDiscoveryResults results = EngineKit.gpubench(out).selectors(selectClass(GoodGemmBenchmark.class))
        .configurationParameter("gpubench.shapes.GoodGemmBenchmark", "m=8,n=8").discover();

    assertThat(results.getDiscoveryIssues()).singleElement().extracting(DiscoveryIssue::message).isEqualTo(
        "examples.GoodGemmBenchmark configuration gpubench.shapes.GoodGemmBenchmark: shape \"m=8,n=8\" lacks axis"
            + " \"k\" that @Cost \"2*m*n*k\" uses");
  }

  private List<String> caseNames(org.junit.platform.testkit.engine.EngineTestKit.Builder kit) {
    return kit.selectors(selectClass(GoodGemmBenchmark.class)).discover().getEngineDescriptor().getDescendants()
        .stream().filter(TestDescriptor::isTest).map(TestDescriptor::getDisplayName).toList();
  }

  private static TestDescriptor single(Set<? extends TestDescriptor> children) {
    assertThat(children).hasSize(1);
    return children.iterator().next();
  }
}
