package io.gpubench.api;

/** Whether the device's caches are flushed before each timed trial. */
public enum CacheMode {
  /** Caches keep what the previous call left: steady-state throughput. */
  HOT,
  /**
   * The backend flushes its last-level cache (the GPU's L2) before every trial, outside the timed region: the
   * time of a call whose inputs come from device memory.
   */
  COLD
}
