package io.gpubench.engine.bench;

import io.gpubench.api.BenchmarkSkippedException;
import io.gpubench.api.spi.DeviceMemoryMeter;
import io.gpubench.engine.protocol.Failure;
import io.gpubench.engine.protocol.Phase;
import io.gpubench.engine.protocol.StepFailed;
import io.gpubench.engine.protocol.Throwables;
import java.lang.reflect.Method;

/**
 * A case's step that threw, as the engine gets it: the phase, the member at fault, a description, and whether the
 * case was skipped or its worker must be replaced. A heap or device that ran out of memory adds its figures to the
 * description: the exception alone does not say how full it was.
 */
final class StepFailures {

  private StepFailures() {}

  /**
   * The failure of a step, to throw.
   *
   * @param phase where the case was
   * @param member the member at fault, as messages name it, or null for the runner's own
   * @param e what was thrown
   * @param deviceMemory the case's device memory meter, or null for none
   * @return the exception that carries it
   */
  static StepFailed failed(Phase phase, String member, Throwable e, DeviceMemoryMeter.Watch deviceMemory) {
    return new StepFailed(failure(phase, member, e, deviceMemory), e);
  }

  /**
   * The failure of a step, to report.
   *
   * @param phase where the case was
   * @param member the member at fault, as messages name it, or null for the runner's own
   * @param e what was thrown
   * @param deviceMemory the case's device memory meter, or null for none
   * @return the failure
   */
  static Failure failure(Phase phase, String member, Throwable e, DeviceMemoryMeter.Watch deviceMemory) {
    boolean skip = e instanceof BenchmarkSkippedException;
    boolean vmError = e instanceof VirtualMachineError;
    String description = skip ? safeMessage(e) : Throwables.describe(e);
    if (e instanceof OutOfMemoryError) {
      description += io.gpubench.engine.memory.HeapWatch.heapFigures();
    }
    String deviceOom = null;
    try {
      deviceOom = skip || deviceMemory == null ? null : deviceMemory.outOfMemory(e).orElse(null);
    } catch (Throwable x) {
      // the failure as it is
    }
    if (deviceOom != null) {
      // A new worker frees what the process still holds (a framework's caching allocator keeps it).
      description += "; " + deviceOom;
      vmError = true;
    }
    return new Failure(phase, member, description, skip ? null : Throwables.stackTrace(e), skip, vmError);
  }

  /**
   * A method as messages name it: {@code setUp()}.
   *
   * @param m the method
   * @return the name
   */
  static String member(Method m) {
    return m.getName() + "()";
  }

  private static String safeMessage(Throwable e) {
    try {
      return String.valueOf(e.getMessage());
    } catch (RuntimeException x) {
      return Throwables.describe(e);
    }
  }
}
