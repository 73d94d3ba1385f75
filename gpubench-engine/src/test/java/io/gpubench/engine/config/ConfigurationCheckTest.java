package io.gpubench.engine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import examples.CudaOnlyBenchmark;
import examples.GoodGemmBenchmark;
import examples.OptInBenchmark;
import io.gpubench.engine.EngineKit;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Every configuration mistake that used to be ignored (a typo in a key, a malformed value, a value selecting nothing)
 * fails the run's classes with the key, the value and the fix, and nothing runs on it.
 */
class ConfigurationCheckTest {
  @TempDir Path out;

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(delimiter = '|', textBlock = """
      gpubench.profil                | full     | unknown configuration key gpubench.profil = "full"; did you mean gpubench.profile? | false
      gpubench.backend               | cuda     | unknown configuration key gpubench.backend = "cuda"; did you mean gpubench.backends? | false
      gpubench.trials.budget-second  | 2        | did you mean gpubench.trials.budget-seconds? | false
      gpubench.trials.min            | abc      | configuration gpubench.trials.min = "abc" is invalid: it takes a whole number of at least 2 | false
      gpubench.trials.max            | -1       | configuration gpubench.trials.max = "-1" is invalid: it takes a whole number of at least 2 | false
      gpubench.trials.target         | 0        | configuration gpubench.trials.target = "0" is invalid: it takes a number above 0 | false
      gpubench.cache                 | lukewarm | configuration gpubench.cache = "lukewarm" is invalid: it takes one of hot, cold | false
      gpubench.cache                 | cld      | it takes one of hot, cold; did you mean cold? | false
      gpubench.summary               | maybe    | configuration gpubench.summary = "maybe" is invalid: it takes true or false | false
      gpubench.progress              | 1        | configuration gpubench.progress = "1" is invalid: it takes true or false | false
      gpubench.parallel.enabled      | yes      | configuration gpubench.parallel.enabled = "yes" is invalid: it takes true or false | false
      gpubench.telemetry.interval-ms | -5       | configuration gpubench.telemetry.interval-ms = "-5" is invalid: it takes a whole number of at least 1 | false
      gpubench.seed                  | x42      | configuration gpubench.seed = "x42" is invalid: it takes a whole number | false
      gpubench.shapes.GoodGemmBenchmark | garbage | configuration gpubench.shapes.GoodGemmBenchmark = "garbage" is invalid: shape "garbage": "garbage" is not axis=value | false
      gpubench.shapes.GoodGemBenchmark | m=8,n=8,k=8 | configuration gpubench.shapes.GoodGemBenchmark = "m=8,n=8,k=8" names no class of this run | true
      gpubench.shapes.GoodGemBenchmark | m=8,n=8,k=8 | did you mean GoodGemmBenchmark? | true
      gpubench.backends              | cdua     | configuration gpubench.backends = "cdua" selects no backend of this run's classes: they declare cpu, cuda | true
      gpubench.backends              | cdua     | did you mean cuda? | true
      gpubench.backends              | cuda:1   | selects no backend of this run's classes | true
      gpubench.precisions            | bf16     | configuration gpubench.precisions = "bf16" is declared by no class of this run: they declare [FP32, FP16, TF32] | true
      gpubench.profile               | ful      | configuration gpubench.profile = "ful" is declared by no class of this run: their @Shape profiles are default, full; did you mean full? | true
      gpubench.include               | OptInBenchmak | configuration gpubench.include = "OptInBenchmak" matches no class of this run: the classes kept out of the default run are OptInBenchmark; did you mean OptInBenchmark? | true
      gpubench.axes.layout           | row      | configuration gpubench.axes.layout = "row" sets axis "layout", which no class of this run has: the classes' axes: GoodGemmBenchmark has m, n, k; CudaOnlyBenchmark has none | true
      gpubench.axes.n                | 1..x     | configuration gpubench.axes.n = "1..x" is invalid: axis "n" has range "1..x": "x" is not a positive whole number; ranges run over whole numbers | false
      gpubench.axes.n                | 64..100:16 | configuration gpubench.axes.n = "64..100:16" is invalid: axis "n" has range "64..100:16", which does not end on its step: it would stop at 96; end it at 96 or 112 | false
      gpubench.axes.GoodGemBenchmark.n | 8      | configuration gpubench.axes.GoodGemBenchmark.n = "8" names no class of this run (gpubench.axes.<simple or qualified class name>.<axis>, or gpubench.axes.<axis> for every class): the classes are GoodGemmBenchmark, CudaOnlyBenchmark, OptInBenchmark; did you mean GoodGemmBenchmark? | true
      gpubench.axes.GoodGemmBenchmark.n-1 | 8   | configuration gpubench.axes.GoodGemmBenchmark.n-1 = "8" is invalid: the key is gpubench.axes.<axis> or gpubench.axes.<Class>.<axis>, and "n-1" is not an axis name | false
      """)
  void aMistakeFailsEveryClassOfTheRunWithTheKeyTheValueAndTheFix(String key, String value, String expected,
      boolean recorded) throws Exception {
    EngineExecutionResults results = EngineKit.gpubench(out).configurationParameter(key, value)
        .selectors(selectClass(GoodGemmBenchmark.class), selectClass(CudaOnlyBenchmark.class),
            selectClass(OptInBenchmark.class))
        .execute();

    results.testEvents().assertStatistics(s -> s.started(3).failed(3).succeeded(0).skipped(0));
    results.testEvents().assertThatEvents().haveExactly(1, event(test(GoodGemmBenchmark.class.getName()),
        finishedWithFailure(message(m -> m.contains(expected)))));
    if (!recorded) {
      // a configuration that cannot be read names no output folder to trust: nothing is written
      assertThat(out.resolve("results.json")).as("nothing ran, so no results claim anything").doesNotExist();
    } else {
      // a run whose classes select nothing records them as what they are: errors, no figures
      assertThat(io.gpubench.results.ResultsFile.read(out.resolve("results.json")).cases()).hasSize(3)
          .allSatisfy(c -> {
            assertThat(c.status()).isEqualTo(io.gpubench.api.result.CaseStatus.ERROR);
            assertThat(c.timing()).isNull();
          })
          .anySatisfy(c -> assertThat(c.message()).contains(expected));
    }
  }

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(delimiter = '|', textBlock = """
      gpubench.profile    | full
      gpubench.profile    | default
      gpubench.backends   | cpu
      gpubench.backends   | cuda
      gpubench.precisions | fp16
      gpubench.include    | Opt*
      gpubench.shapes.examples.GoodGemmBenchmark | m=8,n=8,k=8
      gpubench.axes.n     | 2^3..2^5
      gpubench.axes.examples.GoodGemmBenchmark.k | 4..8:4
      gpubench.cuda.timing | graph
      gpubench.haltOnFailure | false
      gpubench.parallel.config.strategy | dynamic
      gpubench.summary    | FALSE
      gpubench.trials.max | ''
      """)
  void aValueTheRunCanHonourIsAccepted(String key, String value) {
    EngineExecutionResults results = EngineKit.gpubench(out).configurationParameter(key, value)
        .selectors(selectClass(GoodGemmBenchmark.class), selectClass(CudaOnlyBenchmark.class),
            selectClass(OptInBenchmark.class))
        .execute();

    results.testEvents().assertThatEvents().noneMatch(e -> e.getTestDescriptor().getDisplayName().startsWith("invalid"));
  }

  @Test
  void aMistakeInASystemPropertyIsCaughtToo() {
    // Surefire passes -D properties of the Maven command line to the test JVM as system properties, and JUnit
    // reads a key there when no configuration parameter sets it.
    System.setProperty("gpubench.precision", "fp16");
    try {
      EngineKit.gpubench(out).selectors(selectClass(GoodGemmBenchmark.class)).execute().testEvents()
          .assertThatEvents().haveExactly(1, event(test(), finishedWithFailure(message(m -> m.startsWith(
              "unknown configuration key gpubench.precision = \"fp16\"; did you mean gpubench.precisions?")))));
    } finally {
      System.clearProperty("gpubench.precision");
    }
  }

  @Test
  void aKeyAComponentDeclaresIsKnown() {
    assertThat(new KnownKeys(List.of("cuda.peaks")).known("gpubench.cuda.peaks")).isTrue();
    assertThat(new KnownKeys(List.of()).known("gpubench.cuda.peaks")).isFalse();
    assertThat(new KnownKeys(List.of()).known("gpubench.shapes.Foo")).isTrue();
    assertThat(new KnownKeys(List.of()).known("gpubench.shapes.")).isFalse();
    assertThat(new KnownKeys(List.of()).known("gpubench.axes.n")).isTrue();
    assertThat(new KnownKeys(List.of()).known("gpubench.axes.GemmBenchmark.layout")).isTrue();
  }

  @Test
  void everyKeyConstantIsInTheListOfKeys() throws IllegalAccessException {
    List<String> constants = new ArrayList<>();
    for (Field f : Constants.class.getFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
        String v = (String) f.get(null);
        if (v.startsWith(Constants.PREFIX) && !v.equals(Constants.PREFIX)) {
          constants.add(v);
        }
      }
    }
    assertThat(constants).isNotEmpty().allSatisfy(k -> assertThat(Constants.KEYS.contains(k)
        || Constants.KEY_PREFIXES.contains(k)).as(k).isTrue());
  }

  @Test
  void theNearestNameIsOfferedOnlyWhenItIsNear() {
    assertThat(Names.nearest("cdua", List.of("cpu", "cuda"))).contains("cuda");
    assertThat(Names.nearest("ful", List.of("default", "full"))).contains("full");
    assertThat(Names.nearest("gpubench.profil", Constants.KEYS)).contains(Constants.PROFILE);
    assertThat(Names.nearest("nightly", List.of("default", "full"))).isEmpty();
    assertThat(Names.distance("kitten", "sitting")).isEqualTo(3);
    assertThat(Names.didYouMean("xyz", List.of("cuda"))).isEmpty();
  }
}
