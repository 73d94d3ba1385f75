package io.gpubench.cuda.internal.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gpubench.cuda.internal.telemetry.NvLink.PeerBandwidth;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The NVLink bandwidth between two GPUs from NVML's per-link answers; no GPU needed. */
class NvLinkTest {
  static final int GPU = 0;
  static final int SWITCH = 2;
  static final int V4 = 6; // NVML_NVLINK_VERSION_4_0

  static List<NvLink> links(int n, int type, String remote, Double speed) {
    List<NvLink> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(new NvLink(i, V4, type, remote, speed));
    }
    return out;
  }

  @Test
  void eighteenLinksToThePeerAtNvmlsSpeed() {
    // An H200 pair as NV18: NVML writes bus ids with an 8-digit domain, CUDA with a 4-digit one.
    PeerBandwidth b = NvLink.toPeer(links(18, GPU, "00000000:1B:00.0", 26562.0), "0000:1b:00.0").orElseThrow();
    assertThat(b.links()).isEqualTo(18);
    assertThat(b.gbPerSecond()).isCloseTo(478.1, within(0.1));
    assertThat(b.datasheetGBps()).isEqualTo(450.0);
    assertThat(b.source()).isEqualTo("18 NVLink 4.0 links to 0000:1b:00.0 at NVML's 26.6 GB/s each");
  }

  @Test
  void onlyTheLinksToThatPeerCount() {
    List<NvLink> l = new ArrayList<>(links(4, GPU, "00000000:1B:00.0", 25000.0));
    l.add(new NvLink(4, V4, GPU, "00000000:2C:00.0", 25000.0));
    assertThat(NvLink.toPeer(l, "0000:2C:00.0").orElseThrow().links()).isEqualTo(1);
    assertThat(NvLink.toPeer(l, "0000:3D:00.0")).as("no link to that GPU: PCIe only").isEmpty();
  }

  @Test
  void throughNvSwitchesEveryLinkCounts() {
    PeerBandwidth b = NvLink.toPeer(links(18, SWITCH, "FFFFFFFF:FF:FF.0", 26562.0), "0000:99:00.0").orElseThrow();
    assertThat(b.links()).isEqualTo(18);
    assertThat(b.source()).contains("into NVSwitches");
  }

  @Test
  void withoutNvmlsSpeedTheDatasheetFigureIsUsedAndSaid() {
    PeerBandwidth b = NvLink.toPeer(links(18, GPU, "00000000:1B:00.0", null), "0000:1b:00.0").orElseThrow();
    assertThat(b.gbPerSecond()).isEqualTo(450.0);
    assertThat(b.source()).endsWith("at the datasheet's 25 GB/s each (NVML gave no speed)");
  }

  @Test
  void noLinksNoBandwidth() {
    assertThat(NvLink.toPeer(List.of(), "0000:1b:00.0")).isEmpty();
  }

  @Test
  void versionsAndPciAddresses() {
    assertThat(new NvLink(0, 7, GPU, null, null).versionName()).isEqualTo("5.0");
    assertThat(new NvLink(0, 7, GPU, null, null).datasheetGBps()).contains(50.0);
    assertThat(new NvLink(0, 0, GPU, null, null).datasheetGBps()).isEmpty();
    assertThat(NvLink.samePci("00000000:1B:00.0", "0000:1b:00.0")).isTrue();
    assertThat(NvLink.samePci("00000001:1B:00.0", "0000:1b:00.0")).isFalse();
    assertThat(NvLink.samePci("garbage", "0000:1b:00.0")).isFalse();
  }
}
