package io.gpubench.engine.discovery;

import io.gpubench.engine.declaration.InvalidDeclarationException;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.hierarchical.Node;

/**
 * The one test of a class that cannot run, named after what is at fault ({@code invalid @Shape},
 * {@code invalid configuration gpubench.profile}); it fails with the problem. It has no source of its own, so that a
 * method filter ({@code -Dtest=Class#method}) never hides it; Surefire files it under the class's test set.
 */
final class ProblemDescriptor extends AbstractTestDescriptor implements Node<GpuBenchExecutionContext> {
  static final String SEGMENT_TYPE = "problem";
  static final String SEGMENT_VALUE = "declaration";

  private final InvalidDeclarationException problem;

  ProblemDescriptor(UniqueId parentId, InvalidDeclarationException problem) {
    super(parentId.append(SEGMENT_TYPE, SEGMENT_VALUE), "invalid " + problem.member());
    this.problem = problem;
  }

  @Override
  public Type getType() {
    return Type.TEST;
  }

  @Override
  public GpuBenchExecutionContext execute(GpuBenchExecutionContext context, DynamicTestExecutor dynamic) {
    throw problem;
  }
}
