package io.gpubench.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A kernel's arguments as {@code cuLaunchKernel} takes them, laid out without a GPU. */
class KernelArgsTest {

  @Test
  void kernelArgumentsGetOneSlotEachAndPointersToThem() {
    KernelArgs a = new KernelArgs(null, "k", 7, 8L, 1.5f, 2.5, (short) 3, true);
    assertThat(a.values.getInt(0)).isEqualTo(7);
    assertThat(a.values.getLong(8)).isEqualTo(8L);
    assertThat(a.values.getFloat(16)).isEqualTo(1.5f);
    assertThat(a.values.getDouble(24)).isEqualTo(2.5);
    assertThat(a.values.getShort(32)).isEqualTo((short) 3);
    assertThat(a.values.getByte(40)).isEqualTo((byte) 1);
    long base = com.sun.jna.Pointer.nativeValue(a.values);
    for (int i = 0; i < 6; i++) {
      assertThat(com.sun.jna.Pointer.nativeValue(a.pointers.getPointer(8L * i))).isEqualTo(base + 8L * i);
    }
  }

  @Test
  void anArgumentOfAnUnknownTypeIsRefusedWithItsPosition() {
    assertThatThrownBy(() -> new KernelArgs(null, "k", 1, "text"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("kernel 'k': argument 1 is a java.lang.String");
  }
}
