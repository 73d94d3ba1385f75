package io.gpubench.engine;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The engine's staircase, checked on its main classes: each floor imports only the floors below it, there is no
 * package cycle, and nothing of the benchmark-code modules (cuda, djl) or of the plugin and history store, which sit
 * beside or above it. A new package must be given a floor here ({@link #theRulesSeeEveryPackage}), so that the rule
 * cannot pass by not knowing it.
 */
class ArchitectureTest {
  static final JavaClasses MAIN = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importUrl(GpuBenchEngine.class.getProtectionDomain().getCodeSource().getLocation());

  /** The floors from the top: the JUnit engine, its test tree, the fit helper, the run, the workers, the runner in them, and below. */
  static final Map<String, List<String>> FLOORS = new java.util.LinkedHashMap<>();

  static {
    FLOORS.put("engine", List.of("io.gpubench.engine"));
    FLOORS.put("discovery", List.of("io.gpubench.engine.discovery.."));
    FLOORS.put("fit", List.of("io.gpubench.engine.fit.."));
    FLOORS.put("execution", List.of("io.gpubench.engine.execution.."));
    FLOORS.put("worker", List.of("io.gpubench.engine.worker.."));
    FLOORS.put("bench", List.of("io.gpubench.engine.bench.."));
    FLOORS.put("plan", List.of("io.gpubench.engine.plan.."));
    FLOORS.put("settings", List.of("io.gpubench.engine.config..", "io.gpubench.engine.protocol..",
        "io.gpubench.engine.environment.."));
    FLOORS.put("declarations", List.of("io.gpubench.engine.declaration..", "io.gpubench.engine.backend..",
        "io.gpubench.engine.diagnostics..", "io.gpubench.engine.memory.."));
    FLOORS.put("ground", List.of("io.gpubench.engine.correctness..", "io.gpubench.engine.statistics..",
        "io.gpubench.engine.roofline..", "io.gpubench.engine.support.."));
  }

  static LayeredArchitecture staircase() {
    LayeredArchitecture rule = layeredArchitecture().consideringOnlyDependenciesInLayers();
    for (Map.Entry<String, List<String>> f : FLOORS.entrySet()) {
      rule = rule.layer(f.getKey()).definedBy(f.getValue().toArray(String[]::new));
    }
    List<String> names = List.copyOf(FLOORS.keySet());
    rule = rule.whereLayer(names.get(0)).mayNotBeAccessedByAnyLayer();
    for (int i = 1; i < names.size(); i++) {
      rule = rule.whereLayer(names.get(i)).mayOnlyBeAccessedByLayers(names.subList(0, i).toArray(String[]::new));
    }
    return rule;
  }

  @Test
  void noPackageCycle() {
    slices().matching("io.gpubench.(**)").should().beFreeOfCycles().check(MAIN);
  }

  @Test
  void eachFloorImportsOnlyTheFloorsBelowIt() {
    staircase().check(MAIN);
  }

  @Test
  void nothingOfTheModulesBesideOrAbove() {
    noClasses().should().dependOnClassesThat().resideInAnyPackage("io.gpubench.cuda..", "io.gpubench.djl..",
        "io.gpubench.maven..", "io.gpubench.history..")
        .because("the engine finds backends and frameworks through io.gpubench.api.spi, and the plugin reads its "
            + "results through gpubench-results")
        .check(MAIN);
  }

  /**
   * The seams between the engine side and the side that runs benchmark code: the staircase lets a floor use any floor
   * below it, but the test tree, the run and the workers reach the runner ({@code bench}) only through the step
   * protocol, as a worker on another host is reached; the composition root ({@code GpuBenchEngine}, {@code Worker})
   * is the one place both meet.
   */
  @Test
  void theEngineSideMeetsTheRunnerOnlyThroughTheStepProtocol() {
    noClasses().that().resideInAnyPackage("io.gpubench.engine.discovery..", "io.gpubench.engine.fit..",
        "io.gpubench.engine.execution..", "io.gpubench.engine.worker..")
        .should().dependOnClassesThat().resideInAPackage("io.gpubench.engine.bench..")
        .because("the engine drives a case through protocol.CaseChannel and LocalRunner; GpuBenchEngine and Worker "
            + "build the runner")
        .check(MAIN);
    noClasses().that().resideInAPackage("io.gpubench.engine.discovery..")
        .should().dependOnClassesThat().resideInAPackage("io.gpubench.engine.worker..")
        .because("the JUnit nodes know no worker process: GpuBenchEngine builds the pool (CaseRunnerFactory)")
        .check(MAIN);
  }

  @Test
  void theRunnerAndTheWireDoNotCarryTheEnginesPlan() {
    noClasses().that().resideInAnyPackage("io.gpubench.engine.bench..", "io.gpubench.engine.protocol..")
        .should().dependOnClassesThat().resideInAPackage("io.gpubench.engine.plan..")
        .because("a runner times what its request says (bench.RunnerCase); allowance, stopping and forks are decided "
            + "on the engine's side")
        .check(MAIN);
    noClasses().that().resideInAPackage("io.gpubench.engine.protocol..")
        .should().dependOnClassesThat().resideInAPackage("io.gpubench.engine.declaration..")
        .because("the wire carries its own records (and the api's), versioned in Frames.VERSION")
        .check(MAIN);
  }

  @Test
  void theRulesSeeEveryPackage() {
    List<String> placed = FLOORS.values().stream().flatMap(List::stream).map(p -> p.replace("..", "")).toList();
    assertThat(MAIN.stream().map(JavaClass::getPackageName).distinct())
        .as("every package of the engine is on a floor of the staircase")
        .allMatch(p -> placed.stream().anyMatch(f -> p.equals(f) || p.startsWith(f + ".") && !f.equals(
            "io.gpubench.engine")))
        .contains("io.gpubench.engine.bench", "io.gpubench.engine.worker", "io.gpubench.engine.support");
  }
}
