package io.gpubench.engine.discovery;

import io.gpubench.engine.declaration.WorkloadDeclaration;
import io.gpubench.engine.plan.CaseSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.AbstractTestDescriptor;
import org.junit.platform.engine.support.hierarchical.Node;

/**
 * A workload (a {@code @Measure} or {@code @Model} method): the container of its cases. It has no source of its own:
 * its cases carry the {@link org.junit.platform.engine.support.descriptor.MethodSource} that
 * {@code -Dtest=Class#workload} matches, and Surefire, which prefixes a test's name with the display names of the
 * ancestors that have a method source, would otherwise name every case "matmul matmul [...]". The IDE's method gutter
 * works through the method selector, not through this node.
 */
final class WorkloadDescriptor extends AbstractTestDescriptor implements Node<GpuBenchExecutionContext> {
  static final String SEGMENT_TYPE = "workload";

  private final Map<String, CaseSpec> planned = new LinkedHashMap<>();
  private final SurefireTests tests;

  WorkloadDescriptor(UniqueId parentId, WorkloadDeclaration workload, List<CaseSpec> cases, SurefireTests tests) {
    super(parentId.append(SEGMENT_TYPE, workload.name()), workload.name());
    cases.forEach(c -> planned.put(c.segment(), c));
    this.tests = tests;
  }

  @Override
  public Type getType() {
    return Type.CONTAINER;
  }

  List<UniqueId> caseIds() {
    return planned.keySet().stream().map(s -> getUniqueId().append(CaseDescriptor.SEGMENT_TYPE, s)).toList();
  }

  Optional<CaseDescriptor> newCase(String segment) {
    return Optional.ofNullable(planned.get(segment)).map(spec -> new CaseDescriptor(getUniqueId(), spec, tests));
  }
}
