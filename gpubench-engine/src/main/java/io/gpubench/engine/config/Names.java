package io.gpubench.engine.config;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * "Did you mean": the known name nearest to one that matched nothing, by edit distance (with swaps of neighbours, ignoring case).
 * Every error about an unknown key or value offers it, so that a typo is fixed from the message alone.
 */
public final class Names {

  private Names() {}

  /**
   * The nearest candidate, when one is near enough to be a likely typo: within a third of the longer name's length
   * (at least 2 edits), so that {@code cdua} finds {@code cuda} and {@code profil} finds {@code profile}, while an
   * unrelated word finds nothing.
   *
   * @param name the name that matched nothing
   * @param candidates the names there are
   * @return the nearest, ties going to the first
   */
  public static Optional<String> nearest(String name, Collection<String> candidates) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    String n = name.toLowerCase(Locale.ROOT);
    for (String c : candidates) {
      int d = distance(n, c.toLowerCase(Locale.ROOT));
      if (d < bestDistance) {
        best = c;
        bestDistance = d;
      }
    }
    if (best == null || bestDistance > Math.max(2, Math.max(name.length(), best.length()) / 3)) {
      return Optional.empty();
    }
    return Optional.of(best);
  }

  /**
   * The suggestion as a message ends with it.
   *
   * @param name the name that matched nothing
   * @param candidates the names there are
   * @return {@code "; did you mean cuda?"}, or an empty string when nothing is near
   */
  public static String didYouMean(String name, Collection<String> candidates) {
    return nearest(name, candidates).map(c -> "; did you mean " + c + "?").orElse("");
  }

  /**
   * The edit distance with transpositions (optimal string alignment): the fewest insertions, deletions,
   * substitutions and swaps of neighbours that turn one string into the other. A swap counts once, so that
   * {@code cdua} is nearer to {@code cuda} than to {@code cpu}.
   *
   * @param a one string
   * @param b the other
   * @return the distance
   */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(d[i - 1][j - 1] + cost, Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1));
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
