package io.gpubench.engine.plan;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * The split of a suite into shards, the same on every machine that computes it: it depends only on the units (their
 * keys and planned seconds) and on the number of shards. Units are taken longest first (ties by key) and each goes to
 * the shard with the least planned seconds so far (ties to the lowest index): the greedy "longest processing time"
 * rule, whose longest shard is within 4/3 of the best possible split, and, for many short units, within one unit of
 * the mean. A unit is never split: a world's cases run in one shard, on one allocation.
 *
 * <p>The plan's {@link #fingerprint()} is a digest of the number of shards and every unit's key, cases and planned
 * seconds: two shards that planned from different suites (another commit, another machine's backends) or from
 * different recorded times have different fingerprints, and their journals are refused as one run.
 */
public final class ShardPlan {

  /**
   * One piece of the suite that a shard runs whole.
   *
   * @param key the unit's stable key: the case's unique id, or the world's
   * @param cases the ids of its cases, in plan order
   * @param seconds its planned seconds
   */
  public record Unit(String key, List<String> cases, double seconds) {

    /**
     * Copies the cases.
     *
     * @param key key
     * @param cases case ids
     * @param seconds planned seconds
     */
    public Unit {
      cases = List.copyOf(cases);
    }
  }

  private final int count;
  private final List<List<Unit>> shards;
  private final double[] seconds;
  private final String fingerprint;

  private ShardPlan(int count, List<List<Unit>> shards, double[] seconds, String fingerprint) {
    this.count = count;
    this.shards = shards;
    this.seconds = seconds;
    this.fingerprint = fingerprint;
  }

  /**
   * Plans the split.
   *
   * @param units the suite's units, in any order (the plan sorts them)
   * @param count the number of shards, at least 1
   * @return the plan
   */
  public static ShardPlan of(List<Unit> units, int count) {
    if (count < 1) {
      throw new IllegalArgumentException("shards: " + count + ", at least 1");
    }
    List<Unit> sorted = new ArrayList<>(units);
    sorted.sort(Comparator.comparingDouble(Unit::seconds).reversed().thenComparing(Unit::key));
    List<List<Unit>> shards = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      shards.add(new ArrayList<>());
    }
    double[] load = new double[count];
    int[] cases = new int[count];
    for (Unit u : sorted) {
      int best = 0;
      for (int i = 1; i < count; i++) {
        // Equal seconds (units of no planned time, such as skipped cases) go to the shard with fewer cases.
        if (load[i] < load[best] || (load[i] == load[best] && cases[i] < cases[best])) {
          best = i;
        }
      }
      shards.get(best).add(u);
      load[best] += u.seconds();
      cases[best] += u.cases().size();
    }
    return new ShardPlan(count, shards, load, digest(sorted, count));
  }

  private static String digest(List<Unit> sorted, int count) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      md.update(("shards " + count + "\n").getBytes(StandardCharsets.UTF_8));
      for (Unit u : sorted) {
        // Seconds at the millisecond: the figure as read from a file, never a sum whose order could differ.
        md.update((u.key() + "\t" + String.join("\t", u.cases()) + "\t"
            + String.format(Locale.ROOT, "%.3f", u.seconds()) + "\n").getBytes(StandardCharsets.UTF_8));
      }
      return HexFormat.of().formatHex(md.digest()).substring(0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /**
   * The number of shards.
   *
   * @return N
   */
  public int count() {
    return count;
  }

  /**
   * The units of one shard, longest first.
   *
   * @param index the shard, 1 to {@link #count()}
   * @return its units
   */
  public List<Unit> units(int index) {
    return List.copyOf(shards.get(index - 1));
  }

  /**
   * The ids of one shard's cases.
   *
   * @param index the shard, 1 to {@link #count()}
   * @return the case ids
   */
  public java.util.Set<String> cases(int index) {
    java.util.Set<String> ids = new java.util.HashSet<>();
    shards.get(index - 1).forEach(u -> ids.addAll(u.cases()));
    return ids;
  }

  /**
   * One shard's planned seconds.
   *
   * @param index the shard, 1 to {@link #count()}
   * @return the sum of its units' seconds
   */
  public double seconds(int index) {
    return seconds[index - 1];
  }

  /**
   * The suite's planned seconds.
   *
   * @return the sum over the shards
   */
  public double totalSeconds() {
    double t = 0;
    for (double s : seconds) {
      t += s;
    }
    return t;
  }

  /**
   * The number of cases of the suite.
   *
   * @return every shard's cases together
   */
  public int totalCases() {
    return shards.stream().mapToInt(s -> s.stream().mapToInt(u -> u.cases().size()).sum()).sum();
  }

  /**
   * The digest that every shard of the same plan shares.
   *
   * @return 12 hex digits
   */
  public String fingerprint() {
    return fingerprint;
  }
}
