package io.gpubench.engine.discovery;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;
import static org.junit.platform.engine.support.discovery.SelectorResolver.Resolution.match;
import static org.junit.platform.engine.support.discovery.SelectorResolver.Resolution.unresolved;

import io.gpubench.api.Measure;
import io.gpubench.api.Model;
import io.gpubench.engine.declaration.BenchmarkDeclaration;
import io.gpubench.engine.declaration.DeclarationReader;
import io.gpubench.engine.declaration.InvalidDeclarationException;
import io.gpubench.engine.plan.CasePlanner;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.platform.commons.support.ReflectionSupport;
import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.discovery.ClassSelector;
import org.junit.platform.engine.discovery.MethodSelector;
import org.junit.platform.engine.discovery.UniqueIdSelector;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.discovery.DiscoveryIssueReporter;
import org.junit.platform.engine.support.discovery.SelectorResolver;

/**
 * Resolves selectors into the tree engine &rarr; class &rarr; workload &rarr; case. A class selector matches its
 * class and expands to its workloads; a method selector resolves its class first and matches that workload
 * alone; a unique-id selector resolves its parent, then matches exactly the class, workload or case it names.
 * Package, classpath-root and module selectors become class selectors before they get here, with the request's
 * class-name and package filters applied.
 */
final class BenchmarkSelectorResolver implements SelectorResolver {
  private final GpuBenchEngineDescriptor engine;
  private final DiscoveryIssueReporter issues;
  private final Predicate<String> classNameFilter;
  private final EngineDiscoveryRequest request;

  BenchmarkSelectorResolver(GpuBenchEngineDescriptor engine, DiscoveryIssueReporter issues,
      Predicate<String> classNameFilter, EngineDiscoveryRequest request) {
    this.engine = engine;
    this.issues = issues;
    this.classNameFilter = classNameFilter;
    this.request = request;
  }

  @Override
  public Resolution resolve(ClassSelector selector, Context context) {
    Class<?> type = selector.getJavaClass();
    if (!DeclarationReader.isBenchmarkClass(type) || !classNameFilter.test(type.getName())) {
      return unresolved();
    }
    return resolveClass(type, context);
  }

  @Override
  public Resolution resolve(MethodSelector selector, Context context) {
    Class<?> type = selector.getJavaClass();
    Method method = selector.getJavaMethod();
    if (!DeclarationReader.isBenchmarkClass(type)
        || !(method.isAnnotationPresent(Measure.class) || method.isAnnotationPresent(Model.class))) {
      return unresolved();
    }
    // An invalid class answers a method selector with its failing test: selecting one workload of a broken class
    // must not hide that the class is broken.
    return context
        .<TestDescriptor>addToParent(() -> selectClass(type), parent -> parent instanceof BenchmarkClassDescriptor c
            ? c.workload(method, requested(type, method)).map(TestDescriptor.class::cast)
            : parent instanceof InvalidBenchmarkDescriptor i ? i.newProblem().map(TestDescriptor.class::cast)
            : Optional.empty())
        .map(d -> d instanceof WorkloadDescriptor w
            ? match(Match.exact(w, () -> caseSelectors(w)))
            : match(Match.exact(d)))
        .orElse(unresolved());
  }

  @Override
  public Resolution resolve(UniqueIdSelector selector, Context context) {
    UniqueId id = selector.getUniqueId();
    List<UniqueId.Segment> segments = id.getSegments();
    if (!id.hasPrefix(engine.getUniqueId()) || segments.size() < 2) {
      return unresolved();
    }
    UniqueId.Segment last = id.getLastSegment();
    UniqueId parentId = id.removeLastSegment();
    switch (last.getType()) {
      case BenchmarkClassDescriptor.SEGMENT_TYPE:
        return ReflectionSupport.tryToLoadClass(last.getValue()).toOptional()
            .filter(DeclarationReader::isBenchmarkClass)
            .map(type -> resolveClass(type, context))
            .orElse(unresolved());
      case WorkloadDescriptor.SEGMENT_TYPE:
        return context
            .addToParent(() -> selectUniqueId(parentId), parent -> parent instanceof BenchmarkClassDescriptor c
                ? c.workload(last.getValue()) : Optional.empty())
            .map(w -> match(Match.exact(w, () -> caseSelectors(w))))
            .orElse(unresolved());
      case ProblemDescriptor.SEGMENT_TYPE:
        return context
            .addToParent(() -> selectUniqueId(parentId), parent -> parent instanceof InvalidBenchmarkDescriptor i
                ? i.newProblem() : Optional.empty())
            .map(p -> match(Match.exact(p)))
            .orElse(unresolved());
      case CaseDescriptor.SEGMENT_TYPE:
        return context
            .addToParent(() -> selectUniqueId(parentId), parent -> parent instanceof WorkloadDescriptor w
                ? w.newCase(last.getValue()) : Optional.empty())
            .map(c -> match(Match.exact(c)))
            .orElse(unresolved());
      default:
        return unresolved();
    }
  }

  /** Whether the request itself names the method, as opposed to a class selector expanding into it. */
  private boolean requested(Class<?> type, Method method) {
    return request.getSelectorsByType(MethodSelector.class).stream()
        .anyMatch(s -> s.getJavaClass().equals(type) && s.getJavaMethod().equals(method));
  }

  private Resolution resolveClass(Class<?> type, Context context) {
    return context.addToParent(parent -> Optional.of(classDescriptor(parent, type)))
        .map(d -> d instanceof BenchmarkClassDescriptor c
            ? match(Match.exact(c, () -> workloadSelectors(c)))
            : match(Match.exact(d, () -> Set.of(selectUniqueId(((InvalidBenchmarkDescriptor) d).problemId())))))
        .orElse(unresolved());
  }

  private TestDescriptor classDescriptor(TestDescriptor parent, Class<?> type) {
    try {
      if (engine.configurationProblem() != null) {
        throw engine.configurationProblem();
      }
      BenchmarkDeclaration decl = DeclarationReader.read(type);
      CasePlanner planner = new CasePlanner(engine.config(), engine.backends(), engine.frameworks());
      boolean optedIn = engine.config().includes(type);
      planner.validate(decl);
      return new BenchmarkClassDescriptor(parent.getUniqueId(), decl, planner, optedIn,
          SurefireTests.from(engine.config().source()));
    } catch (InvalidDeclarationException e) {
      return invalid(parent.getUniqueId(), type, e);
    }
  }

  /** The node of a class that cannot run, with the problem also reported as a discovery issue. */
  InvalidBenchmarkDescriptor invalid(UniqueId parentId, Class<?> type, InvalidDeclarationException e) {
    issues.reportIssue(DiscoveryIssue.builder(DiscoveryIssue.Severity.WARNING, e.getMessage())
        .source(ClassSource.from(type)).cause(e));
    return new InvalidBenchmarkDescriptor(parentId, type, e);
  }

  private static Set<? extends DiscoverySelector> workloadSelectors(BenchmarkClassDescriptor c) {
    return c.declaration().workloads().stream()
        .map(w -> selectMethod(c.declaration().type(), w.method()))
        .collect(Collectors.toCollection(java.util.LinkedHashSet::new));
  }

  private static Set<? extends DiscoverySelector> caseSelectors(WorkloadDescriptor w) {
    return w.caseIds().stream().map(id -> selectUniqueId(id))
        .collect(Collectors.toCollection(java.util.LinkedHashSet::new));
  }
}
