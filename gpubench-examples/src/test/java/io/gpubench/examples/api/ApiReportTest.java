package io.gpubench.examples.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.GpuBenchmark;
import io.gpubench.cuda.Cuda;
import io.gpubench.djl.DjlSupport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The public API of the three jars benchmark code compiles against (gpubench-api, gpubench-cuda, gpubench-djl) is
 * kept in the repository, {@code docs/api/<module>.txt}, and this test fails when the code's API differs from it: a
 * change of the API is then a visible diff in review, with its line in {@code CHANGELOG.md}. Three user projects
 * broke on compile errors with no note when {@code BenchContext.metric} gained a unit and the report classes moved;
 * this is what would have shown it. {@code -DapiReport.update=true} writes the files from the code.
 */
class ApiReportTest {
  static final Path DIR = Path.of(System.getProperty("apiReport.dir", "../docs/api"));

  @ParameterizedTest(name = "{0}")
  @CsvSource({"gpubench-api, api", "gpubench-cuda, cuda", "gpubench-djl, djl"})
  void thePublicApiIsTheOneInTheRepository(String module, String which) throws IOException {
    Class<?> anchor = switch (which) {
      case "api" -> GpuBenchmark.class;
      case "cuda" -> Cuda.class;
      default -> DjlSupport.class;
    };
    List<String> lines = new ArrayList<>();
    lines.add("# The public API of " + module + ": public types outside internal packages and their public and "
        + "protected members.");
    lines.add("# Checked by gpubench-examples' ApiReportTest; after an intended change, run");
    lines.add("#   mvn -pl " + module + ",gpubench-examples -am install -DskipTests && mvn -pl gpubench-examples test "
        + "-Dtest=ApiReportTest -DapiReport.update=true");
    lines.add("# and name the change, with its migration, in CHANGELOG.md.");
    lines.addAll(ApiReport.of(anchor));
    assertThat(lines.size()).as("the report of %s lists its types", module).isGreaterThan(20);
    Path file = DIR.resolve(module + ".txt");
    if (Boolean.getBoolean("apiReport.update")) {
      Files.createDirectories(DIR);
      Files.write(file, lines, StandardCharsets.UTF_8);
      return;
    }
    assertThat(file).as("the API report %s (write it with -DapiReport.update=true)", file).exists();
    List<String> kept = Files.readAllLines(file, StandardCharsets.UTF_8);
    assertThat(diff(kept, lines)).as("the public API of %s differs from %s: if the change is intended, write the "
        + "file again with -DapiReport.update=true and name the change in CHANGELOG.md. Lines removed (-) and "
        + "added (+)", module, file.toAbsolutePath().normalize()).isEmpty();
  }

  /** The lines only one side has, marked: a set difference is enough, since the report is sorted within a type. */
  static List<String> diff(List<String> kept, List<String> now) {
    Set<String> before = new LinkedHashSet<>(kept);
    Set<String> after = new LinkedHashSet<>(now);
    List<String> out = new ArrayList<>();
    before.stream().filter(l -> !after.contains(l)).forEach(l -> out.add("- " + l));
    after.stream().filter(l -> !before.contains(l)).forEach(l -> out.add("+ " + l));
    return out;
  }
}
