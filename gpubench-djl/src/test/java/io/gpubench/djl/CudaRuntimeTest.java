package io.gpubench.djl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The runtime calls DJL's device copies use, against CUDA's headers where they are installed; no GPU needed. */
class CudaRuntimeTest {
  private static final Path INCLUDE = Path.of(System.getenv().getOrDefault("CUDA_HOME", "/usr/local/cuda"), "include");

  @Test
  void theCopyKindAndEveryBoundFunctionAreCudas() throws Exception {
    assumeTrue(Files.isDirectory(INCLUDE), "no CUDA headers in " + INCLUDE);
    String types = Files.readString(INCLUDE.resolve("driver_types.h"));
    assertThat(Pattern.compile("cudaMemcpyDeviceToDevice\\s*=\\s*" + CudaRuntime.DEVICE_TO_DEVICE + "\\s*,")
        .matcher(types).find()).isTrue();
    String api = Files.readString(INCLUDE.resolve("cuda_runtime_api.h"));
    for (Method m : CudaRuntime.Cudart.class.getDeclaredMethods()) {
      assertThat(api).as(m.getName()).containsPattern("CUDARTAPI " + m.getName() + "\\(");
    }
    assertThat(Arrays.stream(CudaRuntime.Cudart.class.getDeclaredMethods()).map(Method::getName))
        .contains("cudaMemcpy", "cudaDeviceSynchronize", "cudaSetDevice", "cudaGetDevice");
  }
}
