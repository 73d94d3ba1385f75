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
}
