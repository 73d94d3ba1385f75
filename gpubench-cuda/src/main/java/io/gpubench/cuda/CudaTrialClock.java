package io.gpubench.cuda;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import io.gpubench.api.CacheMode;
import io.gpubench.api.DeviceTiming;
import io.gpubench.api.spi.TrialCalls;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.cuda.jna.CudaDriver;
import io.gpubench.cuda.jna.CudaHot;
import io.gpubench.cuda.jna.CudaLibs;
import java.util.Locale;

/**
 * The clock of one case's trials on a CUDA device, in a {@link DeviceTiming} mode, kept for all its trials:
 *
 * <ul>
 *   <li>{@code EVENTS}: start event, the calls launched plainly, stop event, synchronise: the launch-inclusive
 *       latency, as before modes existed.
 *   <li>{@code BLOCKED}: a {@link StreamBlocker} kernel holds the stream, then the start event, the calls and the stop
 *       event are queued behind it, the host releases it and synchronises: the events bracket device work only.
 *   <li>{@code GRAPH}: the calls are captured once ({@link CapturedCalls}); each trial replays them with one launch,
 *       queued behind the same blocking kernel (without it the start event would run while the host is still in
 *       {@code cuGraphLaunch}, which is the launch path again).
 * </ul>
 *
 * <p>Before the first trial in any mode but {@code EVENTS}, one trial's calls run plainly between events, untimed: the
 * probe. {@code AUTO} chooses from it ({@link AutoTiming}); the blocking kernel's timeout is ten times the host's
 * time to queue it, at least a second. Outside {@code EVENTS} every trial is followed by the same calls launched
 * plainly between events: the trial's launch-inclusive figure, reported apart. {@code AUTO} falls back from graph to
 * blocked when the calls cannot be captured (to events when they queue nothing on the case's stream, as a library
 * with its own stream does), and from blocked to events when the first blocked trial times out, saying so in
 * {@link #modeReason()}; a mode asked for fails instead, with the reason.
 *
 * <p>Where a framework has the trials timed on its own stream ({@link io.gpubench.api.spi.FrameworkStream}: DJL on
 * the device's legacy default stream), the events and the blocking kernel go on that stream, and
 * {@link #deviceClock()} names it. CUDA cannot capture the legacy default stream, so there {@code AUTO} queues short
 * trials behind the blocking kernel instead of replaying a graph, and {@code GRAPH} asked for fails with the reason.
 */
final class CudaTrialClock implements TrialClock, AutoCloseable {
  /** The shortest time the blocking kernel holds a stream before it gives up. */
  static final long MIN_BLOCK_TIMEOUT_NANOS = 1_000_000_000L;

  /** The blocking kernel's timeout as a multiple of the host's time to queue a trial's calls plainly. */
  static final double TIMEOUT_FACTOR = 10;

  private final CudaSession session;
  private final DeviceTiming requested;
  private final long minBlockTimeoutNanos;
  private final Pointer evStart;
  private final Pointer evEnd;
  private DeviceTiming mode;
  private String reason;
  private StreamBlocker blocker;
  private CapturedCalls graph;
  private long hostStart;
  private boolean closed;

  /**
   * Makes the clock; the blocking kernel and the graph are made at the first trial.
   *
   * @param session the case's session
   * @param requested the mode asked for
   * @param minBlockTimeoutNanos the least timeout of the blocking kernel
   */
  CudaTrialClock(CudaSession session, DeviceTiming requested, long minBlockTimeoutNanos) {
    this.session = session;
    this.requested = requested == null ? DeviceTiming.AUTO : requested;
    this.minBlockTimeoutNanos = minBlockTimeoutNanos;
    session.runtime().makeCurrent();
    evStart = event();
    evEnd = event();
  }

  private Pointer event() {
    PointerByReference ev = new PointerByReference();
    CudaLibs.check(CudaLibs.cuda().cuEventCreate(ev, CudaDriver.CU_EVENT_DEFAULT), "cuEventCreate", caseId());
    return ev.getValue();
  }

  @Override
  public TrialTime time(TrialCalls calls) throws Throwable {
    session.runtime().makeCurrent();
    return mode == null ? first(calls) : trial(calls);
  }

  private TrialTime first(TrialCalls calls) throws Throwable {
    if (requested == DeviceTiming.EVENTS) {
      decide(DeviceTiming.EVENTS, asked());
      return plain(calls).time();
    }
    Plain probe = plain(calls);
    long timeout = Math.max(minBlockTimeoutNanos, (long) (TIMEOUT_FACTOR * probe.queuedNanos()));
    String why;
    DeviceTiming next;
    if (requested == DeviceTiming.AUTO) {
      AutoTiming.Choice choice = AutoTiming.choose(probe.deviceNanos(), probe.queuedNanos());
      if (choice.mode() == DeviceTiming.EVENTS) {
        decide(DeviceTiming.EVENTS, choice.reason());
        return probe.time();
      }
      why = choice.reason();
      next = choice.mode();
    } else {
      why = asked();
      next = requested;
    }
    if (session.timedStream().isLegacyDefault()) {
      AutoTiming.Choice c =
          onUncapturableStream(requested, next, why, probe.deviceNanos(), session.timedStreamName(), caseId());
      if (c.mode() == DeviceTiming.EVENTS) {
        decide(DeviceTiming.EVENTS, c.reason());
        return probe.time();
      }
      next = c.mode();
      why = c.reason();
    }
    if (next == DeviceTiming.GRAPH) {
      settle();
      try {
        graph = CapturedCalls.capture(session, calls);
      } catch (GraphCaptureException e) {
        if (requested == DeviceTiming.GRAPH) {
          throw e;
        }
        if (e.emptyCapture()) {
          // Nothing on the case's stream: holding it would change nothing, and no event there sees the work.
          decide(DeviceTiming.EVENTS, why + "; but the workload " + e.brief() + ", so events around plain launches"
              + " as before (events on the case's stream do not see work on other streams; the host figure does)");
          return probe.time();
        }
        why += "; but the workload " + e.brief() + ", so its calls are queued behind a blocking kernel instead";
        next = DeviceTiming.BLOCKED;
      }
    }
    blocker = new StreamBlocker(session, timeout);
    decide(next, why);
    if (graph != null) {
      // The first launch of an instantiated graph uploads it: an untimed replay, like a warm-up call.
      graph.launch();
      synchronize("the first replay of the captured calls");
    }
    settle();
    try {
      return trial(calls);
    } catch (BlockedTrialTimeoutException e) {
      if (requested != DeviceTiming.AUTO || mode != DeviceTiming.BLOCKED) {
        throw e;
      }
      decide(DeviceTiming.EVENTS, why + "; but " + e.brief() + ", so events around plain launches instead");
      settle();
      return plain(calls).time();
    }
  }

  private TrialTime trial(TrialCalls calls) throws Throwable {
    switch (mode) {
      case GRAPH: {
        Plain replay = blocked(graph::launch);
        return new TrialTime(replay.hostNanos(), replay.deviceNanos(), launchInclusive(calls));
      }
      case BLOCKED: {
        Plain held = blocked(calls);
        return new TrialTime(held.hostNanos(), held.deviceNanos(), launchInclusive(calls));
      }
      default:
        return plain(calls).time();
    }
  }

  /** The same calls launched plainly between events, after the trial: its launch-inclusive figure. */
  private double launchInclusive(TrialCalls calls) throws Throwable {
    settle();
    return plain(calls).deviceNanos();
  }

  /** What the engine does before a trial, for the extra passes: flush L2 in cold mode, synchronise. */
  private void settle() {
    if (session.spec().cache() == CacheMode.COLD) {
      session.flushCache();
    }
    session.synchronize();
  }

  /**
   * A trial timed with events around plain launches.
   *
   * @param hostNanos host time from the start event to the end of the synchronisation
   * @param deviceNanos time between the events
   * @param queuedNanos the host's time to make the calls (to queue their work)
   */
  private record Plain(double hostNanos, double deviceNanos, double queuedNanos) {
    TrialTime time() {
      return new TrialTime(hostNanos, deviceNanos);
    }
  }

  private Plain plain(TrialCalls calls) throws Throwable {
    record(evStart);
    long h0 = System.nanoTime();
    calls.run();
    long queued = System.nanoTime() - h0;
    record(evEnd);
    synchronize("the end of a trial");
    long h1 = System.nanoTime();
    return new Plain(h1 - h0, elapsedNanos(), queued);
  }

  /** The work queued behind the blocking kernel, between events; the host lets the stream go once it is queued. */
  private Plain blocked(TrialCalls work) throws Throwable {
    blocker.block();
    boolean released = false;
    try {
      record(evStart);
      long h0 = System.nanoTime();
      work.run();
      record(evEnd);
      long queued = System.nanoTime() - h0;
      blocker.release();
      released = true;
      synchronize("the end of a blocked trial");
      long h1 = System.nanoTime();
      if (blocker.timedOut()) {
        throw new BlockedTrialTimeoutException(caseId(), blocker.timeoutNanos(), queued);
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

  private void record(Pointer event) {
    CudaLibs.check(CudaHot.cuEventRecord(event, session.timedStream().handle()), "cuEventRecord", caseId());
  }

  private void synchronize(String what) {
    CudaLibs.check(CudaHot.cuCtxSynchronize(), "cuCtxSynchronize", what + " of " + caseId());
  }

  private double elapsedNanos() {
    float[] ms = new float[1];
    CudaLibs.check(CudaLibs.cuda().cuEventElapsedTime(ms, evStart, evEnd), "cuEventElapsedTime", caseId());
    return ms[0] * 1e6;
  }

  private void decide(DeviceTiming m, String why) {
    mode = m;
    String stream = session.timedStreamName();
    reason = stream == null ? why : why + " (timed on " + stream + ", the stream the case's framework works on)";
  }

  private String asked() {
    return "asked for: @Trials(deviceTiming = " + requested + ") or gpubench.cuda.timing="
        + requested.name().toLowerCase(Locale.ROOT);
  }

  private String caseId() {
    return session.spec().caseId();
  }

  /**
   * The device clock's name in the results: {@code cuda-event} on the session's stream, {@code cuda-event@NAME} on a
   * framework's stream.
   *
   * @param frameworkStream the framework's name for its stream, or null
   * @return the name
   */
  static String deviceClock(String frameworkStream) {
    return frameworkStream == null ? "cuda-event" : "cuda-event@" + frameworkStream;
  }

  /**
   * What a trial is timed in on a stream CUDA cannot capture (the legacy default stream, where DJL works): graph
   * replay is impossible there. {@code AUTO}'s graph becomes blocked for a short trial; for a long one (chosen because
   * queueing took over half the device time) it becomes events, since a call that takes as long to queue as to run
   * most likely waits for the device itself (a training step ends in a host read), and no blocking kernel can hold a
   * stream the call waits for. A graph asked for fails.
   *
   * @param requested the mode asked for
   * @param chosen the mode the rule chose ({@code GRAPH}, {@code BLOCKED} or {@code EVENTS})
   * @param why the reason so far
   * @param probeNanos the probe trial's device time, NaN where there was none
   * @param stream the framework's name for the stream
   * @param caseId the case, for the message
   * @return the mode and its reason
   * @throws IllegalStateException when {@code GRAPH} was asked for
   */
  static AutoTiming.Choice onUncapturableStream(DeviceTiming requested, DeviceTiming chosen, String why,
      double probeNanos, String stream, String caseId) {
    if (chosen != DeviceTiming.GRAPH) {
      return new AutoTiming.Choice(chosen, why);
    }
    String legacy = stream + ", the device's legacy default stream, which CUDA cannot capture into a graph";
    if (requested == DeviceTiming.GRAPH) {
      throw new IllegalStateException("cannot time " + caseId + " in graph mode: its work is on " + legacy
          + "; time it with gpubench.cuda.timing=blocked (device work only) or events");
    }
    if (probeNanos >= AutoTiming.EVENTS_FROM_NANOS) {
      return new AutoTiming.Choice(DeviceTiming.EVENTS, why + "; but the case's work is on " + legacy + ", and a call"
          + " that takes as long to queue as to run most likely waits for the device itself, which no blocking"
          + " kernel can hold: events around plain launches on that stream");
    }
    return new AutoTiming.Choice(DeviceTiming.BLOCKED, why + "; but the case's work is on " + legacy
        + ", so its calls are queued behind a blocking kernel on that stream instead");
  }

  /** Plain timing, whatever the mode: start event and host clock; {@link #time} is what applies the mode. */
  @Override
  public void start() {
    session.runtime().makeCurrent();
    record(evStart);
    hostStart = System.nanoTime();
  }

  @Override
  public TrialTime stop() {
    record(evEnd);
    synchronize("the end of a trial");
    return new TrialTime(System.nanoTime() - hostStart, elapsedNanos());
  }

  @Override
  public String deviceClock() {
    return deviceClock(session.timedStreamName());
  }

  @Override
  public DeviceTiming mode() {
    return mode;
  }

  @Override
  public String modeReason() {
    return reason;
  }

  /**
   * The captured graph's node count, for tests and messages.
   *
   * @return the nodes, or 0 when nothing was captured
   */
  long graphNodes() {
    return graph == null ? 0 : graph.nodes();
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (graph != null) {
      graph.close();
      graph = null;
    }
    if (blocker != null) {
      blocker.close();
      blocker = null;
    }
    CudaLibs.cuda().cuEventDestroy_v2(evStart);
    CudaLibs.cuda().cuEventDestroy_v2(evEnd);
  }
}
