package io.gpubench.djl;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * gpubench-djl's floors: the DJL support (devices, tensors, the model runner) at the bottom, training on it; no
 * package cycle (the training package's key once lived in it and the support listed it from there, which made one);
 * nothing of the engine: benchmark code meets the engine through {@code io.gpubench.api.spi} only.
 */
class ArchitectureTest {
  static final JavaClasses MAIN = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importUrl(DjlSupport.class.getProtectionDomain().getCodeSource().getLocation());

  static final ArchRule NO_PACKAGE_CYCLE = slices().matching("io.gpubench.(**)").should().beFreeOfCycles();

  static final ArchRule TRAINING_ON_TOP = noClasses().that().resideInAPackage("io.gpubench.djl")
      .should().dependOnClassesThat().resideInAPackage("io.gpubench.djl.training..")
      .because("training builds on the DJL support, not the other way round");

  static final ArchRule ITS_OWN_DEPENDENCIES = classes().should().onlyDependOnClassesThat()
      .resideInAnyPackage("java..", "io.gpubench.api..", "io.gpubench.djl..", "ai.djl..", "com.sun.jna..")
      .because("gpubench-djl builds on gpubench-api, DJL and JNA: never on the engine");

  @Test
  void noPackageCycle() {
    NO_PACKAGE_CYCLE.check(MAIN);
  }

  @Test
  void trainingIsTheUpperFloor() {
    TRAINING_ON_TOP.check(MAIN);
  }

  @Test
  void nothingOfTheEngine() {
    ITS_OWN_DEPENDENCIES.check(MAIN);
  }

  @Test
  void theRulesSeeEveryPackage() {
    assertThat(MAIN.stream().map(JavaClass::getPackageName).distinct())
        .containsExactlyInAnyOrder("io.gpubench.djl", "io.gpubench.djl.training");
  }
}
