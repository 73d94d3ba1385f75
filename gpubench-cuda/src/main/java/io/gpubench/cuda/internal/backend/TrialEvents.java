package io.gpubench.cuda.internal.backend;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import io.gpubench.api.spi.TrialCalls;
import io.gpubench.api.spi.TrialClock.TrialTime;
import io.gpubench.cuda.CaseResources;
import io.gpubench.cuda.CudaErrors;
import io.gpubench.cuda.internal.jna.CudaDriver;
import io.gpubench.cuda.internal.jna.CudaHot;
import io.gpubench.cuda.internal.jna.CudaLibs;

/**
 * A start and a stop event on the stream a case's trials are timed on (its own, or a framework's), and a trial's
 * calls between them: launched plainly, or queued behind the {@link StreamBlocker} so that the events bracket device
 * work only. The clocks ({@link EventClock}, {@link CudaTrialClock}) decide which, and when.
 */
final class TrialEvents implements AutoCloseable {
  private final CaseResources resources;
  private final Pointer start;
  private final Pointer end;

  TrialEvents(CaseResources resources) {
    this.resources = resources;
    start = event(resources.caseId());
    end = event(resources.caseId());
  }

  private static Pointer event(String caseId) {
    PointerByReference ev = new PointerByReference();
    CudaErrors.check(CudaLibs.cuda().cuEventCreate(ev, CudaDriver.CU_EVENT_DEFAULT), "cuEventCreate", caseId);
    return ev.getValue();
  }

  /**
   * A trial timed with events around plain launches.
   *
   * @param hostNanos host time from the start event to the end of the synchronisation
   * @param deviceNanos time between the events
   * @param queuedNanos the host's time to make the calls (to queue their work)
   */
  record Plain(double hostNanos, double deviceNanos, double queuedNanos) {
    TrialTime time() {
      return new TrialTime(hostNanos, deviceNanos);
    }
  }

  Plain plain(TrialCalls calls) throws Throwable {
    recordStart();
    long h0 = System.nanoTime();
    calls.run();
    long queued = System.nanoTime() - h0;
    recordEnd();
    synchronize("the end of a trial");
    long h1 = System.nanoTime();
    return new Plain(h1 - h0, elapsedNanos(), queued);
  }

  /** The work queued behind the blocking kernel, between events; the host lets the stream go once it is queued. */
  Plain blocked(StreamBlocker blocker, TrialCalls work) throws Throwable {
    blocker.block();
    boolean released = false;
    try {
      recordStart();
      long h0 = System.nanoTime();
      work.run();
      recordEnd();
      long queued = System.nanoTime() - h0;
      blocker.release();
      released = true;
      synchronize("the end of a blocked trial");
      long h1 = System.nanoTime();
      if (blocker.timedOut()) {
        throw new BlockedTrialTimeoutException(resources.caseId(), blocker.timeoutNanos(), queued);
      }
      return new Plain(h1 - h0, elapsedNanos(), queued);
    } finally {
      if (!released) {
        // A call threw with the stream held: let it go before the exception leaves, so the session stays usable.
        blocker.release();
        CudaHot.cuCtxSynchronize();
      }
    }
  }

  void recordStart() {
    record(start);
  }

  void recordEnd() {
    record(end);
  }

  private void record(Pointer event) {
    CudaErrors.check(CudaHot.cuEventRecord(event, resources.timedStream().handle()), "cuEventRecord",
        resources.caseId());
  }

  void synchronize(String what) {
    CudaErrors.check(CudaHot.cuCtxSynchronize(), "cuCtxSynchronize", what + " of " + resources.caseId());
  }

  double elapsedNanos() {
    float[] ms = new float[1];
    CudaErrors.check(CudaLibs.cuda().cuEventElapsedTime(ms, start, end), "cuEventElapsedTime", resources.caseId());
    return ms[0] * 1e6;
  }

  @Override
  public void close() {
    CudaLibs.cuda().cuEventDestroy_v2(start);
    CudaLibs.cuda().cuEventDestroy_v2(end);
  }
}
