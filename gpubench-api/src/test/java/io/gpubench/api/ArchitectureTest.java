package io.gpubench.api;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * gpubench-api's floors, checked on its main classes: the annotations and the context at the bottom, the result
 * records on them, the engine's service interfaces on top; no package cycle; nothing but the JDK and JUnit's commons
 * annotations (the jar every user compiles against drags nothing in).
 */
class ArchitectureTest {
  // the module's own classes only: its class folder (or jar), found from a class in it
  static final JavaClasses MAIN = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importUrl(GpuBenchmark.class.getProtectionDomain().getCodeSource().getLocation());

  static final ArchRule NO_PACKAGE_CYCLE = slices().matching("io.gpubench.(**)").should().beFreeOfCycles();

  static final ArchRule FLOORS = layeredArchitecture().consideringOnlyDependenciesInLayers()
      .layer("declarations").definedBy("io.gpubench.api")
      .layer("results").definedBy("io.gpubench.api.result..")
      .layer("spi").definedBy("io.gpubench.api.spi..")
      .whereLayer("spi").mayNotBeAccessedByAnyLayer()
      .whereLayer("results").mayOnlyBeAccessedByLayers("spi")
      .whereLayer("declarations").mayOnlyBeAccessedByLayers("results", "spi");

  static final ArchRule ONLY_THE_JDK = classes().should().onlyDependOnClassesThat()
      .resideInAnyPackage("java..", "io.gpubench.api..", "org.junit.platform.commons.annotation..",
          "org.apiguardian..")
      .because("gpubench-api is what every benchmark compiles against: it depends on nothing but the JDK");

  @Test
  void noPackageCycle() {
    NO_PACKAGE_CYCLE.check(MAIN);
  }

  @Test
  void eachFloorImportsOnlyTheFloorsBelowIt() {
    FLOORS.check(MAIN);
  }

  @Test
  void nothingButTheJdk() {
    ONLY_THE_JDK.check(MAIN);
  }

  @Test
  void theRulesSeeEveryPackage() {
    // a package the floors do not name would be checked by nothing
    assertThat(MAIN.stream().map(JavaClass::getPackageName).distinct())
        .containsExactlyInAnyOrder("io.gpubench.api", "io.gpubench.api.result", "io.gpubench.api.spi");
  }
}
