package io.gpubench.cuda.internal.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.spi.TrialConditions;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What the sampler says about one trial, from its samples: no GPU, the samples are made up. */
class TrialConditionsTest {

  private static Sample at(double millis, double clock, long reasons) {
    return new Sample(millis, clock, 2619.0, 500.0, 60.0, reasons, java.util.Set.of(), 1L << 30);
  }

  private static final List<Sample> SAMPLES = List.of(
      at(0, 345, ClockEventReasons.GPU_IDLE),
      at(20, 1980, 0),
      at(40, 1980, ClockEventReasons.SW_POWER_CAP),
      at(60, 1755, ClockEventReasons.SW_POWER_CAP | ClockEventReasons.HW_THERMAL_SLOWDOWN),
      at(80, 1980, ClockEventReasons.APPLICATIONS_CLOCKS_SETTING),
      at(100, 345, ClockEventReasons.GPU_IDLE));

  @Test
  void aTrialBetweenTwoSamplesHasTheStateItStartedIn() {
    Optional<TrialConditions> c = TelemetrySampler.conditions(SAMPLES, 21, 25);
    assertThat(c).get().isEqualTo(new TrialConditions(List.of(), 1980.0));
  }

  @Test
  void theReasonsThatSlowTheClocksAreCollectedOverTheTrialWithItsLowestBusyClock() {
    TrialConditions c = TelemetrySampler.conditions(SAMPLES, 30, 65).orElseThrow();
    assertThat(c.throttleReasons()).containsExactly("sw_power_cap", "hw_thermal_slowdown");
    assertThat(c.smClockMhz()).isEqualTo(1755.0);
  }

  @Test
  void idleAndTheClockSettingsAreStatesNotThrottlingAndIdleClocksAreNotTheTrials() {
    TrialConditions c = TelemetrySampler.conditions(SAMPLES, 81, 105).orElseThrow();
    assertThat(c.throttleReasons()).isEmpty();
    assertThat(c.smClockMhz()).as("the idle sample at 100 ms is left out").isEqualTo(1980.0);
  }

  @Test
  void aTrialBeforeTheFirstSampleIsUnknown() {
    assertThat(TelemetrySampler.conditions(SAMPLES.subList(1, 6), 1, 5)).isEmpty();
    assertThat(TelemetrySampler.conditions(List.of(), 1, 5)).isEmpty();
  }
}
