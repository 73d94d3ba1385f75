package io.gpubench.engine.discovery;

import io.gpubench.engine.declaration.InvalidDeclarationException;
import java.util.Optional;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.hierarchical.Node;

/**
 * A benchmark class that cannot run: its declaration is invalid, or the run's configuration is. It is kept in the
 * tree as a class container holding one failing test, {@link ProblemDescriptor}, so that the problem shows where the
 * user looks (the test report) while every other class still runs; the same message is also reported as a
 * discovery issue.
 *
 * <p>Why a container with a child rather than one test: Surefire opens a test set (an XML report, a line in "Tests
 * run") only for a <em>container</em> with a {@link ClassSource}, and its class scan keeps a class only when
 * discovering it alone yields a test. A lone test under the engine ran, failed, and was counted nowhere: the
 * build passed with "Tests run: 0". A container without children would be pruned by the launcher.
 */
final class InvalidBenchmarkDescriptor extends AbstractTestDescriptor implements Node<GpuBenchExecutionContext> {

  private final Class<?> type;
  private final InvalidDeclarationException problem;

  /**
   * Makes the class node.
   *
   * @param parentId the engine's id
   * @param type the class
   * @param problem what is wrong, naming the class, member or key, and the value
   */
  InvalidBenchmarkDescriptor(UniqueId parentId, Class<?> type, InvalidDeclarationException problem) {
    super(parentId.append(BenchmarkClassDescriptor.SEGMENT_TYPE, type.getName()), type.getSimpleName(),
        ClassSource.from(type));
    this.type = type;
    this.problem = problem;
  }

  @Override
  public Type getType() {
    return Type.CONTAINER;
  }

  @Override
  public String getLegacyReportingName() {
    return type.getName();
  }

  InvalidDeclarationException problem() {
    return problem;
  }

  /** The failing test, made when the resolver asks for it (so that a unique-id selector can ask again). */
  Optional<ProblemDescriptor> newProblem() {
    return Optional.of(new ProblemDescriptor(getUniqueId(), type.getName(), problem));
  }

  UniqueId problemId() {
    return getUniqueId().append(ProblemDescriptor.SEGMENT_TYPE, ProblemDescriptor.SEGMENT_VALUE);
  }
}
