package io.gpubench.api.spi;

import io.gpubench.api.CacheMode;
import io.gpubench.api.Precision;

/**
 * What a case asks of the backend session it opens.
 *
 * @param caseId the case's id, for error messages and logs
 * @param precision the case's precision
 * @param cache whether caches are flushed before each trial
 * @param telemetryIntervalMillis the telemetry sampling interval
 * @param world this process's rank in the case's world, which the session joins; null for a case of one device
 */
public record SessionSpec(String caseId, Precision precision, CacheMode cache, int telemetryIntervalMillis,
    WorldRank world) {

  /**
   * What a case of one device asks.
   *
   * @param caseId the case's id
   * @param precision the case's precision
   * @param cache whether caches are flushed before each trial
   * @param telemetryIntervalMillis the telemetry sampling interval
   */
  public SessionSpec(String caseId, Precision precision, CacheMode cache, int telemetryIntervalMillis) {
    this(caseId, precision, cache, telemetryIntervalMillis, null);
  }
}
