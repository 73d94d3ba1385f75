package io.gpubench.engine.plan;

import io.gpubench.api.BackendId;
import io.gpubench.api.BenchmarkSkippedException;
import io.gpubench.api.Dimensions;
import io.gpubench.api.Precision;
import io.gpubench.api.spi.Backend;
import io.gpubench.engine.backend.Backends;
import io.gpubench.engine.config.Constants;
import io.gpubench.engine.config.EngineConfig;
import io.gpubench.engine.declaration.BenchmarkDeclaration;
import io.gpubench.engine.declaration.InvalidDeclarationException;
import io.gpubench.engine.declaration.TrialPolicy;
import io.gpubench.engine.declaration.WorkloadDeclaration;
import io.gpubench.engine.support.Frameworks;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Expands a declaration into its cases for this run: shapes (the profile's, or the run's override) &times;
 * precisions (narrowed by the run) &times; backends (resolved on this machine, narrowed by the run). A case that
 * cannot run here is still planned, with the reason it will be skipped.
 */
public final class CasePlanner {
  private final EngineConfig config;
  private final Backends backends;
  private final Frameworks frameworks;

  /**
   * Makes a planner for a run.
   *
   * @param config the run's configuration
   * @param backends the backends of this machine
   * @param frameworks the framework supports on the class path
   */
  public CasePlanner(EngineConfig config, Backends backends, Frameworks frameworks) {
    this.config = config;
    this.backends = backends;
    this.frameworks = frameworks;
  }

  /**
   * Plans the cases of one workload.
   *
   * @param decl the class
   * @param workload the workload
   * @param optedIn whether a class kept out of the default run was asked for
   * @return the cases in shape, precision, backend order
   * @throws InvalidDeclarationException when the run's overrides do not fit the class
   */
  public List<CaseSpec> plan(BenchmarkDeclaration decl, WorkloadDeclaration workload, boolean optedIn) {
    TrialPolicy trials = trials(decl);
    ForkPolicy fork = ForkPolicies.of(decl.type(), config.source());
    List<Integer> worlds = WorldSizes.of(decl, config.source());
    if (worlds != null) {
      return planWorlds(decl, workload, optedIn, trials, fork, worlds);
    }
    List<CaseSpec> cases = new ArrayList<>();
    PlannedShapes shapes = shapes(decl);
    for (Dimensions dims : shapes.shapes()) {
      long seed = config.seed() ^ ((long) dims.toString().hashCode() << 17);
      for (Precision precision : precisions(decl)) {
        for (Backend backend : backends(decl)) {
          String skip = skipReason(decl, workload, precision, backend, optedIn);
          cases.add(new CaseSpec(decl, workload, dims, precision, backend, decl.tolerances().forPrecision(precision),
              trials, seed, skip, fork, null, shapes.overriddenIn(dims)));
        }
      }
    }
    return cases;
  }

  /**
   * Checks that the run's overrides fit a class (shapes and trial limits), so that a bad override fails discovery
   * of the class rather than a later step.
   *
   * @param decl the class
   * @throws InvalidDeclarationException naming the class, the key and the value
   */
  public void validate(BenchmarkDeclaration decl) {
    trials(decl);
    ForkPolicies.of(decl.type(), config.source());
    WorldSizes.of(decl, config.source());
    shapes(decl);
    // Planning is cheap (no case runs); doing it here turns a problem found while planning (a @Model without a
    // framework to run it) into the class's failure, rather than an exception inside the selector resolver.
    for (WorkloadDeclaration w : decl.workloads()) {
      plan(decl, w, true);
    }
  }

  /**
   * The cases of a class that runs in worlds: world sizes &times; shapes &times; precisions &times; backend families.
   * A world of n ranks takes the first n devices of the family that the run selects (or n ranks on one device that
   * ranks may share, the CPU's); a size the machine cannot hold is planned with the reason it is skipped.
   */
  private List<CaseSpec> planWorlds(BenchmarkDeclaration decl, WorkloadDeclaration workload, boolean optedIn,
      TrialPolicy trials, ForkPolicy fork, List<Integer> worlds) {
    Map<String, List<Backend>> families = new LinkedHashMap<>();
    for (Backend b : backends(decl)) {
      families.computeIfAbsent(b.id().family(), f -> new ArrayList<>()).add(b);
    }
    List<CaseSpec> cases = new ArrayList<>();
    // World size outermost, as the kernel harness runs them: the cases of one world follow each other, so that its
    // workers serve them all before the next world's start.
    PlannedShapes shapes = shapes(decl);
    for (int size : worlds) {
      for (Dimensions dims : shapes.shapes()) {
        long seed = config.seed() ^ ((long) dims.toString().hashCode() << 17);
        for (Precision precision : precisions(decl)) {
          for (List<Backend> family : families.values()) {
            List<Backend> available = family.stream().filter(b -> b.unavailableReason().isEmpty()).toList();
            Backend rank0 = available.isEmpty() ? family.get(0) : available.get(0);
            List<Backend> ranks = rank0.ranksShareDevice() ? java.util.Collections.nCopies(size, rank0)
                : available.subList(0, Math.min(size, available.size()));
            String allocation = null;
            if (!rank0.ranksShareDevice() && slurmGpus().isPresent()) {
              // Slurm gives each rank a GPU of the allocation, on whatever node: rank 0's device stands for them all
              AllocationGpus gpus = slurmGpus().get();
              ranks = available.isEmpty() ? ranks : java.util.Collections.nCopies(Math.min(size, gpus.gpus()), rank0);
              allocation = size > gpus.gpus() ? "world " + size + " needs " + size + " GPUs; the Slurm allocation"
                  + " holds " + gpus.gpus() + " (" + gpus.source() + ")" : null;
            }
            WorldPlan world = new WorldPlan(size, ranks);
            String skip = worldSkipReason(decl, workload, precision, rank0, world, available.size(), fork, optedIn);
            if (allocation != null && (skip == null || skip.startsWith("world " + size + " needs"))) {
              skip = allocation;
            }
            cases.add(new CaseSpec(decl, workload, dims, precision, rank0, decl.tolerances().forPrecision(precision),
                trials, seed, skip, fork, world, shapes.overriddenIn(dims)));
          }
        }
      }
    }
    return cases;
  }

  private java.util.Optional<AllocationGpus> slurmGpus;

  /** The allocation's GPUs where the Slurm launcher starts the ranks; empty for the other launchers. */
  private java.util.Optional<AllocationGpus> slurmGpus() {
    if (slurmGpus == null) {
      boolean slurm = config.source() != null
          && io.gpubench.engine.config.LaunchSettings.from(config.source(), System.getenv()).kind()
          == io.gpubench.engine.config.LaunchSettings.Kind.SLURM;
      slurmGpus = slurm ? AllocationGpus.of(System.getenv()) : java.util.Optional.empty();
    }
    return slurmGpus;
  }

  private String worldSkipReason(BenchmarkDeclaration decl, WorkloadDeclaration workload, Precision precision,
      Backend rank0, WorldPlan world, int available, ForkPolicy fork, boolean optedIn) {
    String skip = skipReason(decl, workload, precision, rank0, optedIn);
    if (skip != null) {
      return skip;
    }
    int size = world.size();
    if (!world.complete()) {
      String devices = "cuda".equals(rank0.id().family()) ? "GPUs" : rank0.id().family() + " devices";
      return "world " + size + " needs " + size + " " + devices + ", " + available + " visible"
          + (config.backends().isEmpty() ? "" : " (as " + Constants.BACKENDS + " narrows them)");
    }
    for (Backend b : world.devices()) {
      var unsupported = b.unsupported(precision);
      if (unsupported.isPresent()) {
        return unsupported.get();
      }
    }
    var refused = rank0.worldUnsupported(size);
    if (refused.isPresent()) {
      return refused.get();
    }
    if (fork.mode() == io.gpubench.api.ForkMode.NONE && size > 1) {
      return "world " + size + " runs one worker process per rank, and " + Constants.FORK + "=none runs benchmark code "
          + "in the build's JVM alone; set " + Constants.WORLDS + "=1 to debug the workload as one rank";
    }
    return null;
  }

  private TrialPolicy trials(BenchmarkDeclaration decl) {
    TrialPolicy t = config.trials(decl.trials());
    String problem = t.problem();
    if (problem != null) {
      throw new InvalidDeclarationException(decl.type(), "@Trials with the run's gpubench.trials.* overrides", problem);
    }
    return t;
  }

  private PlannedShapes shapes(BenchmarkDeclaration decl) {
    return PlannedShapes.of(decl.type(), declaredShapes(decl), config.axesFor(decl.type()));
  }

  /**
   * The axes of a class in this run, before the run's axis overrides: those of its profile's shapes, or of the shapes
   * the run gives it.
   *
   * @param decl a class whose overrides {@link #validate} accepted
   * @return the axis names, in order
   */
  public java.util.Set<String> axes(BenchmarkDeclaration decl) {
    return io.gpubench.engine.declaration.ShapeDeclarations.kinds(declaredShapes(decl)).keySet();
  }

  private List<Dimensions> declaredShapes(BenchmarkDeclaration decl) {
    var override = config.shapesFor(decl.type());
    if (override.isEmpty()) {
      return decl.shapes(config.profile());
    }
    String member = "configuration " + Constants.SHAPES_PREFIX + decl.type().getSimpleName();
    List<Dimensions> shapes = io.gpubench.engine.declaration.ShapeDeclarations.override(decl.type(), member,
        List.of(override.get().split(";")));
    for (Dimensions d : shapes) {
      for (var e : decl.cost().declared()) {
        e.missingAxis(d).ifPresent(v -> {
          throw new InvalidDeclarationException(decl.type(), member,
              "shape \"" + d + "\" lacks axis \"" + v + "\" that @Cost \"" + e + "\" uses");
        });
        e.nameAxis(d).ifPresent(v -> {
          throw new InvalidDeclarationException(decl.type(), member, "shape \"" + d + "\" makes \"" + v + "\", which"
              + " @Cost \"" + e + "\" uses, an axis of names; a cost needs it numeric");
        });
      }
    }
    return shapes;
  }

  private List<Precision> precisions(BenchmarkDeclaration decl) {
    if (config.precisions().isEmpty()) {
      return decl.precisions();
    }
    return decl.precisions().stream().filter(config.precisions()::contains).toList();
  }

  /**
   * The backends a class's declaration resolves to on this machine, before the run narrows them.
   *
   * @param decl the class
   * @return their ids, a stand-in's for a backend that is not here
   */
  public List<BackendId> declaredBackends(BenchmarkDeclaration decl) {
    return List.copyOf(resolved(decl).keySet());
  }

  private Map<BackendId, Backend> resolved(BenchmarkDeclaration decl) {
    Map<BackendId, Backend> byId = new LinkedHashMap<>();
    for (BackendId name : decl.backends()) {
      for (Backend b : backends.resolve(name)) {
        byId.putIfAbsent(b.id(), b);
      }
    }
    return byId;
  }

  private List<Backend> backends(BenchmarkDeclaration decl) {
    Map<BackendId, Backend> byId = resolved(decl);
    if (config.backends().isEmpty()) {
      return List.copyOf(byId.values());
    }
    return byId.values().stream()
        .filter(b -> config.backends().stream().anyMatch(f -> f.selects(b.id())))
        .toList();
  }

  private String skipReason(BenchmarkDeclaration decl, WorkloadDeclaration workload, Precision precision,
      Backend backend, boolean optedIn) {
    if (!decl.enabledByDefault() && !optedIn) {
      return "kept out of the default run (@GpuBenchmark(enabledByDefault = false)); run it with "
          + Constants.INCLUDE + "=" + decl.type().getSimpleName() + " or select one of its methods";
    }
    var unavailable = backend.unavailableReason();
    if (unavailable.isPresent()) {
      return unavailable.get();
    }
    var unsupported = backend.unsupported(precision);
    if (unsupported.isPresent()) {
      return unsupported.get();
    }
    if (workload.kind() == WorkloadDeclaration.Kind.MODEL) {
      var support = frameworks.models().orElseThrow(() -> new InvalidDeclarationException(decl.type(),
          "@Model " + workload.method().getName() + "()",
          "needs a framework that runs models on the test class path: add io.gpubench:gpubench-djl"));
      var refused = support.modelUnsupported(precision);
      if (refused.isPresent()) {
        return refused.get();
      }
    }
    return null;
  }

}
