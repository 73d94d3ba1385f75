package io.gpubench.api;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * Which device a case runs on: a backend family ({@code cpu}, {@code cuda}) and, for families with several
 * devices, an index. Written {@code cpu} or {@code cuda:1}; parsed in one place, here.
 *
 * @param family the family, lower case, as {@code @GpuBenchmark(backends = ...)} names it
 * @param index the device index within the family, or -1 for a family of one device (the CPU)
 */
public record BackendId(String family, int index) {

  /** The CPU. */
  public static final BackendId CPU = new BackendId("cpu", -1);

  /**
   * Checks the parts.
   *
   * @param family the family
   * @param index the index, -1 or more
   * @throws IllegalArgumentException for a blank family, one with a colon, or an index below -1
   */
  public BackendId {
    Objects.requireNonNull(family, "family");
    if (family.isBlank() || family.contains(":")) {
      throw new IllegalArgumentException("backend family \"" + family + "\" is blank or contains ':'");
    }
    if (index < -1) {
      throw new IllegalArgumentException("backend index " + index + " is negative");
    }
  }

  /**
   * Device {@code index} of a family.
   *
   * @param family the family
   * @param index the index, 0 or more
   * @return the id
   */
  public static BackendId of(String family, int index) {
    return new BackendId(family, index);
  }

  /**
   * Parses {@code cpu}, {@code cuda} (a family without index) or {@code cuda:1}.
   *
   * @param text the id as written
   * @return the id
   * @throws IllegalArgumentException naming the text when it is malformed
   */
  public static BackendId parse(String text) {
    String t = text.trim();
    int colon = t.indexOf(':');
    if (colon < 0) {
      return new BackendId(t, -1);
    }
    String index = t.substring(colon + 1);
    try {
      return new BackendId(t.substring(0, colon), Integer.parseInt(index));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("backend \"" + text + "\": \"" + index + "\" is not a device index");
    }
  }

  /**
   * The device index.
   *
   * @return the index, or empty for a family of one device
   */
  public OptionalInt deviceIndex() {
    return index < 0 ? OptionalInt.empty() : OptionalInt.of(index);
  }

  /**
   * Whether this id, read as a filter ({@code cuda} or {@code cuda:1}), selects another: a family without index
   * selects every device of the family.
   *
   * @param other a device's id
   * @return true when selected
   */
  public boolean selects(BackendId other) {
    return family.equals(other.family) && (index < 0 || index == other.index);
  }

  /**
   * Whether this is the CPU, the host the engine runs on: one place for the test that was spelt
   * {@code "cpu".equals(family)} in several.
   *
   * @return true for the {@code cpu} family
   */
  public boolean isCpu() {
    return CPU.family.equals(family);
  }

  @Override
  public String toString() {
    return index < 0 ? family : family + ":" + index;
  }
}
