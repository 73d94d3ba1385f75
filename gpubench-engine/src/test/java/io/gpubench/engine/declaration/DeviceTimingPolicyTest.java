package io.gpubench.engine.declaration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import examples.GoodGemmBenchmark;
import io.gpubench.api.CacheMode;
import io.gpubench.api.DeviceTiming;
import io.gpubench.api.Trials;
import io.gpubench.api.result.CaseResult;
import io.gpubench.engine.EngineKit;
import io.gpubench.engine.config.EngineConfig;
import io.gpubench.results.ResultsFile;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.ConfigurationParameters;
import org.junit.platform.engine.DiscoveryIssue;

/** {@code @Trials(deviceTiming)} and the key {@code gpubench.cuda.timing} that overrides it; no GPU needed. */
class DeviceTimingPolicyTest {
  @TempDir Path out;

  @Trials(deviceTiming = DeviceTiming.GRAPH)
  static final class AsksForGraph {}

  @Trials(min = 3)
  static final class SaysNothing {}

  private static ConfigurationParameters params(Map<String, String> values) {
    return new ConfigurationParameters() {
      @Override
      public Optional<String> get(String key) {
        return Optional.ofNullable(values.get(key));
      }

      @Override
      public Optional<Boolean> getBoolean(String key) {
        return get(key).map(Boolean::parseBoolean);
      }

      @Override
      public Set<String> keySet() {
        return values.keySet();
      }
    };
  }

  private static TrialPolicy resolved(Class<?> type, Map<String, String> config) {
    return EngineConfig.from(params(config)).trials(TrialPolicy.of(type.getAnnotation(Trials.class)));
  }

  @Test
  void autoIsTheDefaultOfTheAnnotationAndOfAClassWithout() {
    assertThat(resolved(SaysNothing.class, Map.of()).deviceTiming()).isEqualTo(DeviceTiming.AUTO);
    assertThat(TrialPolicy.of(null).deviceTiming()).isEqualTo(DeviceTiming.AUTO);
    assertThat(new TrialPolicy(2, 5, 200, 0.01, 0.95, 5.0, 1, CacheMode.HOT).deviceTiming())
        .isEqualTo(DeviceTiming.AUTO);
  }

  @Test
  void theAnnotationAsksAndTheKeyOverridesCaseInsensitively() {
    assertThat(resolved(AsksForGraph.class, Map.of()).deviceTiming()).isEqualTo(DeviceTiming.GRAPH);
    assertThat(resolved(AsksForGraph.class, Map.of("gpubench.cuda.timing", " Events ")).deviceTiming())
        .isEqualTo(DeviceTiming.EVENTS);
    assertThat(resolved(SaysNothing.class, Map.of("gpubench.cuda.timing", "blocked")).deviceTiming())
        .isEqualTo(DeviceTiming.BLOCKED);
    assertThat(resolved(AsksForGraph.class, Map.of("gpubench.cuda.timing", "  ")).deviceTiming())
        .isEqualTo(DeviceTiming.GRAPH);
    assertThat(EngineConfig.from(params(Map.of("gpubench.cuda.timing", "graph"))).raw())
        .containsEntry("gpubench.cuda.timing", "graph");
  }

  @Test
  void aBadValueNamesTheKeyTheValueAndTheValidModes() {
    assertThatThrownBy(() -> resolved(SaysNothing.class, Map.of("gpubench.cuda.timing", "fast")))
        .isInstanceOf(InvalidDeclarationException.class)
        .hasMessage("configuration gpubench.cuda.timing = \"fast\" is invalid: 'fast' is not a device timing mode;"
            + " valid: auto, events, blocked, graph");
    assertThat(DeviceTiming.names()).isEqualTo("auto, events, blocked, graph");
    assertThat(DeviceTiming.parse("GRAPH")).isEqualTo(DeviceTiming.GRAPH);
  }

  @Test
  void aBadValueFailsDiscoveryOfTheClassWithTheKeyAndValue() {
    var results = EngineKit.gpubench(out).selectors(selectClass(GoodGemmBenchmark.class))
        .configurationParameter("gpubench.cuda.timing", "fast").discover();

    assertThat(results.getDiscoveryIssues()).singleElement().extracting(DiscoveryIssue::message).asString()
        .startsWith("configuration gpubench.cuda.timing = \"fast\" is invalid")
        .endsWith("valid: auto, events, blocked, graph");
  }

  @Test
  void theCpuTimesOnTheHostClockWhateverIsAskedAndRecordsNoDeviceTiming() {
    EngineKit.gpubench(out).selectors(selectClass(GoodGemmBenchmark.class))
        .configurationParameter("gpubench.cuda.timing", "graph").execute()
        .testEvents().assertStatistics(s -> s.succeeded(4).failed(0));

    for (CaseResult c : ResultsFile.read(out.resolve("results.json")).cases()) {
      if (c.timing() != null) {
        assertThat(c.timing().deviceTiming()).as(c.id()).isNull();
        assertThat(c.timing().deviceTimingReason()).isNull();
        assertThat(c.timing().launchInclusive()).isNull();
        assertThat(c.timing().trials()).allSatisfy(t -> assertThat(t.launchInclusiveNanos()).isNull());
      }
    }
  }
}
