package io.gpubench.engine.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClasspathRoots;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

import examples.CudaOnlyBenchmark;
import examples.FixedSumBenchmark;
import examples.GoodGemmBenchmark;
import examples.MisbehavingBenchmark;
import examples.NamedWorkloadBenchmark;
import examples.NightlyBenchmark;
import examples.invalid.MalformedShapeBenchmark;
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
import org.junit.platform.testkit.engine.EngineExecutionResults;

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
    // No source on the workload: Surefire prefixes a test's name with its method-source ancestors' display names.
    assertThat(workload.getSource()).isEmpty();
    assertThat(workload.getChildren()).extracting(TestDescriptor::getDisplayName).containsExactly(
        "gemm [m=16,n=16,k=8, FP32, cpu]", "gemm [m=16,n=16,k=8, FP16, cpu]", "gemm [m=16,n=16,k=8, TF32, cpu]",
        "gemm [m=24,n=16,k=8, FP32, cpu]", "gemm [m=24,n=16,k=8, FP16, cpu]", "gemm [m=24,n=16,k=8, TF32, cpu]");
    assertThat(workload.getChildren()).allSatisfy(c -> {
      assertThat(c.isTest()).isTrue();
      assertThat(c.getSource()).contains(MethodSource.from(GoodGemmBenchmark.class.getName(), "gemm",
          "io.gpubench.api.BenchContext"));
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
    assertThat(tests.get(0).getDisplayName()).isEqualTo("gemm [m=24,n=16,k=8, FP16, cpu]");
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
        .containsExactly("gemm [m=48,n=48,k=48, FP32, cpu]", "gemm [m=48,n=48,k=48, FP16, cpu]",
            "gemm [m=48,n=48,k=48, TF32, cpu]");
    assertThat(caseNames(EngineKit.gpubench(out)
            .configurationParameter("gpubench.shapes.GoodGemmBenchmark", "m=8,n=8,k=8;m=4,n=4,k=4")
            .configurationParameter("gpubench.precisions", "fp16")))
        .containsExactly("gemm [m=8,n=8,k=8, FP16, cpu]", "gemm [m=4,n=4,k=4, FP16, cpu]");
  }

  @Test
  void aProfileAnotherClassOfTheRunDeclaresFallsBackToTheDefaultShapes() {
    TestDescriptor engine = EngineKit.gpubench(out).configurationParameter("gpubench.profile", "nightly")
        .selectors(selectClass(GoodGemmBenchmark.class), selectClass(NightlyBenchmark.class)).discover()
        .getEngineDescriptor();

    assertThat(engine.getDescendants().stream().filter(TestDescriptor::isTest).map(TestDescriptor::getDisplayName))
        .contains("gemm [m=16,n=16,k=8, FP32, cpu]", "run [n=4096, FP32, cpu]");
  }

  @Test
  void backendsConfigurationNarrowsTheCasesOfEachClass() {
    TestDescriptor engine = EngineKit.gpubench(out).configurationParameter("gpubench.backends", "cuda")
        .selectors(selectClass(GoodGemmBenchmark.class), selectClass(CudaOnlyBenchmark.class)).discover()
        .getEngineDescriptor();

    assertThat(engine.getDescendants().stream().filter(TestDescriptor::isTest).map(TestDescriptor::getDisplayName))
        .containsExactly("nothing [FP32, cuda]");
  }

  @Test
  void invalidClassesBecomeDiscoveryIssuesNamingClassMemberAndValue() {
    EngineDiscoveryResults results = EngineKit.gpubench(out).selectors(selectPackage("examples.invalid")).discover();

    assertThat(results.getDiscoveryIssues()).extracting(DiscoveryIssue::message).containsExactlyInAnyOrder(
        "examples.invalid.MalformedShapeBenchmark @Shape: shape \"m=12,n=12x\": axis \"n\" has value \"12x\","
            + " which is neither a number nor a name (a name starts with a letter, then letters, digits, _ or -)",
        "examples.invalid.NegativeToleranceBenchmark @Tolerance: maxAbs = -0.5: a bound must be finite and"
            + " non-negative",
        "examples.invalid.MissingReferenceBenchmark @Tolerance: is declared but the class has no @Reference method"
            + " to check its @Measure output against",
        "examples.invalid.WrongSignatureBenchmark @Measure run(int): takes [int]; it may take no parameter, a"
            + " BenchContext, a Blackhole, or both",
        "examples.invalid.UnknownCostAxisBenchmark @Cost(flops): \"2*m*q\" uses \"q\", which is not an axis of"
            + " shape \"m=4\"",
        "examples.invalid.DuplicateWorkloadBenchmark @Measure/@Model second(): names its workload \"gemm\", which"
            + " another method of the class already uses",
        "examples.invalid.UndeclaredPrecisionToleranceBenchmark @Tolerance(precision = FP16): names FP16, which the"
            + " class does not run (@Precisions: [FP32]); add FP16 to @Precisions or remove the entry",
        "examples.invalid.ReferenceWithoutToleranceBenchmark @Tolerance: no bound applies to the FP32 cases, whose"
            + " output is compared with @Reference expected(); declare one, e.g. @Tolerance(relL2 = 1e-5), or a"
            + " @Tolerance without a precision for every precision",
        "examples.invalid.ModelWithoutToleranceBenchmark @Tolerance: no bound applies to the FP16 cases, whose"
            + " output is compared with the model's FP32 output; declare one, e.g. @Tolerance(relL2 = 1e-3), or a"
            + " @Tolerance without a precision for every precision",
        "examples.invalid.MalformedRangeBenchmark @Shape: shape \"k=128..1000:128\": axis \"k\" has range"
            + " \"128..1000:128\", which does not end on its step: it would stop at 896; end it at 896 or 1024",
        "examples.invalid.EmptyRangeBenchmark @Shape: shape \"n=2^20..2^10\": axis \"n\" has range \"2^20..2^10\","
            + " which is empty: it starts above its end; write 2^10..2^20",
        "examples.invalid.DuplicateAxisBenchmark @Shape: shape \"(m,n)=(1,2)|(3,4),n=8\": axis \"n\" appears twice",
        "examples.invalid.NameAxisInCostBenchmark @Cost(flops): \"2*n*layout\" uses \"layout\", an axis of names"
            + " (layout=row in shape \"n=4,layout=row\"); @Cost takes numeric axes only: leave it out, or zip the names"
            + " with a numeric axis the cost can use, (layout,f)=(row,1)|(...,2)",
        "examples.invalid.MixedKindAxisBenchmark @Shape: axis \"x\" holds whole numbers in \"x=1\" and names in"
            + " \"x=abc\"; an axis holds numbers or names throughout the class: rename one of them",
        "examples.invalid.DuplicateShapeBenchmark @Shape: shape \"n=2048\" is declared twice (by \"n=2^10..2^11\""
            + " and \"n=2k\"); declare each shape once");
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

  @Test
  void aSubclassOverridingAWorkloadReplacesItAsJUnitReplacesAnOverriddenTest() {
    // It used to be rejected as a second workload named "sum", and the class vanished under Surefire.
    EngineDiscoveryResults discovered = EngineKit.gpubench(out).selectors(selectClass(FixedSumBenchmark.class))
        .discover();
    assertThat(discovered.getDiscoveryIssues()).isEmpty();
    assertThat(single(single(discovered.getEngineDescriptor().getChildren()).getChildren()).getDisplayName())
        .isEqualTo("sum");

    // The subclass's method is the one that runs: the base's returns a wrong sum.
    EngineExecutionResults results = EngineKit.gpubench(out).selectors(selectClass(FixedSumBenchmark.class)).execute();
    results.testEvents().assertStatistics(s -> s.started(1).succeeded(1));
  }

  @Test
  void anInvalidClassIsAClassContainerHoldingOneFailingTestWhateverSelectsIt() {
    // Surefire counts and reports tests by their class container: a lone test under the engine was counted nowhere.
    UniqueId classId = UniqueId.forEngine("gpubench").append("class", MalformedShapeBenchmark.class.getName());
    UniqueId problemId = classId.append("problem", "declaration");
    for (var selector : List.of(selectClass(MalformedShapeBenchmark.class),
        selectMethod(MalformedShapeBenchmark.class, "run"), selectUniqueId(classId), selectUniqueId(problemId))) {
      TestDescriptor engine = EngineKit.gpubench(out).selectors(selector).discover().getEngineDescriptor();

      TestDescriptor cls = single(engine.getChildren());
      assertThat(cls.isContainer()).as(selector.toString()).isTrue();
      assertThat(cls.getSource()).contains(ClassSource.from(MalformedShapeBenchmark.class));
      TestDescriptor problem = single(cls.getChildren());
      assertThat(problem.isTest()).isTrue();
      assertThat(problem.getUniqueId()).isEqualTo(problemId);
      assertThat(problem.getDisplayName()).isEqualTo("invalid @Shape");
      assertThat(problem.getSource()).as("no source, so that no method filter hides it").isEmpty();
    }
  }

  @Test
  void aWorkloadNamedApartFromItsMethodIsTheMethodNameOfItsCasesSource() {
    TestDescriptor engine = EngineKit.gpubench(out).selectors(selectClass(MisbehavingBenchmark.class),
        selectClass(NamedWorkloadBenchmark.class)).discover().getEngineDescriptor();

    assertThat(engine.getDescendants().stream().filter(TestDescriptor::isTest)
            .filter(t -> t.getUniqueId().toString().contains("NamedWorkload")).map(t -> t.getSource().orElseThrow()))
        .singleElement().isEqualTo(MethodSource.from(NamedWorkloadBenchmark.class.getName(), "rowStreaming", ""));
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
