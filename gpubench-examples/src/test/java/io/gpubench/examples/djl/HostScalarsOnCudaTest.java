package io.gpubench.examples.djl;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import io.gpubench.djl.HostScalars;
import org.junit.jupiter.api.Test;

/**
 * Why the models use {@link HostScalars}: on a GPU, DJL's {@code add(Number)} waits for the device (the number is
 * copied to it from pageable memory, a blocking copy), and {@code add(HostScalars.of(...))} does not. Shown without a
 * clock: behind three 8192³ products (tens of milliseconds), PyTorch's stream is still busy when the host-scalar add
 * returns, and idle when the number add returns. Skipped without a GPU or DJL's GPU natives.
 */
class HostScalarsOnCudaTest {
  /** {@code cudaErrorNotReady} in {@code driver_types.h}. */
  private static final int NOT_READY = 600;

  interface Cudart extends Library {
    int cudaStreamQuery(Pointer stream);

    int cudaDeviceSynchronize();
  }

  @Test
  void aNumberOperandWaitsForTheGpuAndAHostScalarDoesNot() {
    DjlGpu.orSkip();
    Cudart cuda = Native.load("cudart", Cudart.class);
    try (NDManager m = NDManager.newBaseManager(Device.gpu(0))) {
      NDArray big = m.randomUniform(-1f, 1f, new Shape(8192, 8192), DataType.FLOAT32);
      NDArray x = m.ones(new Shape(4));
      assertThat(cuda.cudaDeviceSynchronize()).isZero();

      busy(big);
      x.add(HostScalars.of(1));
      int afterHostScalar = cuda.cudaStreamQuery(null); // PyTorch's default stream: the legacy NULL stream
      assertThat(cuda.cudaDeviceSynchronize()).isZero();

      busy(big);
      x.add(1f);
      int afterNumber = cuda.cudaStreamQuery(null);

      assertThat(afterHostScalar).as("stream busy after add(HostScalars.of(1))").isEqualTo(NOT_READY);
      assertThat(afterNumber).as("stream idle after add(1f): it waited").isZero();
    }
  }

  private static void busy(NDArray big) {
    for (int i = 0; i < 3; i++) {
      big.matMul(big);
    }
  }
}
