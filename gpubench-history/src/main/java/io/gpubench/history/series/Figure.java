package io.gpubench.history.series;

import io.gpubench.api.Better;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * A figure a series follows over runs: the median per-call time (with its interval), or a rate the run recorded.
 * Each is one column of the store.
 */
public enum Figure {
  /** The median time of one call, ns: what the gate compares. */
  TIME("time", "median_ns", Better.LOWER, "ns"),
  /** Items per second from the declared cost. */
  ITEMS_PER_SECOND("itemsPerSecond", "items_per_s", Better.HIGHER, "items/s"),
  /** FLOP per second from the declared cost. */
  FLOPS_PER_SECOND("flopsPerSecond", "flops_per_s", Better.HIGHER, "FLOP/s"),
  /** Bytes per second from the declared cost. */
  BYTES_PER_SECOND("bytesPerSecond", "bytes_per_s", Better.HIGHER, "B/s"),
  /** A collective's bus bandwidth. */
  BUS_BYTES_PER_SECOND("busBytesPerSecond", "bus_bytes_per_s", Better.HIGHER, "B/s"),
  /** Samples per second a model workload reported. */
  SAMPLES_PER_SECOND("samplesPerSecond", "samples_per_s", Better.HIGHER, "samples/s");

  private final String key;
  private final String column;
  private final Better better;
  private final String unit;

  Figure(String key, String column, Better better, String unit) {
    this.key = key;
    this.column = column;
    this.better = better;
    this.unit = unit;
  }

  /**
   * The figure's name as users write it ({@code time}, {@code flopsPerSecond}).
   *
   * @return the key
   */
  public String key() {
    return key;
  }

  /**
   * The store's column: a constant of this enum, never text from a user.
   *
   * @return the column name
   */
  public String column() {
    return column;
  }

  /**
   * Which way the figure improves.
   *
   * @return the direction
   */
  public Better better() {
    return better;
  }

  /**
   * The unit values print in.
   *
   * @return the unit
   */
  public String unit() {
    return unit;
  }

  /**
   * Looks a figure up by its key.
   *
   * @param key such as {@code time}
   * @return the figure
   * @throws IllegalArgumentException naming the key and the choices
   */
  public static Figure of(String key) {
    for (Figure f : values()) {
      if (f.key.equalsIgnoreCase(key == null ? "" : key.strip())) {
        return f;
      }
    }
    throw new IllegalArgumentException("no figure '" + key + "' (choose " + Arrays.stream(values()).map(Figure::key)
        .collect(Collectors.joining(", ")) + ")");
  }
}
