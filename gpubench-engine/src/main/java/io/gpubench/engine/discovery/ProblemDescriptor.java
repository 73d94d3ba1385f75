package io.gpubench.engine.discovery;

import io.gpubench.engine.declaration.InvalidDeclarationException;
import io.gpubench.engine.execution.Results;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.hierarchical.Node;

/**
 * The one test of a class that cannot run, named after what is at fault ({@code invalid @Shape},
 * {@code invalid configuration gpubench.profile}); it fails with the problem, which the run also records as an
 * ERROR entry. It has no source of its own, so that a
 * method filter ({@code -Dtest=Class#method}) never hides it; Surefire files it under the class's test set.
 */
final class ProblemDescriptor extends AbstractTestDescriptor implements Node<GpuBenchExecutionContext> {
  static final String SEGMENT_TYPE = "problem";
  static final String SEGMENT_VALUE = "declaration";

  private final String className;
  private final InvalidDeclarationException problem;

  ProblemDescriptor(UniqueId parentId, String className, InvalidDeclarationException problem) {
    super(parentId.append(SEGMENT_TYPE, SEGMENT_VALUE), "invalid " + problem.member());
    this.className = className;
    this.problem = problem;
  }

  /** The id of the ERROR entry the run records for the class: {@code Class#invalid <member>}. */
  String caseId() {
    return className + "#" + getDisplayName();
  }

  @Override
  public Type getType() {
    return Type.TEST;
  }

  @Override
  public GpuBenchExecutionContext execute(GpuBenchExecutionContext context, DynamicTestExecutor dynamic) {
    // Recorded like a case (journal, results, reports, the gate's count), not only thrown at the test report: a
    // build that ignores test failures must still not pass its gate beside a class that never ran.
    if (context.recorder() != null) {
      context.recorder().starting(caseId());
      context.recorder().record(Results.invalid(caseId(), className, getDisplayName(), problem.getMessage()));
    }
    throw problem;
  }
}
