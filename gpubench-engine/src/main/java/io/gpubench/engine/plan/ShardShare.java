package io.gpubench.engine.plan;

import io.gpubench.engine.config.Shard;
import java.util.Locale;

/**
 * What one shard runs of the suite's plan, as its output and its journal say it.
 *
 * @param shard the shard
 * @param plan the plan's fingerprint ({@link ShardPlan#fingerprint()})
 * @param cases the cases this shard runs
 * @param totalCases the suite's cases
 * @param seconds this shard's planned seconds
 * @param totalSeconds the suite's planned seconds
 * @param recorded how many of the suite's cases were planned from recorded times
 * @param run the id the shards of this run of the suite share, or null
 */
public record ShardShare(Shard shard, String plan, int cases, int totalCases, double seconds, double totalSeconds,
    int recorded, String run) {

  /**
   * The line the run prints.
   *
   * @param times where the recorded times came from, or null
   * @return such as {@code gpubench: shard 2/3 runs 334 of 1000 cases, 12.1 of 36.4 planned seconds ...}
   */
  public String describe(Object times) {
    String basis = recorded == 0 ? "planned at their declared budgets (no recorded times; see gpubench.shard.times)"
        : recorded + " of " + totalCases + " cases planned from the times recorded in " + times
            + (recorded < totalCases ? ", the others at their declared budgets" : "");
    return String.format(Locale.ROOT, "gpubench: shard %s (%s) runs %d of %d cases, %.1f of %.1f planned seconds; "
        + "plan %s, %s%s", shard, shard.source(), cases, totalCases, seconds, totalSeconds, plan, basis,
        run == null ? "" : "; run " + run);
  }
}
