package io.gpubench.maven.gate;

import java.util.List;

/** Names the cases an incomplete run did not decide, the one that was running first, in a message of one line. */
final class NotJudged {
  /** How many ids a message lists before it counts the rest. */
  static final int SHOWN = 10;

  private NotJudged() {}

  /**
   * The list, as a message's tail.
   *
   * @param undecided the ids not decided, those running first
   * @param unfinished the ids that were running when the run ended
   * @return ": a (running when the run ended), b, c and 4 more", or empty when none is known
   */
  static String list(List<String> undecided, List<String> unfinished) {
    if (undecided.isEmpty()) {
      return "";
    }
    StringBuilder b = new StringBuilder(": ");
    for (int i = 0; i < Math.min(SHOWN, undecided.size()); i++) {
      String id = undecided.get(i);
      b.append(i == 0 ? "" : ", ").append(id).append(unfinished.contains(id) ? " (running when the run ended)" : "");
    }
    if (undecided.size() > SHOWN) {
      b.append(" and ").append(undecided.size() - SHOWN).append(" more");
    }
    return b.toString();
  }
}
