package io.gpubench.cuda;

/**
 * A launch grid or block size.
 *
 * @param x extent in x
 * @param y extent in y
 * @param z extent in z
 */
public record Dim3(int x, int y, int z) {

  /**
   * Checks the extents.
   *
   * @param x extent in x
   * @param y extent in y
   * @param z extent in z
   */
  public Dim3 {
    if (x < 1 || y < 1 || z < 1) {
      throw new IllegalArgumentException("launch dimensions must be positive: (" + x + ", " + y + ", " + z + ")");
    }
  }

  /**
   * One-dimensional.
   *
   * @param x the extent
   * @return the size
   */
  public static Dim3 of(int x) {
    return new Dim3(x, 1, 1);
  }

  /**
   * Two-dimensional.
   *
   * @param x extent in x
   * @param y extent in y
   * @return the size
   */
  public static Dim3 of(int x, int y) {
    return new Dim3(x, y, 1);
  }

  /**
   * Three-dimensional.
   *
   * @param x extent in x
   * @param y extent in y
   * @param z extent in z
   * @return the size
   */
  public static Dim3 of(int x, int y, int z) {
    return new Dim3(x, y, z);
  }

  /**
   * The one-dimensional grid that covers {@code n} items with blocks of {@code threads}.
   *
   * @param n the items
   * @param threads threads per block
   * @return {@code ceil(n / threads)} blocks
   */
  public static Dim3 blocksFor(long n, int threads) {
    long blocks = (n + threads - 1) / threads;
    if (blocks > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(n + " items in blocks of " + threads + " need more than 2^31 blocks");
    }
    return of((int) Math.max(1, blocks));
  }
}
