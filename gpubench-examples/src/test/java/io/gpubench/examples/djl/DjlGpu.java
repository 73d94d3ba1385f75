package io.gpubench.examples.djl;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ai.djl.engine.Engine;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendSettings;
import io.gpubench.cuda.internal.backend.CudaBackendProvider;

/** For tests of DJL on a GPU: skipped with the reason where there is no CUDA GPU or DJL has no GPU natives. */
final class DjlGpu {
  private DjlGpu() {}

  static void orSkip() {
    Backend b = new CudaBackendProvider().backends(BackendSettings.none()).get(0);
    assumeTrue(b.unavailableReason().isEmpty(), () -> "no CUDA GPU: " + b.unavailableReason().orElse(""));
    int gpus;
    try {
      gpus = Engine.getInstance().getGpuCount();
    } catch (RuntimeException | LinkageError e) {
      gpus = 0;
    }
    assumeTrue(gpus > 0, "DJL's PyTorch engine sees no GPU: its CUDA natives are not installed here (docs/djl.md,"
        + " \"DJL cases on a GPU\")");
  }
}
