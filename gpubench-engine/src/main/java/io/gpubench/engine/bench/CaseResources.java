package io.gpubench.engine.bench;

import io.gpubench.api.Tensor;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.DeviceMemoryMeter;
import io.gpubench.api.spi.TelemetryRecorder;
import io.gpubench.api.spi.TrialCalls;
import io.gpubench.api.spi.TrialClock;
import io.gpubench.engine.memory.ResidentPeak;
import io.gpubench.engine.protocol.CaseRequest;
import io.gpubench.engine.protocol.Failure;
import io.gpubench.engine.protocol.Phase;
import io.gpubench.engine.protocol.Steps;
import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the case a session runs holds from its preparation to its release: what {@link CasePreparation} opened (the
 * instance, the backend session, the context, the workload, the reference), what the trials started (telemetry, the
 * instruments, the batch trials) and the results the trial loop keeps. One per session, refilled case after case, so
 * that a case whose preparation failed half-way is released as far as it got, by the same {@link #release}.
 */
final class CaseResources {
  CaseRequest request;
  // the last case's until a preparation finds this one's: the release reports its backend's fault, which outlives
  // the case (a device a kernel poisoned stays so in this process)
  RunnerCase spec;
  Object instance;
  // read by the worker's reader thread too, which aborts a world's session when another rank failed
  volatile BackendSession session;
  DeviceMemoryMeter.Watch deviceMemory;
  DefaultBenchContext ctx;
  TensorOps ops;
  Workload workload;
  Tensor reference;
  final Map<Tensor, Long> inputPrints = new LinkedHashMap<>();
  CallLoop loop;
  TrialClock clock;
  ResidentPeak resident;
  TelemetryRecorder telemetry;
  CaseInstruments instruments;
  // the batch figure's trials beside each trial, or null for none
  BatchTrials batch;
  boolean released = true;
  private Object[] kept = new Object[0];

  /**
   * The calls of a trial of {@code n} calls through the trial loop, with room for what they keep.
   *
   * @param n the calls
   * @return them
   */
  TrialCalls trialCalls(int n) {
    ensureKept(n);
    CallLoop calls = loop;
    return () -> calls.run(n, kept);
  }

  /**
   * Runs {@code n} calls through the trial loop, into the room {@link #ensureKept} made.
   *
   * @param n the calls
   * @throws Throwable what a call threw
   */
  void run(int n) throws Throwable {
    loop.run(n, kept);
  }

  /** The trial loop for the batch figure's trials: room for what they keep, released after the clock. */
  BatchTrials.Loop keptLoop() {
    CallLoop calls = loop;
    return new BatchTrials.Loop() {
      @Override
      public TrialCalls calls(int n) {
        ensureKept(n);
        return () -> calls.run(n, kept);
      }

      @Override
      public void release(int n) {
        releaseKept(n);
      }
    };
  }

  /**
   * Room for the results of a loop that keeps them; none for one that consumes them.
   *
   * @param calls the calls to make room for
   */
  void ensureKept(int calls) {
    if (loop.keeps() && kept.length < calls) {
      kept = new Object[calls];
    }
  }

  /**
   * Releases what a loop kept, after the clock stopped.
   *
   * @param calls the calls made
   */
  void releaseKept(int calls) {
    if (!loop.keeps()) {
      return;
    }
    for (int i = 0; i < calls; i++) {
      Object r = kept[i];
      if (r != null) {
        kept[i] = null;
        ops.release(r);
      }
    }
  }

  /**
   * The output to check: what the call returned, or else the one output the case registered.
   *
   * @param returned what the call returned, or null
   * @return the output
   */
  Tensor output(Object returned) {
    if (returned != null) {
      return ops.adopt("output", returned);
    }
    List<Tensor> outputs = ctx.outputs();
    if (outputs.size() == 1) {
      return outputs.get(0);
    }
    throw new IllegalStateException(outputs.isEmpty()
        ? "the workload returned nothing and registered no output, but the class has a @Reference to check against"
        : "the workload returned nothing and registered " + outputs.size()
            + " outputs; return the one to check against the @Reference");
  }

  /**
   * Runs the tear-down methods, then frees the workload and the backend session; never throws.
   *
   * @return the first tear-down that failed, and the backend's fault
   */
  Steps.Released release() {
    if (released) {
      return new Steps.Released(null, null);
    }
    released = true;
    Failure tearDown = null;
    try {
      if (telemetry != null) {
        telemetry.stop();
      }
    } catch (Throwable e) {
      // telemetry of a failed case is not reported
    }
    telemetry = null;
    if (deviceMemory != null) {
      try {
        deviceMemory.stop();
      } catch (Throwable e) {
        // a failed case's device memory is in its message where it ran out of it
      }
      deviceMemory = null;
    }
    if (instruments != null) {
      instruments.abandon();
      instruments = null;
    }
    if (loop != null) {
      try {
        releaseKept(kept.length);
      } catch (Throwable e) {
        // the case failed already; what its last trial kept is released as far as it goes
      }
    }
    loop = null;
    clock = null;
    batch = null;
    if (instance != null && ctx != null) {
      for (Method m : spec.declaration().tearDowns()) {
        try {
          MethodInvoker.invoke(instance, m, ctx);
        } catch (Throwable e) {
          if (tearDown == null) {
            tearDown = failure(StepFailures.member(m), e);
          }
        }
      }
    }
    try {
      if (workload != null) {
        workload.close();
      }
    } catch (Throwable e) {
      tearDown = tearDown != null ? tearDown : failure("closing the workload", e);
    }
    try {
      if (session != null) {
        session.close();
      }
    } catch (Throwable e) {
      tearDown = tearDown != null ? tearDown : failure("closing the backend session", e);
    }
    String fault = spec == null ? null : spec.backend().fault().orElse(null);
    instance = null;
    workload = null;
    session = null;
    ctx = null;
    return new Steps.Released(tearDown, fault);
  }

  private Failure failure(String member, Throwable e) {
    return StepFailures.failure(Phase.TEARDOWN, member, e, deviceMemory);
  }
}
