package io.gpubench.maven;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The plugin's floors: the goals on top, then the history goal's support, the gate, its summary, the verdicts, and
 * at the bottom the baselines, the rules, the A/B runner and the Surefire check. No package cycle (the gate and its
 * summary once made one: the summary took the gate's records), and nothing of the engine, cuda or djl: the plugin
 * reads results through gpubench-results and runs the engine only in A/B child processes.
 */
class ArchitectureTest {
  static final JavaClasses MAIN = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importUrl(CheckMojo.class.getProtectionDomain().getCodeSource().getLocation());

  static final Map<String, List<String>> FLOORS = new LinkedHashMap<>();

  static {
    FLOORS.put("goals", List.of("io.gpubench.maven"));
    FLOORS.put("history", List.of("io.gpubench.maven.history.."));
    FLOORS.put("gate", List.of("io.gpubench.maven.gate.."));
    FLOORS.put("summary", List.of("io.gpubench.maven.summary.."));
    FLOORS.put("verdict", List.of("io.gpubench.maven.verdict.."));
    FLOORS.put("ground", List.of("io.gpubench.maven.baseline..", "io.gpubench.maven.rules..",
        "io.gpubench.maven.ab..", "io.gpubench.maven.surefire.."));
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
  void nothingOfTheEngine() {
    noClasses().should().dependOnClassesThat().resideInAnyPackage("io.gpubench.engine..", "io.gpubench.cuda..",
        "io.gpubench.djl..").because("the plugin reads results through gpubench-results").check(MAIN);
  }

  @Test
  void theRulesSeeEveryPackage() {
    List<String> placed = FLOORS.values().stream().flatMap(List::stream).map(p -> p.replace("..", "")).toList();
    assertThat(MAIN.stream().map(JavaClass::getPackageName).distinct())
        .allMatch(p -> placed.contains(p), "is on a floor").contains("io.gpubench.maven", "io.gpubench.maven.gate");
  }
}
