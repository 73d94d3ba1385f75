package io.gpubench.cuda.internal.backend;

import io.gpubench.api.DeviceTiming;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.cuda.CaseResources;
import io.gpubench.cuda.CudaErrors;
import io.gpubench.cuda.internal.jna.CudaHot;

/**
 * The session's plain clock ({@code clock()}, what a world's trials use): a start event and the host clock, the
 * calls, a stop event, the world's wait in a world, a synchronise; on the stream the trials are timed on.
 */
final class EventClock implements TrialClock, AutoCloseable {
  private final CaseResources resources;
  private final Runnable awaitWorld;
  private final TrialEvents events;
  private long hostStart;

  EventClock(CaseResources resources, Runnable awaitWorld) {
    this.resources = resources;
    this.awaitWorld = awaitWorld;
    events = new TrialEvents(resources);
  }

  @Override
  public void start() {
    resources.runtime().makeCurrent();
    events.recordStart();
    hostStart = System.nanoTime();
  }

  @Override
  public TrialTime stop() {
    events.recordEnd();
    awaitWorld.run();
    CudaErrors.check(CudaHot.cuCtxSynchronize(), "cuCtxSynchronize", "end of a trial of " + resources.caseId());
    long hostEnd = System.nanoTime();
    return new TrialTime(hostEnd - hostStart, events.elapsedNanos());
  }

  @Override
  public String deviceClock() {
    return deviceClock(resources.timedStreamName());
  }

  /**
   * The device clock's name in the results: {@code cuda-event} on the case's stream, {@code cuda-event@NAME} on a
   * framework's stream.
   *
   * @param frameworkStream the framework's name for its stream, or null
   * @return the name
   */
  static String deviceClock(String frameworkStream) {
    return frameworkStream == null ? "cuda-event" : "cuda-event@" + frameworkStream;
  }

  @Override
  public DeviceTiming mode() {
    return DeviceTiming.EVENTS;
  }

  @Override
  public String modeReason() {
    return "the session's plain clock: events around plain launches";
  }

  @Override
  public void close() {
    events.close();
  }
}
