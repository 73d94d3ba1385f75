package io.gpubench.djl;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDResource;
import io.gpubench.api.BenchContext;
import io.gpubench.api.BenchmarkSkippedException;
import io.gpubench.api.Precision;
import io.gpubench.api.Tensor;
import io.gpubench.api.spi.FrameworkSupport;
import io.gpubench.api.spi.ModelRunner;
import java.util.Map;
import java.util.Optional;

/**
 * DJL made known to the engine: a returned {@link NDArray} is checked as a tensor and closed after the call (an array
 * on a GPU as a device tensor, which the CUDA session reads in place; one on the CPU copied to the host);
 * {@code @Model} methods returning a DJL {@code Block} are run by {@link DjlModelRunner}. Registered in
 * {@code META-INF/services/io.gpubench.api.spi.FrameworkSupport}.
 */
public final class DjlSupport implements FrameworkSupport {

  /** Public for {@link java.util.ServiceLoader}. */
  public DjlSupport() {}

  @Override
  public String name() {
    return "DJL";
  }

  @Override
  public Map<String, String> versions() {
    try {
      var versions = new java.util.TreeMap<String, String>(Map.of("djl", Engine.getDjlVersion()));
      OneDnnGuard.apply().ifPresent(state -> versions.put("djl.pytorch.onednn", state));
      return versions;
    } catch (RuntimeException | LinkageError e) {
      return Map.of("djl", "unknown");
    }
  }

  @Override
  public Optional<Tensor> adopt(String name, Object returned) {
    if (!(returned instanceof NDArray a)) {
      return Optional.empty();
    }
    return Optional.of(DjlTensors.onDevice(name, a).<Tensor>map(t -> t).orElseGet(() -> DjlTensors.toHost(name, a)));
  }

  @Override
  public boolean release(Object returned) {
    if (returned instanceof NDResource r) {
      r.close();
      return true;
    }
    return false;
  }

  @Override
  public boolean runsModels() {
    return true;
  }

  @Override
  public Optional<String> modelUnsupported(Precision precision) {
    try {
      DjlDevices.dataType(precision);
      return Optional.empty();
    } catch (BenchmarkSkippedException e) {
      return Optional.of(e.getMessage());
    }
  }

  @Override
  public ModelRunner openModel(BenchContext ctx, ModelRunner.Methods methods) throws Throwable {
    return new DjlModelRunner(ctx, methods);
  }
}
