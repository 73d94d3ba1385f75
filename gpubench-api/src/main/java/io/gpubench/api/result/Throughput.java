package io.gpubench.api.result;

/**
 * Work rates of a case that declares its cost, and its roofline bound where the device's peaks are known. Rates
 * use the median time of a call.
 *
 * @param itemsPerCall items (samples, images, tokens) processed per call, or null
 * @param itemsPerSecond achieved items per second, or null
 * @param flopsPerCall floating-point operations per call, or null
 * @param bytesPerCall minimum bytes moved per call, or null
 * @param flopsPerSecond achieved FLOP/s, or null
 * @param bytesPerSecond achieved bytes/s, or null
 * @param boundNanos the roofline bound of one call, {@code max(flops/peak, bytes/bandwidth)}, or null
 * @param gap the median time over the bound (1.0 is at the roofline), or null
 * @param boundBy {@code "compute"}, {@code "memory"} or {@code "link"}: which term set the bound, or null
 * @param peakSource where the peaks came from, or null
 * @param busBytesPerCall the bytes of a collective as nccl-tests counts bus bandwidth ({@code @Cost(busBytes)}), or
 *     null
 * @param busBytesPerSecond the bus bandwidth, bytes/s, or null
 */
public record Throughput(
    Double itemsPerCall,
    Double itemsPerSecond,
    Double flopsPerCall,
    Double bytesPerCall,
    Double flopsPerSecond,
    Double bytesPerSecond,
    Double boundNanos,
    Double gap,
    String boundBy,
    String peakSource,
    Double busBytesPerCall,
    Double busBytesPerSecond) {

  /**
   * The figures of a case that declares no bus bytes.
   *
   * @param itemsPerCall items per call
   * @param itemsPerSecond items per second
   * @param flopsPerCall FLOPs per call
   * @param bytesPerCall bytes per call
   * @param flopsPerSecond FLOP/s
   * @param bytesPerSecond bytes/s
   * @param boundNanos the bound
   * @param gap the gap
   * @param boundBy what set the bound
   * @param peakSource where the peaks came from
   */
  public Throughput(Double itemsPerCall, Double itemsPerSecond, Double flopsPerCall, Double bytesPerCall,
      Double flopsPerSecond, Double bytesPerSecond, Double boundNanos, Double gap, String boundBy, String peakSource) {
    this(itemsPerCall, itemsPerSecond, flopsPerCall, bytesPerCall, flopsPerSecond, bytesPerSecond, boundNanos, gap,
        boundBy, peakSource, null, null);
  }
}
