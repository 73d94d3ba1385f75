package io.gpubench.engine.discovery;

import io.gpubench.engine.declaration.DeclarationReader;
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
  }
}
