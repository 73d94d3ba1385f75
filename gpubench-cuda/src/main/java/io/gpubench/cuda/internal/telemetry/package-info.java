/**
 * Not API: NVML telemetry while trials run: a sampler thread
 * ({@link io.gpubench.cuda.internal.telemetry.TelemetrySampler}) and the rules that turn samples into a case's
 * clocks, power, throttle reasons and its throttled and shared flags
 * ({@link io.gpubench.cuda.internal.telemetry.TelemetryAggregator}).
 */
package io.gpubench.cuda.internal.telemetry;
