package io.gpubench.engine.protocol;

import io.gpubench.api.BackendId;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The steps of a case's protocol, each once: its name on the wire, the phase a failure in it is reported in, and the
 * types of its request and reply ({@link Void} for none). The engine's side ({@code WorkerChannel}) and the worker's
 * ({@code WorkerMain}) both read them here, and {@link #run} is the one place a step becomes a call of a
 * {@link CaseChannel}. Wire version {@value Frames#VERSION}: a step's name and its types are part of it, so changing
 * either bumps the version.
 */
public enum Step {
  /** {@link CaseChannel#newWorldId}. */
  WORLD_ID("worldId", Phase.OPEN_BACKEND, BackendId.class, String.class),
  /** {@link CaseChannel#prepare}. */
  PREPARE("prepare", Phase.SETUP, CaseRequest.class, Steps.Prepared.class),
  /** {@link CaseChannel#checkedCall}. */
  CHECKED_CALL("checkedCall", Phase.CHECKED_CALL, Void.class, Steps.Checked.class),
  /** {@link CaseChannel#warmup}. */
  WARMUP("warmup", Phase.WARMUP, Integer.class, Steps.Warmed.class),
  /** {@link CaseChannel#settle}. */
  SETTLE("settle", Phase.WARMUP, Steps.SettlePlan.class, Steps.Settled.class),
  /** {@link CaseChannel#instrument}. */
  INSTRUMENT("instrument", Phase.TRIALS, Steps.Instruments.class, Void.class),
  /** {@link CaseChannel#startTrials}. */
  START_TRIALS("startTrials", Phase.TRIALS, Steps.TrialsPlan.class, Steps.Started.class),
  /** {@link CaseChannel#trials}. */
  TRIALS("trials", Phase.TRIALS, Steps.TrialsAsk.class, Steps.TrialBatch.class),
  /** {@link CaseChannel#endTrials}. */
  END_TRIALS("endTrials", Phase.TRIALS, Void.class, Steps.TrialsEnded.class),
  /** {@link CaseChannel#collect}. */
  COLLECT("collect", Phase.AUDIT, Steps.AuditRequest.class, Steps.Collected.class),
  /** {@link CaseChannel#finish}. */
  FINISH("finish", Phase.FINAL_CHECK, Void.class, Steps.Finished.class),
  /** {@link CaseChannel#abandon}. */
  ABANDON("abandon", Phase.TEARDOWN, Void.class, Steps.Released.class);

  private static final Map<String, Step> BY_NAME = Arrays.stream(values())
      .collect(Collectors.toUnmodifiableMap(Step::wireName, Function.identity()));

  private final String wireName;
  private final Phase phase;
  private final Class<?> request;
  private final Class<?> reply;

  Step(String wireName, Phase phase, Class<?> request, Class<?> reply) {
    this.wireName = wireName;
    this.phase = phase;
    this.request = request;
    this.reply = reply;
  }

  /**
   * The step's name on the wire.
   *
   * @return the name, such as {@code checkedCall}
   */
  public String wireName() {
    return wireName;
  }

  /**
   * The phase a failure of the step, or a worker lost in it, is reported in.
   *
   * @return the phase
   */
  public Phase phase() {
    return phase;
  }

  /**
   * The type of the step's request.
   *
   * @return the class, {@link Void} for none
   */
  public Class<?> requestType() {
    return request;
  }

  /**
   * The type of the step's reply.
   *
   * @return the class, {@link Void} for none
   */
  public Class<?> replyType() {
    return reply;
  }

  /**
   * A step by its name on the wire.
   *
   * @param name the name
   * @return the step
   * @throws IllegalArgumentException naming the name and the known ones
   */
  public static Step ofWireName(String name) {
    Step s = BY_NAME.get(name);
    if (s == null) {
      throw new IllegalArgumentException("unknown step '" + name + "' (known: " + BY_NAME.keySet() + ")");
    }
    return s;
  }

  /**
   * This step with its request, to be run.
   *
   * @param body the request, of {@link #requestType()}; null for {@link Void}
   * @return the call
   */
  public Call with(Object body) {
    return new Call(this, body);
  }

  /**
   * Runs the step on a channel.
   *
   * @param channel where it runs
   * @param body its request, of {@link #requestType()}
   * @return its reply, of {@link #replyType()}; null for {@link Void}
   * @throws StepFailed what the channel's step threw
   */
  public Object run(CaseChannel channel, Object body) throws StepFailed {
    return switch (this) {
      case WORLD_ID -> channel.newWorldId((BackendId) body);
      case PREPARE -> channel.prepare((CaseRequest) body);
      case CHECKED_CALL -> channel.checkedCall();
      case WARMUP -> channel.warmup((Integer) body);
      case SETTLE -> channel.settle((Steps.SettlePlan) body);
      case INSTRUMENT -> {
        channel.instrument((Steps.Instruments) body);
        yield null;
      }
      case START_TRIALS -> channel.startTrials((Steps.TrialsPlan) body);
      case TRIALS -> channel.trials((Steps.TrialsAsk) body);
      case END_TRIALS -> channel.endTrials();
      case COLLECT -> channel.collect((Steps.AuditRequest) body);
      case FINISH -> channel.finish();
      case ABANDON -> channel.abandon();
    };
  }

  /**
   * A step as the runner runs it, its request completed from the replies before it in its exchange: trials whose
   * budget the warm-up pays for get the budget it left ({@link Steps.TrialsAsk#resolved}).
   *
   * @param call the step as the engine sent it
   * @param before the replies so far in the exchange
   * @return the step to run
   */
  public static Call resolved(Call call, java.util.List<Object> before) {
    return call.step() == TRIALS ? TRIALS.with(((Steps.TrialsAsk) call.body()).resolved(before)) : call;
  }

  /**
   * Whether a step's reply ends its exchange, the steps after it not run: trials asked for until the stopping rule
   * decides that came back undecided (their slice of time ran out). The engine sends the end of a case (trials ended,
   * the audit, the last check) behind the step of trials, to be run once the runner's rule decides; undecided, it asks
   * for more trials, and the end again.
   *
   * @param call the step and its request
   * @param reply its reply
   * @return true when the steps after it are not run
   */
  public static boolean endsExchange(Call call, Object reply) {
    return call.step() == TRIALS && ((Steps.TrialsAsk) call.body()).until() != null
        && !((Steps.TrialBatch) reply).decided();
  }

  /**
   * Whether replies answer an exchange: one a step, or fewer where the last ends the exchange ({@link #endsExchange}).
   *
   * @param calls the steps asked for
   * @param replies the replies
   * @return true when they do
   */
  public static boolean answers(java.util.List<Call> calls, java.util.List<Object> replies) {
    int n = replies.size();
    return n == calls.size() || n > 0 && n < calls.size() && endsExchange(calls.get(n - 1), replies.get(n - 1));
  }

  /**
   * A step with its request.
   *
   * @param step the step
   * @param body its request, of the step's {@link #requestType()}; null for {@link Void}
   */
  public record Call(Step step, Object body) {

    /**
     * Checks the request's type.
     *
     * @param step step
     * @param body request
     */
    public Call {
      if (step.request == Void.class ? body != null : !step.request.isInstance(body)) {
        throw new IllegalArgumentException("step " + step.wireName + " takes " + step.request.getSimpleName()
            + ", not " + (body == null ? "nothing" : body.getClass().getSimpleName()));
      }
    }
  }
}
