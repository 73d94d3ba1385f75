package io.gpubench.history.series;

import io.gpubench.api.Better;
import io.gpubench.api.result.Flag;
import io.gpubench.results.compare.Figures;
import io.gpubench.results.compare.MemoryFigure;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A figure a series follows over runs: the median per-call time (with its interval), a rate the run recorded, or a
 * memory figure ({@link MemoryFigure}: the same names, values and rule as the gate's). Each is one column of the
 * store.
 *
 * <p>Which flags set a run aside differs by figure ({@link #setAsideBy()}): a throttled, shared or contended device
 * makes a time slower, so such a run is shown but never makes a change point or a baseline of a time or a rate; it
 * does not change what the code allocates, so memory series use it. Only a warm-up cut short ({@code not-steady})
 * sets a run aside from the allocation series: unfinished code allocates what finished code does not.
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
  SAMPLES_PER_SECOND("samplesPerSecond", "samples_per_s", Better.HIGHER, "samples/s"),
  /** Bytes the calling thread allocated per call ({@link MemoryFigure#ALLOCATED_BYTES_PER_CALL}). */
  ALLOCATED_BYTES_PER_CALL(MemoryFigure.ALLOCATED_BYTES_PER_CALL, "allocated_bytes_per_call"),
  /** The case's peak device memory ({@link MemoryFigure#PEAK_DEVICE_MEMORY}). */
  PEAK_DEVICE_MEMORY(MemoryFigure.PEAK_DEVICE_MEMORY, "peak_device_memory_bytes"),
  /** The case's own device memory, peak less before set-up ({@link MemoryFigure#DEVICE_MEMORY_DELTA}). */
  DEVICE_MEMORY_DELTA(MemoryFigure.DEVICE_MEMORY_DELTA, "device_memory_delta_bytes");

  private static final List<String> DEVICE_STATE = List.of(Flag.THROTTLED, Flag.SHARED, Flag.CONTENDED);

  private final String key;
  private final String column;
  private final Better better;
  private final String unit;
  private final MemoryFigure memory;

  Figure(String key, String column, Better better, String unit) {
    this.key = key;
    this.column = column;
    this.better = better;
    this.unit = unit;
    this.memory = null;
  }

  Figure(MemoryFigure memory, String column) {
    this.key = memory.key();
    this.column = column;
    this.better = Better.LOWER;
    this.unit = "B";
    this.memory = memory;
  }

  /**
   * The memory figures, in order.
   *
   * @return the figures whose {@link #memory()} is set
   */
  public static List<Figure> memoryFigures() {
    return Arrays.stream(values()).filter(f -> f.memory != null).toList();
  }

  /**
   * The gate's memory figure this one is, whose rule says whether two values differ.
   *
   * @return the memory figure, or null for a time or a rate
   */
  public MemoryFigure memory() {
    return memory;
  }

  /**
   * The flag codes that set a run aside from this figure's change points and baselines: the device-state flags for
   * times and rates; {@code not-steady} for the bytes a call allocates; none for device memory.
   *
   * @return the codes
   */
  public List<String> setAsideBy() {
    if (memory == null) {
      return DEVICE_STATE;
    }
    return memory == MemoryFigure.ALLOCATED_BYTES_PER_CALL ? List.of(Flag.NOT_STEADY) : List.of();
  }

  /**
   * A value for people, in the figure's unit: {@code 1.234 ms}, {@code 3.9 GFLOP/s}, {@code 3.922 KiB}.
   *
   * @param value the value
   * @return the text
   */
  public String format(double value) {
    if (memory != null) {
      return Figures.bytes(value);
    }
    return this == TIME ? Figures.duration(value) : Figures.rate(value, unit);
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
