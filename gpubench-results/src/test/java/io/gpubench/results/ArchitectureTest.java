package io.gpubench.results;

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
 * gpubench-results' floors: the results file, its journal and selection at the bottom; the one comparison on them;
 * the views (console, Markdown, HTML, CSV and the glance they share) on top. No package cycle, and nothing of the
 * engine or the plugin: the engine, the plugin and the history store all read results through this jar.
 */
class ArchitectureTest {
  static final JavaClasses MAIN = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importUrl(ResultsFile.class.getProtectionDomain().getCodeSource().getLocation());

  static final ArchRule NO_PACKAGE_CYCLE = slices().matching("io.gpubench.(**)").should().beFreeOfCycles();

  static final ArchRule FLOORS = layeredArchitecture().consideringOnlyDependenciesInLayers()
      .layer("files").definedBy("io.gpubench.results", "io.gpubench.results.journal..", "io.gpubench.results.select..")
      .layer("comparison").definedBy("io.gpubench.results.compare..")
      .layer("views").definedBy("io.gpubench.results.glance..", "io.gpubench.results.console..",
          "io.gpubench.results.markdown..", "io.gpubench.results.html..", "io.gpubench.results.csv..")
      .whereLayer("views").mayNotBeAccessedByAnyLayer()
      .whereLayer("comparison").mayOnlyBeAccessedByLayers("views")
      .whereLayer("files").mayOnlyBeAccessedByLayers("comparison", "views");

  static final ArchRule ITS_OWN_DEPENDENCIES = classes().should().onlyDependOnClassesThat()
      .resideInAnyPackage("java..", "io.gpubench.api..", "io.gpubench.results..", "tools.jackson..",
          "com.fasterxml.jackson.annotation..", "org.hipparchus..")
      .because("gpubench-results builds on gpubench-api, Jackson and Hipparchus only: never on the engine");

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
    ITS_OWN_DEPENDENCIES.check(MAIN);
  }

  @Test
  void theRulesSeeEveryPackage() {
    assertThat(MAIN.stream().map(JavaClass::getPackageName).distinct()).containsExactlyInAnyOrder(
        "io.gpubench.results", "io.gpubench.results.journal", "io.gpubench.results.select",
        "io.gpubench.results.compare", "io.gpubench.results.glance", "io.gpubench.results.console",
        "io.gpubench.results.markdown", "io.gpubench.results.html", "io.gpubench.results.csv");
  }
}
