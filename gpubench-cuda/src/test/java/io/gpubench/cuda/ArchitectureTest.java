package io.gpubench.cuda;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * gpubench-cuda's floors, checked on its main classes: no package cycle; each floor imports only the floors below it
 * (bindings, then the user's handles and the case's resources, then NCCL, telemetry, the kernel audit and the
 * profiler hooks, then the engine-facing backend on top); and nothing of the engine, nor of any other gpubench module
 * but the API. The rules fail with the class and the dependency at fault, such as
 * {@code Class <io.gpubench.cuda.internal.jna.CudaLibs> ... depends on <io.gpubench.cuda.CudaException>}.
 */
class ArchitectureTest {
  // The module's own classes only: its class folder (or jar), found from a class in it, not every class path entry.
  static final JavaClasses MAIN = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importUrl(Cuda.class.getProtectionDomain().getCodeSource().getLocation());

  // One slice per package. Not "io.gpubench.cuda.(**)": that pattern needs a part after "cuda.", so the root package
  // would be no slice, and the cycle this module had (cuda -> jna -> cuda, through CudaException) would pass.
  static final ArchRule NO_PACKAGE_CYCLE = slices().matching("io.gpubench.(**)").should().beFreeOfCycles();

  static final ArchRule FLOORS = layeredArchitecture().consideringOnlyDependenciesInLayers()
      .layer("bindings").definedBy("io.gpubench.cuda.internal.jna..")
      .layer("handles").definedBy("io.gpubench.cuda")
      .layer("services").definedBy("io.gpubench.cuda.nccl..", "io.gpubench.cuda.internal.telemetry..",
          "io.gpubench.cuda.internal.audit..", "io.gpubench.cuda.internal.profiler..")
      .layer("backend").definedBy("io.gpubench.cuda.internal.backend..")
      .whereLayer("backend").mayNotBeAccessedByAnyLayer()
      .whereLayer("services").mayOnlyBeAccessedByLayers("backend")
      .whereLayer("handles").mayOnlyBeAccessedByLayers("services", "backend")
      .whereLayer("bindings").mayOnlyBeAccessedByLayers("handles", "services", "backend");

  static final ArchRule NO_ENGINE = noClasses().should().dependOnClassesThat()
      .resideInAnyPackage("io.gpubench.engine..", "io.gpubench.results..", "io.gpubench.djl..", "io.gpubench.maven..")
      .because("gpubench-cuda is a jar for benchmark code: it meets the engine through io.gpubench.api.spi only");

  static final ArchRule ONLY_THE_API_JNA_AND_THE_JDK = classes().should().onlyDependOnClassesThat()
      .resideInAnyPackage("java..", "com.sun.jna..", "io.gpubench.api..", "io.gpubench.cuda..", "org.apiguardian..")
      .because("gpubench-cuda's compile dependencies are gpubench-api and JNA");

  @Test
  void noPackageCycle() {
    NO_PACKAGE_CYCLE.check(MAIN);
  }

  @Test
  void eachFloorImportsOnlyTheFloorsBelowIt() {
    FLOORS.check(MAIN);
  }

  @Test
  void nothingOfTheEngine() {
    NO_ENGINE.check(MAIN);
    ONLY_THE_API_JNA_AND_THE_JDK.check(MAIN);
  }

  @Test
  void theRulesSeeEveryPackage() {
    // A rule over an import that found nothing, or missed a floor, would pass whatever the code did.
    org.assertj.core.api.Assertions.assertThat(MAIN.stream().map(c -> c.getPackageName()).distinct())
        .contains("io.gpubench.cuda", "io.gpubench.cuda.nccl", "io.gpubench.cuda.internal.jna",
            "io.gpubench.cuda.internal.telemetry", "io.gpubench.cuda.internal.audit",
            "io.gpubench.cuda.internal.profiler", "io.gpubench.cuda.internal.backend")
        .allMatch(p -> p.startsWith("io.gpubench.cuda"));
    org.assertj.core.api.Assertions.assertThat(MAIN.stream().map(c -> c.getSimpleName()))
        .doesNotContain("ArchitectureTest", "CudaFacadeTest");
  }
}
