package io.gpubench.maven.ab;

import java.util.ArrayList;
import java.util.List;

/**
 * The order of A/B runs: rounds of A B B A. Each build runs first as often as last, so a drift of the machine over
 * the session (a background job winding down, a warming room, a throttling GPU) that is linear in time falls on both
 * sides alike and cancels in the comparison; alternating A B A B would leave B always later. This is the interleaved
 * A/B/B/A re-measurement of the PyTorch performance-tuning method: same inputs, same warm-up, same machine, taken in
 * turns.
 */
public final class Interleaving {

  private Interleaving() {}

  /**
   * The order of the runs.
   *
   * @param rounds rounds of A B B A, at least 1
   * @return {@code rounds * 4} labels, {@code "A"} or {@code "B"}
   * @throws IllegalArgumentException when rounds is below 1
   */
  public static List<String> order(int rounds) {
    if (rounds < 1) {
      throw new IllegalArgumentException("A/B rounds " + rounds + " must be at least 1 (each round runs A B B A)");
    }
    List<String> order = new ArrayList<>();
    for (int r = 0; r < rounds; r++) {
      order.addAll(List.of("A", "B", "B", "A"));
    }
    return order;
  }
}
