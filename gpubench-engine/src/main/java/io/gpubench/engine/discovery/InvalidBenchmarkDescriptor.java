package io.gpubench.engine.discovery;

import io.gpubench.engine.declaration.InvalidDeclarationException;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.hierarchical.Node;

/**
 * A benchmark class whose declaration is invalid. It is kept in the tree as one failing test, so that the
 * problem shows where the user looks (the test report) while every other class still runs; the same message
 * is also reported as a discovery issue.
 */
final class InvalidBenchmarkDescriptor extends AbstractTestDescriptor implements Node<GpuBenchExecutionContext> {

  private final InvalidDeclarationException problem;

  InvalidBenchmarkDescriptor(UniqueId parentId, Class<?> type, InvalidDeclarationException problem) {
    super(parentId.append(BenchmarkClassDescriptor.SEGMENT_TYPE, type.getName()), type.getSimpleName(),
        ClassSource.from(type));
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
