package io.gpubench.cuda.nccl;

/**
 * Algorithm and bus bandwidth of a collective, as nccl-tests defines them ({@code doc/PERFORMANCE.md} and each
 * test's {@code GetBw}): algbw = S / t with S the bytes of the operation's data in nccl-tests' sense (see
 * {@link Collective}) and GB = 10⁹ bytes; busbw = algbw × a factor of the collective and the number of ranks n that
 * makes it comparable with the bandwidth of the slowest link, whatever n.
 *
 * @param algGBps algorithm bandwidth, GB/s
 * @param busGBps bus bandwidth, GB/s
 */
public record BusBandwidth(double algGBps, double busGBps) {

  /** The collectives, each with what S is and its factor. */
  public enum Collective {
    /** S: the bytes of the buffer reduced (count × element size); factor 2(n−1)/n. */
    ALL_REDUCE,
    /** S: the bytes every rank ends with, n × its send bytes; factor (n−1)/n. */
    ALL_GATHER,
    /** S: the bytes every rank starts with, n × its receive bytes; factor (n−1)/n. */
    REDUCE_SCATTER,
    /** S: the bytes of the buffer broadcast; factor 1. */
    BROADCAST,
    /** S: the bytes of the buffer reduced to the root; factor 1. */
    REDUCE,
    /** S: the bytes of each rank's whole send buffer, n × count × element size; factor (n−1)/n. */
    ALL_TO_ALL,
    /** S: the bytes each rank sends to its next rank (and receives from its previous one); factor 1. */
    SEND_RECV;

    /**
     * The factor from algorithm to bus bandwidth.
     *
     * @param ranks n, at least 1
     * @return the factor (0 for one rank where data crosses no link)
     * @throws IllegalArgumentException naming n when it is below 1
     */
    public double busFactor(int ranks) {
      if (ranks < 1) {
        throw new IllegalArgumentException(this + ": a world has at least 1 rank; got " + ranks);
      }
      switch (this) {
        case ALL_REDUCE:
          return 2.0 * (ranks - 1) / ranks;
        case ALL_GATHER:
        case REDUCE_SCATTER:
        case ALL_TO_ALL:
          return (double) (ranks - 1) / ranks;
        default:
          return 1.0;
      }
    }
  }

  /**
   * The bandwidths of one operation.
   *
   * @param collective which collective
   * @param bytes S, as {@link Collective} defines it for the collective
   * @param ranks n
   * @param seconds the time of one operation
   * @return algbw and busbw in GB/s
   * @throws IllegalArgumentException naming the value when bytes is negative or the time is not positive
   */
  public static BusBandwidth of(Collective collective, long bytes, int ranks, double seconds) {
    if (bytes < 0) {
      throw new IllegalArgumentException(collective + ": bytes must not be negative; got " + bytes);
    }
    if (!(seconds > 0) || Double.isInfinite(seconds)) {
      throw new IllegalArgumentException(collective + ": the time of an operation must be positive and finite; got "
          + seconds + " s");
    }
    double alg = bytes / 1e9 / seconds;
    return new BusBandwidth(alg, alg * collective.busFactor(ranks));
  }
}
