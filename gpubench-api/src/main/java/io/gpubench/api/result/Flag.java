package io.gpubench.api.result;

import java.util.Objects;

/**
 * Something about how a case's figures were obtained that a reader must know before trusting them, such as a GPU
 * that was throttled or shared during the trials, or trials that still trended. Reports show every flag; the Maven
 * gate gives a flagged case no SAME, FASTER or SLOWER verdict where the flag makes the comparison unreliable.
 *
 * <p>A flag about the device's state ({@link #aboutDeviceState()}) may say how much slower that state could have made
 * the figures: {@link #slowdown()}, as measured (the CPU's contention probe, a GPU's clocks). A comparison then bounds
 * its verdict with it: a change larger than the flag can explain is still a change, and only one within it is
 * ambiguous. A {@link #FORKS_DISAGREE} flag bounds a verdict too ({@link #boundsComparison()}), both ways: the forks'
 * outcomes differ by its ratio, and the case's figure may be that far from another run's either way.
 *
 * @param code a short stable name: {@code throttled}, {@code shared}, {@code forks-disagree}, {@code trending} ...
 * @param detail the figures behind it, for people
 * @param slowdown for a flag about the device's state, how many times slower than at speed that state made the
 *     figures, as measured (at least 1); for {@link #FORKS_DISAGREE}, the ratio of the slowest fork's median to the
 *     fastest's; null where nothing measured it (then it can explain any change)
 */
public record Flag(String code, String detail, Double slowdown) {
  /** The code of figures from a throttled device: trials kept ran throttled, or no per-trial telemetry could tell. */
  public static final String THROTTLED = "throttled";

  /** The code of figures taken while another process used the device. */
  public static final String SHARED = "shared";

  /** The code of CPU figures whose kept trials ran on a contended core. */
  public static final String CONTENDED = "contended";

  /**
   * The code of a case whose forks (worker processes) reached different outcomes, beyond their own trials' spread:
   * two JIT profiles, say, one several times slower. Its slowdown is the ratio of the forks' extreme medians.
   */
  public static final String FORKS_DISAGREE = "forks-disagree";

  /** The code of trials that still trended: the code was changing speed while it was timed. */
  public static final String TRENDING = "trending";

  /** The code of an interval that stopped narrowing (a plateau) well above its target: noisy trials. */
  public static final String WIDE_PLATEAU = "wide-plateau";

  /** The code of trials run under a profiler capture or a JFR recording, which costs them time. */
  public static final String PROFILED = "profiled";

  /** The code of a case whose warm-up did not reach steady code before its cap or its budget's share. */
  public static final String NOT_STEADY = "not-steady";

  /**
   * The code of figures some of whose trials held a garbage collection: their times include its pause
   * ({@link HostMemory#gcTrials()} names them). Not about the device's state: the code's allocations caused it.
   */
  public static final String GC = "gc";

  /**
   * Checks the parts.
   *
   * @param code the code, not blank
   * @param detail the detail, may be empty
   * @param slowdown the measured slowdown, at least 1, or null
   */
  public Flag {
    Objects.requireNonNull(code, "code");
    if (code.isBlank()) {
      throw new IllegalArgumentException("a flag needs a code");
    }
    detail = detail == null ? "" : detail;
    if (slowdown != null && !(slowdown >= 1 && slowdown < Double.POSITIVE_INFINITY)) {
      throw new IllegalArgumentException("flag " + code + ": a slowdown is a finite factor of at least 1, not "
          + slowdown);
    }
  }

  /**
   * A flag that measures nothing.
   *
   * @param code the code, not blank
   * @param detail the detail, may be empty
   */
  public Flag(String code, String detail) {
    this(code, detail, null);
  }

  /**
   * Whether the flag says that the figures describe the device's state rather than the code ({@link #THROTTLED},
   * {@link #SHARED}, {@link #CONTENDED}): a comparison leaves such a run out, and the baseline goal refuses to record
   * it unless told to.
   *
   * @return true for those codes
   */
  public boolean aboutDeviceState() {
    return code.equals(THROTTLED) || code.equals(SHARED) || code.equals(CONTENDED);
  }

  /**
   * Whether a comparison must bound its verdict by this flag: the device-state flags ({@link #aboutDeviceState()}:
   * the figures are slower than the code alone made them, by at most {@link #slowdown()}) and
   * {@link #FORKS_DISAGREE} (the figure may be off by its ratio either way). A comparison judges a side by its runs
   * without such flags where it has any, and a side that has none only by the bound its flags measured.
   *
   * @return true for those codes
   */
  public boolean boundsComparison() {
    return aboutDeviceState() || code.equals(FORKS_DISAGREE);
  }

  /**
   * Whether the flag's bound holds both ways ({@link #FORKS_DISAGREE}: another run may land on a faster or a slower
   * outcome), rather than only slowing the figures (a device's state never makes code faster).
   *
   * @return true for {@link #FORKS_DISAGREE}
   */
  public boolean boundsBothWays() {
    return code.equals(FORKS_DISAGREE);
  }
}
