package io.gpubench.cuda.internal.telemetry;

import java.util.ArrayList;
import java.util.List;

/**
 * NVML's clock-event (throttle) reason bits and their names. Some reasons say the GPU is slowed (power cap,
 * thermal, hardware slowdown); others only describe its state (idle, application clocks, sync boost).
 */
public final class ClockEventReasons {
  private ClockEventReasons() {}

  /** Nothing running. */
  public static final long GPU_IDLE = 0x1L;
  /** Clocks held by the application-clocks setting. */
  public static final long APPLICATIONS_CLOCKS_SETTING = 0x2L;
  /** Software power cap: the board is at its power limit. */
  public static final long SW_POWER_CAP = 0x4L;
  /** Hardware slowdown (thermal or power brake, external signal). */
  public static final long HW_SLOWDOWN = 0x8L;
  /** Sync boost with other GPUs. */
  public static final long SYNC_BOOST = 0x10L;
  /** Software thermal slowdown. */
  public static final long SW_THERMAL_SLOWDOWN = 0x20L;
  /** Hardware thermal slowdown. */
  public static final long HW_THERMAL_SLOWDOWN = 0x40L;
  /** Hardware power-brake slowdown. */
  public static final long HW_POWER_BRAKE_SLOWDOWN = 0x80L;
  /** Display clock setting. */
  public static final long DISPLAY_CLOCK_SETTING = 0x100L;

  /** The reasons that cost speed. */
  public static final long COSTLY =
      SW_POWER_CAP | HW_SLOWDOWN | SW_THERMAL_SLOWDOWN | HW_THERMAL_SLOWDOWN | HW_POWER_BRAKE_SLOWDOWN;

  private static final long[] BITS = {GPU_IDLE, APPLICATIONS_CLOCKS_SETTING, SW_POWER_CAP, HW_SLOWDOWN, SYNC_BOOST,
      SW_THERMAL_SLOWDOWN, HW_THERMAL_SLOWDOWN, HW_POWER_BRAKE_SLOWDOWN, DISPLAY_CLOCK_SETTING};
  private static final String[] NAMES = {"gpu_idle", "applications_clocks_setting", "sw_power_cap", "hw_slowdown",
      "sync_boost", "sw_thermal_slowdown", "hw_thermal_slowdown", "hw_power_brake_slowdown", "display_clock_setting"};

  /**
   * The names of the bits set in a mask, in NVML's order; unknown bits as {@code 0x...}.
   *
   * @param mask the reasons
   * @return the names
   */
  public static List<String> names(long mask) {
    List<String> out = new ArrayList<>();
    long rest = mask;
    for (int i = 0; i < BITS.length; i++) {
      if ((mask & BITS[i]) != 0) {
        out.add(NAMES[i]);
        rest &= ~BITS[i];
      }
    }
    if (rest != 0) {
      out.add("0x" + Long.toHexString(rest));
    }
    return out;
  }
}
