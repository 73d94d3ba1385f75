package io.gpubench.results.compare;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.Memory;
import java.util.Arrays;
import java.util.Optional;

/**
 * A memory figure of a case, by the name rules and comparisons use, with the rule that says whether two runs' values
 * differ. Memory is nearly deterministic, so it gets an allowance of its own, not the time's noise model:
 * <ul>
 *   <li>device memory ({@link #PEAK_DEVICE_MEMORY}, {@link #DEVICE_MEMORY_DELTA}): 1% of the baseline plus
 *       {@value #DEVICE_SLACK_BYTES} bytes (1 MiB): a caching allocator rounds its blocks up to 2 MiB pages and NVML
 *       counts whole pages of the context, so a run may hold a page more or less; 1% on top takes the allocator's
 *       fragmentation, which depends on the order of frees;
 *   <li>{@link #ALLOCATED_BYTES_PER_CALL}: 1% of the baseline plus {@value #TRIAL_SLACK_BYTES} bytes a trial, spread
 *       over the trial's calls. The JVM's counter is exact to the byte; what moves between runs is the trial's own
 *       bookkeeping, spread over calls per trial that differ from run to run, and what escape analysis removes in one
 *       compilation and not another, which 1% covers. The bookkeeping is 40 to 44 bytes a trial in most cases, but
 *       the first case a worker runs allocated 980 to 1,074 bytes a trial besides its calls (the history-gate
 *       sample, 2026-12-06: 0.382 to 0.448 bytes a call at 2,397 to 2,812 calls a trial, and 1.515 at 709 in a build
 *       whose code was only slower) and 2,110 to 2,219 (the memory-gate sample's only case, at a fixed 1,000 calls a
 *       trial); with 64 bytes a trial an unchanged build failed on 0.397 → 0.448 bytes a call. What differs between
 *       two runs is that overhead over their different calls per trial: {@value #TRIAL_SLACK_BYTES} bytes a trial
 *       over this run's calls covers 1,074 bytes a trial until the calls per trial fall twentyfold, while a call that
 *       allocates one more 16-byte object at 100 calls a trial is still worse, and so is a doubled 4 KiB array at one
 *       call a trial, cut short or not. A run whose warm-up was cut short
 *       ({@code not-steady}) timed code the JIT had not finished, which allocates what the finished code does not:
 *       unchanged first cases of a class, cut short, allocated from 9 to 103 bytes a call from run to run on an idle
 *       runner, and one of them 107 to 1,042 under load (the image-kernels gate figures, 2026-12-03); 4 of 10
 *       unchanged builds failed on it. Such a run gets {@value #UNSTEADY_SLACK_BYTES} bytes a call more: twice the
 *       JIT's worst seen, and a doubled 4 KiB array still exceeds it.
 * </ul>
 * A doubled figure is always worse; a value within the allowance is the same.
 */
public enum MemoryFigure {
  /** Bytes the calling thread allocated per call during the trials. */
  ALLOCATED_BYTES_PER_CALL("allocatedBytesPerCall"),
  /** The device memory the case held at its peak: NVML's per-process figure where measured, else gpubench's own. */
  PEAK_DEVICE_MEMORY("peakDeviceMemory"),
  /** NVML's per-process peak less the process's device memory before the case's set-up. */
  DEVICE_MEMORY_DELTA("deviceMemoryDelta");

  /** The device figures' fixed allowance, bytes (1 MiB). */
  public static final long DEVICE_SLACK_BYTES = 1L << 20;
  /** The allocation figure's fixed allowance, bytes a trial. */
  public static final long TRIAL_SLACK_BYTES = 1024;
  /** The allocation figure's further allowance, bytes a call, for a run whose warm-up was cut short. */
  public static final long UNSTEADY_SLACK_BYTES = 2048;
  /** The relative allowance of every memory figure. */
  public static final double RELATIVE_SLACK = 0.01;

  private final String key;

  MemoryFigure(String key) {
    this.key = key;
  }

  /**
   * The name rules and baselines use.
   *
   * @return the name, such as {@code peakDeviceMemory}
   */
  public String key() {
    return key;
  }

  /**
   * Looks a figure up by name.
   *
   * @param name the name
   * @return the figure
   * @throws IllegalArgumentException for another name, naming the known ones
   */
  public static MemoryFigure of(String name) {
    return find(name).orElseThrow(() -> new IllegalArgumentException("unknown memory figure '" + name
        + "' (known: " + String.join(", ", Arrays.stream(values()).map(MemoryFigure::key).toList()) + ")"));
  }

  /**
   * Looks a figure up by name.
   *
   * @param name the name
   * @return the figure, or empty
   */
  public static Optional<MemoryFigure> find(String name) {
    return Arrays.stream(values()).filter(f -> f.key.equals(name)).findFirst();
  }

  /**
   * The figure's value for a case.
   *
   * @param c the case
   * @return bytes, or null where the case does not have it
   */
  public Double valueOf(CaseResult c) {
    Memory m = c.memory();
    if (m == null) {
      return null;
    }
    return switch (this) {
      case ALLOCATED_BYTES_PER_CALL -> m.host() == null ? null : m.host().allocatedBytesPerCall();
      case PEAK_DEVICE_MEMORY -> m.device() != null && m.device().processPeakBytes() != null
          ? Double.valueOf(m.device().processPeakBytes())
          : m.peakDeviceBytes() == null ? null : Double.valueOf(m.peakDeviceBytes());
      case DEVICE_MEMORY_DELTA -> m.device() == null || m.device().deltaBytes() == null ? null
          : Double.valueOf(m.device().deltaBytes());
    };
  }

  /**
   * How far above (or below) a baseline value a later value may be and still be the same.
   *
   * @param baseline the baseline's value, bytes
   * @param callsPerTrial the calls per trial of the later run (for the allocation figure's bookkeeping)
   * @return the allowance, bytes
   */
  public double allowance(double baseline, int callsPerTrial) {
    return allowance(baseline, callsPerTrial, false);
  }

  /**
   * How far above (or below) a baseline value a later value may be and still be the same.
   *
   * @param baseline the baseline's value, bytes
   * @param callsPerTrial the calls per trial of the later run (for the allocation figure's bookkeeping)
   * @param cutShort whether the later run's warm-up was cut short (the allocation figure's JIT noise)
   * @return the allowance, bytes
   */
  public double allowance(double baseline, int callsPerTrial, boolean cutShort) {
    double relative = RELATIVE_SLACK * Math.abs(baseline);
    if (this != ALLOCATED_BYTES_PER_CALL) {
      return relative + DEVICE_SLACK_BYTES;
    }
    return relative + TRIAL_SLACK_BYTES / (double) Math.max(1, callsPerTrial) + (cutShort ? UNSTEADY_SLACK_BYTES : 0);
  }

  /**
   * The allowance as a rule for people: {@code 1% + 1 MiB}.
   *
   * @return the text
   */
  public String rule() {
    return rule(false);
  }

  /**
   * The allowance as a rule for people, for a run whose warm-up was or was not cut short.
   *
   * @param cutShort whether the run's warm-up was cut short
   * @return the text
   */
  public String rule(boolean cutShort) {
    if (this != ALLOCATED_BYTES_PER_CALL) {
      return "1% + 1 MiB";
    }
    return "1% + " + TRIAL_SLACK_BYTES + " B a trial over its calls" + (cutShort ? " + " + UNSTEADY_SLACK_BYTES
        + " B a call: the warm-up was cut short, and unfinished code allocates what finished code does not" : "");
  }

  /**
   * Compares a case's figure with a baseline's value.
   *
   * @param baseline the baseline's value, bytes
   * @param c the case now
   * @return the comparison, or empty where the case has no such figure
   */
  public Optional<MemoryComparison> compare(double baseline, CaseResult c) {
    Double now = valueOf(c);
    if (now == null) {
      return Optional.empty();
    }
    int calls = c.timing() == null ? 1 : c.timing().callsPerTrial();
    boolean cutShort = c.flags().stream().anyMatch(f -> Flag.NOT_STEADY.equals(f.code()));
    return Optional.of(compare(baseline, now, calls, cutShort));
  }

  /**
   * Compares a value with a baseline's, where the case is not at hand (a stored series).
   *
   * @param baseline the baseline's value, bytes
   * @param now the later value, bytes
   * @param callsPerTrial the calls per trial of the later run
   * @param cutShort whether the later run's warm-up was cut short
   * @return the comparison
   */
  public MemoryComparison compare(double baseline, double now, int callsPerTrial, boolean cutShort) {
    double allowance = allowance(baseline, callsPerTrial, cutShort);
    MemoryComparison.Outcome outcome = now > baseline + allowance ? MemoryComparison.Outcome.MORE
        : now < baseline - allowance ? MemoryComparison.Outcome.LESS : MemoryComparison.Outcome.SAME;
    return new MemoryComparison(this, baseline, now, allowance, outcome, cutShort);
  }

  /**
   * A value for a message.
   *
   * @param bytes the value
   * @return {@code 4016 B}, {@code 9.8 GiB}
   */
  public static String format(double bytes) {
    return Figures.bytes(bytes);
  }

  @Override
  public String toString() {
    return key;
  }
}
