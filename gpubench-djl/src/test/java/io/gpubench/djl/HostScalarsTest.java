package io.gpubench.djl;

import static org.assertj.core.api.Assertions.assertThat;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import org.junit.jupiter.api.Test;

/** Host scalars compute what DJL's number overloads compute, keep the array's type, and are made once per value. */
class HostScalarsTest {

  @Test
  void aHostScalarComputesWhatANumberDoes() {
    try (NDManager m = NDManager.newBaseManager(Device.cpu())) {
      NDArray x = m.create(new float[] {1f, -2f, 3.5f, 1e-3f});
      assertThat(x.div(HostScalars.of(Math.sqrt(64))).toFloatArray()).containsExactly(x.div(8f).toFloatArray());
      assertThat(x.add(HostScalars.of(1e-5)).toFloatArray()).containsExactly(x.add(1e-5f).toFloatArray());
      assertThat(x.mul(HostScalars.of(-0.5)).toFloatArray()).containsExactly(-0.5f, 1f, -1.75f, -5e-4f);
    }
  }

  @Test
  void aHostScalarIsZeroDimensionalOnTheCpuAndDoesNotWidenTheResult() {
    NDArray one = HostScalars.of(1);
    assertThat(one.getShape().dimension()).isZero();
    assertThat(one.getDevice()).isEqualTo(Device.cpu());
    try (NDManager m = NDManager.newBaseManager(Device.cpu())) {
      NDArray half = m.create(new float[] {1f, 2f}).toType(DataType.FLOAT16, false);
      assertThat(half.add(one).getDataType()).isEqualTo(DataType.FLOAT16);
      assertThat(m.create(new float[] {1f}).mul(one).getDataType()).isEqualTo(DataType.FLOAT32);
    }
  }

  @Test
  void eachValueIsMadeOnce() {
    assertThat(HostScalars.of(0.125)).isSameAs(HostScalars.of(0.125));
    assertThat(HostScalars.of(0.125)).isNotSameAs(HostScalars.of(0.25));
  }
}
