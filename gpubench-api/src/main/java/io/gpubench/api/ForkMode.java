package io.gpubench.api;

import java.util.Locale;

/**
 * Which process runs a case's benchmark code: the key {@code gpubench.fork}, or {@link Fork} on the class. The engine
 * itself, in the build's JVM, never runs benchmark code except in {@link #NONE}: it decides the verdicts from the
 * figures a worker sends, so that a hang, a crash or a poisoned CUDA context costs one case, not the run.
 */
public enum ForkMode {
  /** The run's mode ({@code gpubench.fork}, default {@link #DEVICE}); for {@link Fork#value()}. */
  DEFAULT,
  /**
   * One long-lived worker per device, restarted after a fault; the CPU's worker is renewed for every class, so that
   * no class's figures depend on the JIT profile another class left (JMH forks for the same reason). The default.
   */
  DEVICE,
  /** A worker per class and device. */
  CLASS,
  /** A worker per case. */
  CASE,
  /** No worker: benchmark code runs in the build's JVM, for stepping through it with a debugger; no time limits. */
  NONE;

  /**
   * Parses a mode.
   *
   * @param text {@code device}, {@code class}, {@code case}, {@code none} or {@code default}, in any case
   * @return the mode
   * @throws IllegalArgumentException listing the modes
   */
  public static ForkMode parse(String text) {
    try {
      return valueOf(text.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("'" + text + "' is not a fork mode; valid: device, class, case, none, default");
    }
  }
}
