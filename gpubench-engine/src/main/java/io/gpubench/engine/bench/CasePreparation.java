package io.gpubench.engine.bench;

import io.gpubench.api.BackendId;
import io.gpubench.api.Dimensions;
import io.gpubench.api.Tensor;
import io.gpubench.api.result.ErrorStats;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.DeviceMemoryMeter;
import io.gpubench.api.spi.SessionSpec;
import io.gpubench.engine.backend.Backends;
import io.gpubench.engine.declaration.BenchmarkDeclaration;
import io.gpubench.engine.declaration.DeclarationReader;
import io.gpubench.engine.declaration.WorkloadDeclaration;
import io.gpubench.engine.memory.ResidentPeak;
import io.gpubench.engine.protocol.CaseRequest;
import io.gpubench.engine.protocol.Phase;
import io.gpubench.engine.protocol.StepFailed;
import io.gpubench.engine.protocol.Steps;
import io.gpubench.engine.support.Frameworks;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Sets a case up from its request, in this order: the class's declaration and workload, the backend, an instance,
 * the backend session, the {@code @Setup} methods, the workload's preparation, the reference, the inputs'
 * fingerprints, the trial loop and its clock. Each piece goes into the session's {@link CaseResources} as soon as it
 * is made, so that a preparation that fails is released as far as it got; each failure names its phase and the
 * member at fault.
 */
final class CasePreparation {
  private final Backends backends;
  private final Frameworks frameworks;
  private final CaseWorld world;
  // A class's declaration, read once per process: reading it parses every shape, and a class may have a thousand.
  private final Map<String, BenchmarkDeclaration> declarations = new HashMap<>();

  CasePreparation(Backends backends, Frameworks frameworks, CaseWorld world) {
    this.backends = backends;
    this.frameworks = frameworks;
    this.world = world;
  }

  /**
   * The backend of an id, as this process sees it.
   *
   * @param id the backend's id
   * @return the backend
   * @throws IllegalStateException when this process sees none of that id
   */
  Backend backend(BackendId id) {
    // loops, not streams, on a case's path: a stream's code per case was among a worker's compilations still under
    // way hundreds of cases in, which the warm-up of the case then running waited for
    for (Backend b : backends.all()) {
      if (b.id().equals(id)) {
        return b;
      }
    }
    throw new IllegalStateException("this process sees no backend " + id + " (it sees "
        + backends.all().stream().map(Backend::id).toList() + ")");
  }

  /** The workload of a name in a benchmark class's declaration (a loop, as {@link #backend}). */
  private static WorkloadDeclaration workload(BenchmarkDeclaration decl, String name) {
    for (WorkloadDeclaration x : decl.workloads()) {
      if (x.name().equals(name)) {
        return x;
      }
    }
    throw new IllegalStateException(decl.type().getName() + " has no workload " + name);
  }

  /**
   * Sets a case up.
   *
   * @param req the case
   * @param c where each piece goes as it is made
   * @return what was set up
   * @throws StepFailed when benchmark code throws or skips
   */
  Steps.Prepared prepare(CaseRequest req, CaseResources c) throws StepFailed {
    c.released = false;
    long prepareStart = System.nanoTime();
    c.request = req;
    world.enter(req.world());
    c.resident = ResidentPeak.reset();
    c.reference = null;
    c.inputPrints.clear();
    c.batch = null;
    BenchmarkDeclaration decl;
    WorkloadDeclaration w;
    Backend backend;
    try {
      decl = declarations.computeIfAbsent(req.benchmarkClass(), name -> {
        try {
          return DeclarationReader.read(Class.forName(name, true, Thread.currentThread().getContextClassLoader()));
        } catch (ClassNotFoundException e) {
          throw new IllegalStateException(e.toString(), e);
        }
      });
      w = workload(decl, req.workload());
      backend = backend(req.backend());
    } catch (Throwable e) {
      throw failed(c, Phase.INSTANTIATE, null, e);
    }
    c.spec = new RunnerCase(decl, w, new Dimensions(req.shape()), req.precision(), backend, req.seed(), req.cache(),
        req.deviceTiming());
    try {
      var ctor = decl.type().getDeclaredConstructor();
      ctor.setAccessible(true);
      c.instance = ctor.newInstance();
    } catch (Throwable e) {
      throw failed(c, Phase.INSTANTIATE, decl.type().getSimpleName() + "()",
          e instanceof InvocationTargetException ite ? ite.getCause() : e);
    }
    try {
      SessionSpec sessionSpec = new SessionSpec(req.caseId(), req.precision(), req.cache(),
          req.telemetryIntervalMillis(), req.world());
      c.session = world.waiting("them to join the world (opening the backend)", () -> backend.open(sessionSpec));
    } catch (Throwable e) {
      throw failed(c, Phase.OPEN_BACKEND, null, e);
    }
    // The process's device memory from here on, before the set-up: its first reading is what the case started with.
    try {
      c.deviceMemory = c.session.unwrap(DeviceMemoryMeter.class)
          .map(m -> m.start(req.telemetryIntervalMillis())).orElse(null);
    } catch (Throwable e) {
      c.deviceMemory = null; // a meter that cannot start costs the case its device memory figures only
    }
    c.ctx = new DefaultBenchContext(c.spec, c.session, false, req.world());
    c.ops = new TensorOps(c.session, frameworks);
    try {
      c.workload = workload(decl, w, c.instance);
    } catch (Throwable e) {
      throw failed(c, Phase.PREPARE_MODEL, c.spec.workload().member(), e);
    }
    for (Method setup : decl.setups()) {
      try {
        MethodInvoker.invoke(c.instance, setup, c.ctx);
      } catch (Throwable e) {
        throw failed(c, Phase.SETUP, StepFailures.member(setup), e);
      }
    }
    try {
      c.workload.prepare(c.ctx);
    } catch (Throwable e) {
      throw failed(c, Phase.PREPARE_MODEL, c.spec.workload().member(), e);
    }
    // In a world only rank 0's output is checked: the other ranks compute no reference.
    if (c.workload.hasReference() && (req.world() == null || req.world().rank() == 0)) {
      String member = decl.reference() == null ? c.spec.workload().member()
          : StepFailures.member(decl.reference());
      try {
        Object ref = c.workload.reference(c.ctx.forReference());
        if (ref == null) {
          throw new IllegalStateException("it returned null");
        }
        c.reference = c.ops.adopt("reference", ref);
        ErrorStats self = c.ops.compare(c.reference, c.reference, req.range());
        if (self.nonFinite() > 0) {
          throw new IllegalStateException("the reference is not finite: " + self.nonFinite() + " of "
              + (self.count() + self.nonFinite()) + " elements are NaN or infinite");
        }
      } catch (Throwable e) {
        throw failed(c, Phase.REFERENCE, member, e);
      }
    }
    try {
      for (Tensor t : c.ctx.inputs()) {
        c.inputPrints.put(t, c.ops.fingerprint(t));
      }
      c.loop = c.workload.loop(c.ctx);
      // A world's trials are timed between the engine's barriers, with the session's plain clock (events on the
      // device): a blocked or captured trial cannot wait for peers that are not held or captured alike.
      c.clock = world.inWorld() ? c.session.clock() : c.session.clock(c.spec.deviceTiming());
      c.session.resetPeakMemory();
    } catch (Throwable e) {
      throw failed(c, Phase.SETUP, null, e);
    }
    List<String> inputs = new ArrayList<>(c.ctx.inputs().size());
    for (Tensor t : c.ctx.inputs()) {
      inputs.add(t.name());
    }
    return new Steps.Prepared(c.reference != null, inputs,
        c.clock.deviceClock().isEmpty() ? null : c.clock.deviceClock(), (System.nanoTime() - prepareStart) / 1e9);
  }

  private Workload workload(BenchmarkDeclaration decl, WorkloadDeclaration w, Object instance) {
    if (w.kind() == WorkloadDeclaration.Kind.MODEL) {
      var models = frameworks.models().orElseThrow(() -> new IllegalStateException(
          "@Model needs a framework that runs models on the class path (io.gpubench:gpubench-djl)"));
      return new ModelWorkload(models, instance, w.method(), decl.modelInput());
    }
    return new MeasureWorkload(instance, w.method(), decl.reference());
  }

  private static StepFailed failed(CaseResources c, Phase phase, String member, Throwable e) {
    return StepFailures.failed(phase, member, e, c.deviceMemory);
  }
}
