package io.gpubench.engine.discovery;

import io.gpubench.engine.declaration.BenchmarkDeclaration;
import io.gpubench.engine.declaration.WorkloadDeclaration;
import io.gpubench.engine.plan.CasePlanner;
import java.lang.reflect.Method;
import java.util.Optional;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.hierarchical.Node;

/** A benchmark class: the container of its workloads. Its {@link ClassSource} is what Surefire counts by. */
final class BenchmarkClassDescriptor extends AbstractTestDescriptor implements Node<GpuBenchExecutionContext> {
  static final String SEGMENT_TYPE = "class";

  private final BenchmarkDeclaration declaration;
  private final CasePlanner planner;
  private final boolean optedIn;
  private final SurefireTests tests;

  BenchmarkClassDescriptor(UniqueId parentId, BenchmarkDeclaration declaration, CasePlanner planner, boolean optedIn,
      SurefireTests tests) {
    super(parentId.append(SEGMENT_TYPE, declaration.type().getName()), declaration.name(),
        ClassSource.from(declaration.type()));
    this.declaration = declaration;
    this.planner = planner;
    this.optedIn = optedIn;
    this.tests = tests;
  }

  BenchmarkDeclaration declaration() {
    return declaration;
  }

  @Override
  public Type getType() {
    return Type.CONTAINER;
  }

  @Override
  public String getLegacyReportingName() {
    return declaration.type().getName();
  }

  Optional<WorkloadDescriptor> workload(Method method, boolean explicitlySelected) {
    return declaration.workloads().stream().filter(w -> w.method().equals(method)).findFirst()
        .map(w -> newWorkload(w, explicitlySelected));
  }

  Optional<WorkloadDescriptor> workload(String name) {
    return declaration.workloads().stream().filter(w -> w.name().equals(name)).findFirst()
        .map(w -> newWorkload(w, true));
  }

  private WorkloadDescriptor newWorkload(WorkloadDeclaration w, boolean explicitlySelected) {
    return new WorkloadDescriptor(getUniqueId(), w, planner.plan(declaration, w, optedIn || explicitlySelected), tests);
  }
}
