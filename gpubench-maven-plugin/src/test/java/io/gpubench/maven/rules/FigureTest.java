package io.gpubench.maven.rules;

import static io.gpubench.maven.Fixtures.gemm;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.gpubench.api.BackendId;
import io.gpubench.api.Better;
import io.gpubench.api.Precision;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Metric;
import io.gpubench.maven.Fixtures;
import io.gpubench.results.select.CasePattern;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class FigureTest {

  private final CaseResult c = gemm(256, Precision.FP16, "cpu", 100, 200, 300, 400, 500);

  @Test
  void timeFiguresComeFromThePrimaryStatistics() {
    assertThat(Figure.parse("median").valueOf(c)).isEqualTo(c.timing().primary().median());
    assertThat(Figure.parse("mean").valueOf(c)).isEqualTo(c.timing().primary().mean());
    assertThat(Figure.parse("p99").valueOf(c)).isEqualTo(c.timing().primary().p99());
    assertThat(Figure.parse("median").better(c)).isEqualTo(Better.LOWER);
  }

  @Test
  void deviceClockIsPreferredWhereTheCaseHasOne() {
    CaseResult onDevice = new CaseResult(c.id(), c.benchmark(), c.workload(), c.displayName(), BackendId.parse("cuda:0"),
        c.precision(), c.shape(), c.status(), null, Fixtures.timing(new double[] {100, 200, 300}, true), null, null,
        null, null, null);
    assertThat(Figure.parse("median").valueOf(onDevice)).isEqualTo(200.0);
  }

  @Test
  void ratesAreHigherIsBetterAndShareTheThroughputRecord() {
    Figure flops = Figure.parse("flopsPerSecond");
    assertThat(flops.valueOf(c)).isEqualTo(c.throughput().flopsPerSecond());
    assertThat(flops.better(c)).isEqualTo(Better.HIGHER);
    assertThat(Figure.parse("gap").valueOf(c)).isEqualTo(2.0);
  }

  @Test
  void aWorldsBusBandwidthIsAFigureAndItsWorldIsInItsId() {
    CaseResult world = new CaseResult("io.x.AllReduceBenchmark#allreduce[mib=256][FP32][cuda][world 2]",
        "io.x.AllReduceBenchmark", "allreduce", "allreduce [256 MiB, FP32, world 2]", BackendId.parse("cuda:0"),
        Precision.FP32, java.util.Map.of("mib", 256L), CaseStatus.PASSED, null, c.timing(), null,
        new io.gpubench.api.result.Throughput(null, null, null, null, null, null, null, null, null, null, 268435456.0,
            3.0e11), null, null, java.util.Map.of(), null, 2, null);
    Figure bus = Figure.parse("busBytesPerSecond");
    assertThat(bus.valueOf(world)).isEqualTo(3.0e11);
    assertThat(bus.better(c)).isEqualTo(Better.HIGHER);
    assertThat(bus.valueOf(c)).isNull();
    assertThat(CasePattern.of("*[world 2]").matches(world)).isTrue();
    assertThat(CasePattern.of("AllReduceBenchmark#allreduce*[world 1]").matches(world)).isFalse();
  }

  @Test
  void toleranceSharesAreTheUsedShareOfTheChecks() {
    assertThat(Figure.parse("tolerance.maxAbs").valueOf(c)).isCloseTo(0.5, within(1e-12));
    assertThat(Figure.parse("tolerance.psnrDb").valueOf(c)).isCloseTo(50.0 / 60, within(1e-12));
    assertThat(Figure.parse("tolerance").valueOf(c)).isCloseTo(50.0 / 60, within(1e-12));
    assertThat(Figure.parse("tolerance.rms").valueOf(c)).isNull();
  }

  @Test
  void metricsTakeTheDirectionTheWorkloadRecordedNotOneGuessedFromTheirName() {
    assertThat(Figure.parse("metric.samplesPerSecond").valueOf(c)).isEqualTo(c.metrics().get("samplesPerSecond").value());
    assertThat(Figure.parse("metric.samplesPerSecond").better(c)).isEqualTo(Better.HIGHER);
    // a name that reads like a time is still the workload's call: here it recorded a rate that is better lower
    CaseResult named = withMetrics(Map.of("decodeMillis", new Metric(3, "ms", Better.HIGHER),
        "tokensPerSecond", new Metric(5, "tokens/s", Better.LOWER)));
    assertThat(Figure.parse("metric.decodeMillis").better(named)).isEqualTo(Better.HIGHER);
    assertThat(Figure.parse("metric.tokensPerSecond").better(named)).isEqualTo(Better.LOWER);
    assertThat(Figure.parse("metric.missing").better(c)).isNull();
    assertThat(Figure.parse("metric.missing").valueOf(c)).isNull();
  }

  @Test
  void figuresOfACaseThatDidNotRunAreAbsent() {
    CaseResult failed = Fixtures.ended("x#y", CaseStatus.ERROR, "out of memory");
    assertThat(Figure.parse("median").valueOf(failed)).isNull();
    assertThat(Figure.parse("flopsPerSecond").valueOf(failed)).isNull();
    assertThat(Figure.parse("tolerance").valueOf(failed)).isNull();
  }

  @Test
  void anUnknownFigureIsNamedWithTheKnownOnes() {
    assertThatThrownBy(() -> Figure.parse("medain"))
        .hasMessageContaining("unknown figure 'medain'").hasMessageContaining("median, mean");
  }

  CaseResult withMetrics(Map<String, Metric> metrics) {
    return new CaseResult(c.id(), c.benchmark(), c.workload(), c.displayName(), c.backend(), c.precision(),
        c.shape(), c.status(), c.message(), c.timing(), c.correctness(), c.throughput(), c.telemetry(), c.memory(),
        metrics, c.audit(), c.worldSize(), c.flags(), c.axisOverrides());
  }

  static CaseResult withMemory(CaseResult c, io.gpubench.api.result.Memory m) {
    return new CaseResult(c.id(), c.benchmark(), c.workload(), c.displayName(), c.backend(), c.precision(),
        c.shape(), c.status(), c.message(), c.timing(), c.correctness(), c.throughput(), c.telemetry(), m,
        c.metrics(), c.audit(), c.worldSize(), c.flags(), c.axisOverrides());
  }

  @Test
  void memoryFiguresAreBytesLowerIsBetterAndTheDevicePeakPrefersNvml() {
    var host = new io.gpubench.api.result.HostMemory(4016.0, 40_160_000L, 10_000, 0L, 0.0, java.util.List.of(), 5,
        null, null, java.util.Map.of());
    var device = new io.gpubench.api.result.DeviceMemory(600L << 20, 10L << 30, 11L << 30, 141L << 30, 40, "NVML");
    CaseResult m = withMemory(c, new io.gpubench.api.result.Memory(3L << 30, null, null, host, device));
    assertThat(Figure.parse("allocatedBytesPerCall").valueOf(m)).isEqualTo(4016.0);
    assertThat(Figure.parse("allocatedBytesPerCall").unit()).isEqualTo(Unit.BYTES);
    assertThat(Figure.parse("allocatedBytesPerCall").better(c)).isEqualTo(Better.LOWER);
    assertThat(Figure.parse("peakDeviceMemory").valueOf(m)).isEqualTo((double) (10L << 30));
    assertThat(Figure.parse("deviceMemoryDelta").valueOf(m)).isEqualTo((double) ((10L << 30) - (600L << 20)));
    CaseResult ownOnly = withMemory(c, new io.gpubench.api.result.Memory(3L << 30, null, null));
    assertThat(Figure.parse("peakDeviceMemory").valueOf(ownOnly)).isEqualTo((double) (3L << 30));
    assertThat(Figure.parse("deviceMemoryDelta").valueOf(ownOnly)).isNull();
    assertThat(Figure.parse("allocatedBytesPerCall").valueOf(ownOnly)).isNull();
  }
}
