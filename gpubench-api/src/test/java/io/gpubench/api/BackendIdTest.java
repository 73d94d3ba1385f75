package io.gpubench.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Backend ids parsed once: the CPU is one device, a GPU family has indexes, and the text round-trips. */
class BackendIdTest {
  @Test
  void theCpuIsKnownByItsFamilyAlone() {
    assertThat(BackendId.parse("cpu").isCpu()).isTrue();
    assertThat(BackendId.parse("cpu")).isEqualTo(BackendId.CPU);
    assertThat(BackendId.parse("cuda:0").isCpu()).isFalse();
    assertThat(BackendId.parse("cuda:1").toString()).isEqualTo("cuda:1");
  }
}
