package io.gpubench.cuda.internal.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gpubench.api.result.Telemetry;
import io.gpubench.cuda.internal.telemetry.ClockEventReasons;
import io.gpubench.cuda.internal.telemetry.Sample;
import io.gpubench.cuda.internal.telemetry.TelemetryAggregator;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Summaries of NVML samples: clocks, power, reasons and the throttled and shared flags; no GPU needed. */
class TelemetryAggregatorTest {

  static Sample s(double t, double mhz, double watts, long reasons, Set<String> others) {
    return new Sample(t, mhz, 3201.0, watts, 50.0, reasons, others, 1L << 30);
  }

  @Test
  void clocksAreTakenWhereTheGpuWasBusy() {
    List<Sample> samples = List.of(
        s(0, 345, 80, ClockEventReasons.GPU_IDLE, Set.of()),
        s(20, 1980, 600, 0, Set.of()),
        s(40, 1960, 650, 0, Set.of()),
        s(60, 1980, 640, 0, Set.of()));
    Telemetry t = TelemetryAggregator.summarise(20, 1980.0, samples);
    assertThat(t.smClockMeanMhz()).isCloseTo(1973.3, within(0.1));
    assertThat(t.smClockMinMhz()).isEqualTo(1960.0);
    assertThat(t.smClockMaxMhz()).isEqualTo(1980.0);
    assertThat(t.powerMeanWatts()).isCloseTo(492.5, within(1e-9));
    assertThat(t.powerMaxWatts()).isEqualTo(650.0);
    assertThat(t.temperatureMaxC()).isEqualTo(50.0);
    assertThat(t.throttleReasons()).containsExactly("gpu_idle");
    assertThat(t.throttled()).isFalse();
    assertThat(t.shared()).isFalse();
    assertThat(t.timeline()).hasSize(4);
    assertThat(t.intervalMillis()).isEqualTo(20);
  }

  @Test
  void aPowerCapInManyBusySamplesThrottles() {
    List<Sample> samples = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      samples.add(s(i * 20, 1900, 700, i < 3 ? ClockEventReasons.SW_POWER_CAP : 0, Set.of()));
    }
    Telemetry t = TelemetryAggregator.summarise(20, 1980.0, samples);
    assertThat(t.throttled()).isTrue();
    assertThat(t.throttleReasons()).containsExactly("sw_power_cap");
  }

  @Test
  void oneStaleReasonSampleDoesNotThrottle() {
    List<Sample> samples = List.of(
        s(0, 1980, 150, ClockEventReasons.SW_POWER_CAP, Set.of()),
        s(20, 1980, 150, 0, Set.of()),
        s(40, 1980, 150, 0, Set.of()));
    Telemetry t = TelemetryAggregator.summarise(20, 1980.0, samples);
    assertThat(t.throttled()).isFalse();
    assertThat(t.throttleReasons()).containsExactly("sw_power_cap");
  }

  @Test
  void lowClocksThrottleEvenWithoutAReason() {
    Telemetry t = TelemetryAggregator.summarise(20, 1980.0, List.of(s(0, 1500, 300, 0, Set.of()), s(20, 1600, 300, 0,
        Set.of())));
    assertThat(t.throttled()).isTrue();
  }

  @Test
  void anotherProcessMakesTheCaseShared() {
    Telemetry t = TelemetryAggregator.summarise(20, 1980.0, List.of(s(0, 1980, 300, 0, Set.of()),
        s(20, 1980, 300, 0, Set.of("4242 python3"))));
    assertThat(t.shared()).isTrue();
    assertThat(t.otherProcesses()).containsExactly("4242 python3");
  }

  @Test
  void missingReadingsStayNull() {
    Sample bare = new Sample(0, null, null, null, null, null, null, null);
    Telemetry t = TelemetryAggregator.summarise(20, null, List.of(bare));
    assertThat(t.smClockMeanMhz()).isNull();
    assertThat(t.powerMeanWatts()).isNull();
    assertThat(t.throttled()).isFalse();
    assertThat(t.shared()).isFalse();
  }

  @Test
  void theTimelineCarriesTheProcesssDeviceMemoryOfEachReading() {
    List<Sample> samples = List.of(
        new Sample(0, 1980.0, 3201.0, 300.0, 50.0, 0L, Set.of(), 2L << 30, 600L << 20),
        new Sample(20, 1980.0, 3201.0, 300.0, 50.0, 0L, Set.of(), 3L << 30, 1800L << 20),
        new Sample(40, 1980.0, 3201.0, 300.0, 50.0, 0L, Set.of(), 3L << 30, null));
    Telemetry t = TelemetryAggregator.summarise(20, 1980.0, samples);
    assertThat(t.timeline()).extracting(io.gpubench.api.result.TelemetrySample::processMemoryBytes)
        .containsExactly(600L << 20, 1800L << 20, null);
  }

  /** One NVML listing gives the other tenants and this process's memory, by the rules each had alone. */
  @Test
  void oneListingOfTheComputeProcessesGivesTheOthersAndThisProcesssMemory() {
    var own = new NvmlDevice.ComputeProcesses.Listed(100, 700L << 20, null);
    var other = new NvmlDevice.ComputeProcesses.Listed(4242, 9L << 30, "python3");
    var both = NvmlDevice.ComputeProcesses.of(100, List.of(other, own));
    assertThat(both.others()).containsExactly("4242 python3");
    assertThat(both.ownBytes()).isEqualTo(700L << 20);
    // A container's own PID namespace: this JVM's id is not listed; one process listed is this one.
    var alone = NvmlDevice.ComputeProcesses.of(7, List.of(new NvmlDevice.ComputeProcesses.Listed(31337, 512L << 20,
        "java")));
    assertThat(alone.others()).isEmpty();
    assertThat(alone.ownBytes()).isEqualTo(512L << 20);
    // Two listed, neither this id: which is this one is not known, so its memory is not either.
    var unknown = NvmlDevice.ComputeProcesses.of(7, List.of(other, new NvmlDevice.ComputeProcesses.Listed(31337,
        512L << 20, "java")));
    assertThat(unknown.ownBytes()).isNull();
    assertThat(unknown.others()).hasSize(1);
  }

  @Test
  void reasonNames() {
    assertThat(ClockEventReasons.names(0x4 | 0x40 | 0x1000)).containsExactly("sw_power_cap", "hw_thermal_slowdown",
        "0x1000");
    assertThat(ClockEventReasons.names(0)).isEmpty();
  }
}
