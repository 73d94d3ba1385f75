package io.gpubench.api.result;

import java.util.Objects;

/**
 * Something about how a case's figures were obtained that a reader must know before trusting them, such as a GPU
 * that was throttled or shared during the trials, or trials that still trended. Reports show every flag; the Maven
 * gate gives a flagged case no SAME, FASTER or SLOWER verdict where the flag makes the comparison unreliable.
 *
 * @param code a short stable name: {@code throttled}, {@code shared}, {@code trending}, {@code wide-plateau} ...
 * @param detail the figures behind it, for people
 */
public record Flag(String code, String detail) {
  /** The code of figures from a throttled device: trials kept ran throttled, or no per-trial telemetry could tell. */
  public static final String THROTTLED = "throttled";

  /** The code of figures taken while another process used the device. */
  public static final String SHARED = "shared";

  /** The code of CPU figures whose kept trials ran on a contended core. */
  public static final String CONTENDED = "contended";

  /**
   * Checks the parts.
   *
   * @param code the code, not blank
   * @param detail the detail, may be empty
   */
  public Flag {
    Objects.requireNonNull(code, "code");
    if (code.isBlank()) {
      throw new IllegalArgumentException("a flag needs a code");
    }
    detail = detail == null ? "" : detail;
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
}
