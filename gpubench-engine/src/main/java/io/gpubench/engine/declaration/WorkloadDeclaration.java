package io.gpubench.engine.declaration;

import java.lang.reflect.Method;

/**
 * One workload of a benchmark class: a {@code @Measure} method, timed as it is, or a {@code @Model} method, whose
 * block's forward pass is timed.
 *
 * @param name the workload's name in reports
 * @param method the annotated method
 * @param kind what the method is
 */
public record WorkloadDeclaration(String name, Method method, Kind kind) {

  /** What a workload method is. */
  public enum Kind {
    /** A {@code @Measure} method: the timed call itself. */
    MEASURE,
    /** A {@code @Model} method: returns a DJL block whose forward pass is timed. */
    MODEL
  }

  /**
   * The workload as a message names its member: {@code @Measure run()} or {@code @Model model()}, for failures in a
   * call that the runner or the engine reports (the engine when a worker lost in a call could not say whose it was).
   *
   * @return the annotation and the method
   */
  public String member() {
    return (kind == Kind.MODEL ? "@Model " : "@Measure ") + method.getName() + "()";
  }
}
