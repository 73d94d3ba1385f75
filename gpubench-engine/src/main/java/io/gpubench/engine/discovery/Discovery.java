package io.gpubench.engine.discovery;

import io.gpubench.engine.config.FitSettings;
import io.gpubench.engine.fit.CaseFit;
import io.gpubench.engine.fit.FitSelection;
import io.gpubench.engine.plan.CaseSpec;

import io.gpubench.engine.declaration.DeclarationReader;
import io.gpubench.engine.declaration.InvalidDeclarationException;
import io.gpubench.engine.plan.CasePlanner;
import io.gpubench.engine.plan.RunSelection;
import java.util.List;
import java.util.Optional;
import org.junit.platform.engine.DiscoveryIssue;
import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.support.discovery.EngineDiscoveryRequestResolver;

/** Builds the engine's descriptor tree from a discovery request. */
public final class Discovery {

  private static final EngineDiscoveryRequestResolver<GpuBenchEngineDescriptor> RESOLVER =
      EngineDiscoveryRequestResolver.<GpuBenchEngineDescriptor>builder()
          .addClassContainerSelectorResolver(DeclarationReader::isBenchmarkClass)
          .addSelectorResolver(ctx -> new BenchmarkSelectorResolver(ctx.getEngineDescriptor(), ctx.getIssueReporter(),
              ctx.getClassNameFilter(), ctx.getDiscoveryRequest()))
          .build();

  private Discovery() {}

  /**
   * Resolves the request's selectors into children of the root.
   *
   * @param request the request
   * @param root the engine's root
   */
  public static void resolve(EngineDiscoveryRequest request, GpuBenchEngineDescriptor root) {
    RESOLVER.resolve(request, root);
    if (root.config() == null) {
      return;
    }
    List<BenchmarkClassDescriptor> classes = root.getChildren().stream()
        .filter(BenchmarkClassDescriptor.class::isInstance).map(BenchmarkClassDescriptor.class::cast).toList();
    CasePlanner planner = new CasePlanner(root.config(), root.backends(), root.frameworks());
    Optional<InvalidDeclarationException> problem = RunSelection.problem(root.config(),
        classes.stream().map(BenchmarkClassDescriptor::declaration).toList(), planner::declaredBackends,
        planner::axes);
    if (problem.isPresent()) {
      failEveryClass(request, root, classes, problem.get());
    } else {
      fit(request, root, classes);
    }
    if (root.config().sharding().shard() != null && !root.getChildren().isEmpty()) {
      shard(request, root);
    }
  }

  /**
   * Marks the cases {@code gpubench.fit} searches a batch for; a value they cannot honour fails every class, as a
   * selecting key that matches nothing does.
   */
  private static void fit(EngineDiscoveryRequest request, GpuBenchEngineDescriptor root,
      List<BenchmarkClassDescriptor> classes) {
    try {
      FitSettings settings = FitSettings.from(root.config().source());
      List<CaseDescriptor> cases = root.getDescendants().stream().filter(CaseDescriptor.class::isInstance)
          .map(CaseDescriptor.class::cast).toList();
      java.util.Set<CaseSpec> selected = new java.util.HashSet<>(FitSelection.selected(settings,
          cases.stream().map(CaseDescriptor::spec).toList()));
      if (selected.isEmpty()) {
        return;
      }
      CaseFit fit = new CaseFit(settings, root.config().outputDir(), System.out);
      cases.stream().filter(c -> selected.contains(c.spec())).forEach(c -> c.searchFit(fit));
    } catch (InvalidDeclarationException e) {
      failEveryClass(request, root, classes, e);
    }
  }

  /**
   * Keeps this shard's share. Recorded times that cannot be read concern the whole run, as a malformed key does:
   * every class fails with the key and the path, on every shard, rather than shards planning apart.
   */
  private static void shard(EngineDiscoveryRequest request, GpuBenchEngineDescriptor root) {
    try {
      root.shardShare(Sharding.apply(root, root.config().sharding()));
    } catch (InvalidDeclarationException e) {
      List<BenchmarkClassDescriptor> classes = root.getChildren().stream()
          .filter(BenchmarkClassDescriptor.class::isInstance).map(BenchmarkClassDescriptor.class::cast).toList();
      failEveryClass(request, root, classes, e);
    }
  }

  /**
   * A selecting value that matches nothing concerns the whole run: every valid class fails with it (classes that
   * are invalid already keep their own problem), so that the run fails where the user looks and nothing runs on a
   * selection the user did not mean.
   */
  private static void failEveryClass(EngineDiscoveryRequest request, GpuBenchEngineDescriptor root,
      List<BenchmarkClassDescriptor> classes, InvalidDeclarationException e) {
    request.getDiscoveryListener().issueEncountered(root.getUniqueId(),
        DiscoveryIssue.create(DiscoveryIssue.Severity.WARNING, e.getMessage()));
    for (BenchmarkClassDescriptor c : classes) {
      root.removeChild(c);
      InvalidBenchmarkDescriptor invalid = new InvalidBenchmarkDescriptor(root.getUniqueId(), c.declaration().type(), e);
      invalid.newProblem().ifPresent(invalid::addChild);
      root.addChild(invalid);
    }
  }
}
