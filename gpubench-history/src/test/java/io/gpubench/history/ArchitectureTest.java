package io.gpubench.history;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import io.gpubench.history.store.HistoryStore;
import org.junit.jupiter.api.Test;

/**
 * gpubench-history's floors: the values (a run's record, a series, a baseline) at the bottom; the store (SQLite,
 * PostgreSQL) on them; what reads the store (change points, the page, the export, publishing) above; the command line
 * on top. No package cycle, and nothing of the engine or the plugin: the plugin and the command line both drive it.
 */
class ArchitectureTest {
  static final JavaClasses MAIN = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importUrl(HistoryStore.class.getProtectionDomain().getCodeSource().getLocation());

  static final ArchRule NO_PACKAGE_CYCLE = slices().matching("io.gpubench.(**)").should().beFreeOfCycles();

  static final ArchRule FLOORS = layeredArchitecture().consideringOnlyDependenciesInLayers()
      .layer("values").definedBy("io.gpubench.history.record..", "io.gpubench.history.series..",
          "io.gpubench.history.baseline..")
      .layer("store").definedBy("io.gpubench.history.store..")
      .layer("readers").definedBy("io.gpubench.history.changes..", "io.gpubench.history.page..",
          "io.gpubench.history.export..", "io.gpubench.history.publish..")
      .layer("cli").definedBy("io.gpubench.history.cli..")
      .whereLayer("cli").mayNotBeAccessedByAnyLayer()
      .whereLayer("readers").mayOnlyBeAccessedByLayers("cli")
      .whereLayer("store").mayOnlyBeAccessedByLayers("readers", "cli")
      .whereLayer("values").mayOnlyBeAccessedByLayers("store", "readers", "cli");

  static final ArchRule ITS_OWN_DEPENDENCIES = classes().should().onlyDependOnClassesThat()
      .resideInAnyPackage("java..", "io.gpubench.api..", "io.gpubench.results..", "io.gpubench.history..",
          "tools.jackson..", "org.hipparchus..", "org.sqlite..")
      .because("gpubench-history builds on gpubench-results, Jackson, Hipparchus and JDBC: never on the engine or "
          + "the plugin");

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
        "io.gpubench.history.record", "io.gpubench.history.series", "io.gpubench.history.baseline",
        "io.gpubench.history.store", "io.gpubench.history.changes", "io.gpubench.history.page",
        "io.gpubench.history.export", "io.gpubench.history.publish", "io.gpubench.history.cli");
  }
}
