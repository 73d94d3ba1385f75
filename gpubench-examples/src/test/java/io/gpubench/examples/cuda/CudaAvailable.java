package io.gpubench.examples.cuda;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendSettings;
import io.gpubench.cuda.internal.backend.CudaBackendProvider;

/** For JUnit tests that need a GPU: they are skipped with the backend's reason where there is none. */
final class CudaAvailable {
  private CudaAvailable() {}

  /** The first CUDA backend, or the test is aborted (skipped) with the reason CUDA is unavailable. */
  static Backend cudaOrSkip() {
    Backend b = new CudaBackendProvider().backends(BackendSettings.none()).get(0);
    assumeTrue(b.unavailableReason().isEmpty(), () -> "no CUDA GPU: " + b.unavailableReason().orElse(""));
    return b;
  }
}
