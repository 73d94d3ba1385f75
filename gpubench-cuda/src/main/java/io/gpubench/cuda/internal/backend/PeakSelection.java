package io.gpubench.cuda.internal.backend;

import io.gpubench.api.spi.DevicePeaks;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Which peaks a CUDA device gives the roofline, by {@code gpubench.cuda.peaks}: {@code datasheet} (the default:
 * the {@link Datasheet} table, and for a GPU not in it the {@link PeakProbe}), {@code measured} (always the probe)
 * or {@code none} (no peaks, so no bound). The choice is made on the first call, which the engine makes after a
 * case's trials (never at discovery, never in a timed region), and kept: a device is measured at most once per run,
 * and a probe that failed is not tried again. A failed probe never fails a case: the datasheet figures (or none)
 * are used instead, and the reason goes to stderr.
 */
final class PeakSelection {
  /** The configuration key, without the {@code gpubench.} prefix. */
  static final String KEY = "cuda.peaks";

  /** Where the peaks come from. */
  enum Mode {
    /** The datasheet table; the probe for a GPU not in it. */
    DATASHEET,
    /** The probe; the datasheet table if the probe fails. */
    MEASURED,
    /** No peaks. */
    NONE;

    /**
     * Parses the key's value, case-insensitively.
     *
     * @param value the value, or empty for the default
     * @return the mode
     * @throws IllegalArgumentException for another value, naming the key and the value
     */
    static Mode parse(Optional<String> value) {
      if (value.isEmpty() || value.get().isBlank()) {
        return DATASHEET;
      }
      String v = value.get().trim().toLowerCase(Locale.ROOT);
      switch (v) {
        case "datasheet":
          return DATASHEET;
        case "measured":
          return MEASURED;
        case "none":
          return NONE;
        default:
          throw new IllegalArgumentException("gpubench." + KEY + "='" + value.get()
              + "' is not one of datasheet, measured, none");
      }
    }
  }

  private final Mode mode;
  private final String device;
  private final Supplier<Optional<DevicePeaks>> datasheet;
  private final Supplier<DevicePeaks> probe;
  private final Consumer<String> log;
  private Optional<DevicePeaks> chosen;

  /**
   * Makes the selection of one device.
   *
   * @param mode the key's value
   * @param device the device as messages name it, such as {@code cuda:0 (NVIDIA H200)}
   * @param datasheet the table's figures for the device
   * @param probe the measurement, which may throw
   * @param log where the choice and failures are reported (stderr)
   */
  PeakSelection(Mode mode, String device, Supplier<Optional<DevicePeaks>> datasheet, Supplier<DevicePeaks> probe,
      Consumer<String> log) {
    this.mode = mode;
    this.device = device;
    this.datasheet = datasheet;
    this.probe = probe;
    this.log = log;
  }

  Mode mode() {
    return mode;
  }

  /**
   * The device's peaks, chosen on the first call and kept.
   *
   * @return the peaks, or empty when there are none
   */
  synchronized Optional<DevicePeaks> peaks() {
    if (chosen == null) {
      chosen = choose();
    }
    return chosen;
  }

  private Optional<DevicePeaks> choose() {
    switch (mode) {
      case NONE:
        return Optional.empty();
      case MEASURED:
        return measure(datasheet.get());
      default:
        Optional<DevicePeaks> table = datasheet.get();
        if (table.isPresent()) {
          return table;
        }
        log.accept("gpubench-cuda: " + device + " is not in the datasheet table; measuring its peaks once"
            + " (gpubench." + KEY + "=none skips this)");
        return measure(Optional.empty());
    }
  }

  private Optional<DevicePeaks> measure(Optional<DevicePeaks> fallback) {
    try {
      DevicePeaks p = probe.get();
      log.accept("gpubench-cuda: " + device + " peaks " + p.source());
      return Optional.of(p);
    } catch (RuntimeException | LinkageError | OutOfMemoryError e) {
      log.accept("gpubench-cuda: measuring the peaks of " + device + " failed: " + e
          + fallback.map(f -> "; using " + f.source()).orElse("; its cases get no roofline bound"));
      return fallback;
    }
  }
}
