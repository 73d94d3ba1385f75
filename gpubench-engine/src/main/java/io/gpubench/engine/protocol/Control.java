package io.gpubench.engine.protocol;

import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The frames of the wire between the engine and a worker, other than the steps' own requests and replies (which
 * travel in {@link #STEPS} and {@link #REPLIES}), each with its name on the wire and what its body is. Both sides
 * read them here ({@link Frames}). Wire version {@value Frames#VERSION}.
 *
 * <p>The frames say nothing of how they travel: a worker started by the engine connects over the loopback interface
 * today; one started by a cluster's own launcher ({@code srun}) would connect over TCP from another host with the
 * same hello (the run's secret), and the frames would not change.
 */
public enum Control {
  /** Worker to engine, first: its {@link Hello}; the engine checks the proof, then the version. */
  HELLO("hello", Hello.class),
  /** Engine to worker: the run's {@code gpubench.} settings for the worker's backends, a string map. */
  CONFIGURE("configure", Settings.class),
  /** Worker to engine: configured, no body. */
  CONFIGURED("configured", Void.class),
  /** Engine to worker: steps of a case to run in order, stopping at the first that fails. */
  STEPS("steps", Void.class),
  /**
   * Worker to engine, during {@link #STEPS}: the index of the step under way, for time limits and messages. A worker
   * on the engine's host sends it once the step has run a little while (it marks every step in a file the engine
   * reads if it loses the worker); a worker on another host, as each step starts.
   */
  PROGRESS("progress", Integer.class),
  /** Worker to engine: the replies of the steps run, and the failure of the one that failed, if any. */
  REPLIES("replies", Void.class),
  /** Worker to engine, during a step of a world: the rank arrived at the engine's barrier. */
  BARRIER("barrier", Void.class),
  /** Engine to worker: every rank arrived; go on. */
  RELEASE("release", Void.class),
  /** Engine to worker: another rank of the world failed; abort the world's waits now. */
  ABORT("abort", Void.class),
  /** Either way: a thread dump asked for (a null body), and the answer (the dump as text). */
  THREAD_DUMP("threadDump", String.class),
  /** Worker to engine: the worker itself failed (not a step), with the throwable as text; it is lost. */
  WORKER_ERROR("workerError", String.class),
  /** Engine to worker: exit. */
  EXIT("exit", Void.class),
  /** Worker to engine: the answer to {@link #EXIT}. */
  BYE("bye", Void.class);

  private static final Map<String, Control> BY_NAME = Arrays.stream(values())
      .collect(Collectors.toUnmodifiableMap(Control::wireName, Function.identity()));

  private final String wireName;
  private final Class<?> body;

  Control(String wireName, Class<?> body) {
    this.wireName = wireName;
    this.body = body;
  }

  /**
   * What the frame's body is ({@link Void} for none; {@link #STEPS} and {@link #REPLIES} carry their steps' types).
   *
   * @return the type
   */
  public Class<?> bodyType() {
    return body;
  }

  /**
   * The frame's name on the wire.
   *
   * @return the name
   */
  public String wireName() {
    return wireName;
  }

  /**
   * A frame by its name on the wire.
   *
   * @param name the name
   * @return the frame kind, or null when unknown
   */
  static Control ofWireName(String name) {
    return BY_NAME.get(name);
  }
}
