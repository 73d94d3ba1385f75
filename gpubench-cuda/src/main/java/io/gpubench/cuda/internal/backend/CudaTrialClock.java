package io.gpubench.cuda.internal.backend;

import io.gpubench.api.CacheMode;
import io.gpubench.api.DeviceTiming;
import io.gpubench.api.spi.TrialCalls;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.cuda.CaseResources;
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

  private final CaseResources resources;
  private final CacheMode cache;
  private final DeviceTiming requested;
  private final long minBlockTimeoutNanos;
  private final TrialEvents events;
  private DeviceTiming mode;
  private String reason;
  private StreamBlocker blocker;
  private CapturedCalls graph;
  private long hostStart;
  private boolean closed;

  /**
   * Makes the clock; the blocking kernel and the graph are made at the first trial.
   *
   * @param resources the case's resources (its timed stream)
   * @param cache the case's cache mode: a cold case's extra passes flush L2 first, as its trials do
   * @param requested the mode asked for
   * @param minBlockTimeoutNanos the least timeout of the blocking kernel
   */
  CudaTrialClock(CaseResources resources, CacheMode cache, DeviceTiming requested, long minBlockTimeoutNanos) {
    this.resources = resources;
    this.cache = cache;
    this.requested = requested == null ? DeviceTiming.AUTO : requested;
    this.minBlockTimeoutNanos = minBlockTimeoutNanos;
    resources.runtime().makeCurrent();
    events = new TrialEvents(resources);
  }

  @Override
  public TrialTime time(TrialCalls calls) throws Throwable {
    resources.runtime().makeCurrent();
    return mode == null ? first(calls) : trial(calls);
  }

  private TrialTime first(TrialCalls calls) throws Throwable {
    if (requested == DeviceTiming.EVENTS) {
      decide(DeviceTiming.EVENTS, asked());
      return plain(calls).time();
    }
    TrialEvents.Plain probe = plain(calls);
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
    if (resources.timedOnLegacyDefaultStream()) {
      AutoTiming.Choice c = AutoTiming.onUncapturableStream(requested, next, why, probe.deviceNanos(),
          resources.timedStreamName(), caseId());
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
        graph = CapturedCalls.capture(resources, calls);
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
    blocker = new StreamBlocker(resources, timeout);
    decide(next, why);
    if (graph != null) {
      // The first launch of an instantiated graph uploads it: an untimed replay, like a warm-up call.
      graph.launch();
      events.synchronize("the first replay of the captured calls");
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
        TrialEvents.Plain replay = blocked(graph::launch);
        return new TrialTime(replay.hostNanos(), replay.deviceNanos(), launchInclusive(calls));
      }
      case BLOCKED: {
        TrialEvents.Plain held = blocked(calls);
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
    if (cache == CacheMode.COLD) {
      resources.flushCache();
    }
    resources.synchronize();
  }

  private TrialEvents.Plain plain(TrialCalls calls) throws Throwable {
    return events.plain(calls);
  }

  private TrialEvents.Plain blocked(TrialCalls work) throws Throwable {
    return events.blocked(blocker, work);
  }

  private void decide(DeviceTiming m, String why) {
    mode = m;
    String stream = resources.timedStreamName();
    reason = stream == null ? why : why + " (timed on " + stream + ", the stream the case's framework works on)";
  }

  private String asked() {
    return "asked for: @Trials(deviceTiming = " + requested + ") or gpubench.cuda.timing="
        + requested.name().toLowerCase(Locale.ROOT);
  }

  private String caseId() {
    return resources.caseId();
  }

  /** Plain timing, whatever the mode: start event and host clock; {@link #time} is what applies the mode. */
  @Override
  public void start() {
    resources.runtime().makeCurrent();
    events.recordStart();
    hostStart = System.nanoTime();
  }

  @Override
  public TrialTime stop() {
    events.recordEnd();
    events.synchronize("the end of a trial");
    return new TrialTime(System.nanoTime() - hostStart, events.elapsedNanos());
  }

  @Override
  public String deviceClock() {
    return EventClock.deviceClock(resources.timedStreamName());
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
    events.close();
  }
}
