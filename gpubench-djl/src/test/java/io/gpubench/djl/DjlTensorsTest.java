package io.gpubench.djl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import com.sun.jna.Pointer;
import io.gpubench.api.DeviceTensor;
import io.gpubench.api.Precision;
import org.junit.jupiter.api.Test;

/**
 * The addresses DJL arrays are read at (checked on the CPU, where Java can read them back), and how device tensors are
 * refused where they cannot become DJL arrays. On a GPU the same paths are run by the examples' GPU tests.
 */
class DjlTensorsTest {

  @Test
  void theAddressOfAnArrayIsWhereItsElementsAre() {
    try (NDManager m = NDManager.newBaseManager(Device.cpu())) {
      NDArray x = m.arange(0f, 12f).reshape(3, 4);
      float[] read = new Pointer(PtMemory.address(x)).getFloatArray(0, 12);
      assertThat(read).containsExactly(x.toFloatArray());
    }
  }

  @Test
  void aTransposedArrayIsReadThroughADenseCopyInRowMajorOrder() {
    try (NDManager m = NDManager.newBaseManager(Device.cpu())) {
      NDArray t = m.arange(0f, 6f).reshape(2, 3).transpose();
      assertThatThrownBy(() -> PtMemory.address(t)).hasMessageContaining("not contiguous");
      NDArray dense = PtMemory.contiguous((ai.djl.pytorch.engine.PtNDArray) t);
      assertThat(new Pointer(PtMemory.address(dense)).getFloatArray(0, 6)).containsExactly(0f, 3f, 1f, 4f, 2f, 5f);
      assertThat(PtMemory.contiguous((ai.djl.pytorch.engine.PtNDArray) dense)).isSameAs(dense);
    }
  }

  @Test
  void arraysOnTheCpuAreNotDeviceTensors() {
    try (NDManager m = NDManager.newBaseManager(Device.cpu())) {
      assertThat(DjlTensors.onDevice("out", m.ones(new Shape(2, 2)))).isEmpty();
    }
  }

  @Test
  void aDeviceTensorNeedsAManagerOnItsGpu() {
    DeviceTensor onGpu = new DeviceTensor() {
      @Override
      public long address() {
        return 0x7f0000000000L;
      }

      @Override
      public String name() {
        return "a";
      }

      @Override
      public long[] dims() {
        return new long[] {2, 2};
      }

      @Override
      public Precision precision() {
        return Precision.FP32;
      }

      @Override
      public String device() {
        return "cuda:1";
      }
    };
    try (NDManager m = NDManager.newBaseManager(Device.cpu())) {
      assertThatThrownBy(() -> DjlTensors.toNDArray(m, onGpu))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("'a' lives on cuda:1")
          .hasMessageContaining("manager is on cpu()")
          .hasMessageContaining("DjlDevices.require(ctx)");
    }
  }
}
