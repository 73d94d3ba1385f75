package io.gpubench.results.journal;

/**
 * What a shard's journal says of its place in the suite ({@code gpubench.shard=I/N}), so that the journals of all
 * shards are read as one run of the suite and a missing shard is named by its index.
 *
 * @param index the shard's index, 1 to {@code count}
 * @param count the number of shards
 * @param plan the fingerprint of the plan every shard computed: the same for every shard of one run of one suite
 * @param cases the cases this shard planned
 * @param totalCases the suite's cases, over every shard
 * @param plannedSeconds this shard's planned seconds
 * @param totalPlannedSeconds the suite's planned seconds
 * @param run the id the shards of one run of the suite share (a Slurm array job, a CI run), or null
 */
public record ShardMark(int index, int count, String plan, int cases, int totalCases, double plannedSeconds,
    double totalPlannedSeconds, String run) {

  @Override
  public String toString() {
    return index + "/" + count;
  }
}
