package io.gpubench.cuda.internal.telemetry;

import io.gpubench.cuda.internal.jna.Nvml;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One active NVLink of a GPU as NVML reports it.
 *
 * @param link the link's index
 * @param version {@code nvmlNvlinkVersion_t} (6 is NVLink 4.0, 7 is 5.0), or 0 where NVML does not say
 * @param remoteType {@code nvmlIntNvLinkDeviceType_t}: 0 GPU, 2 NVSwitch, 255 unknown
 * @param remoteBusId the PCI bus id of the far end, or null
 * @param speedMBps the link's speed per direction from {@code NVML_FI_DEV_NVLINK_GET_SPEED}, MB/s, or null
 */
public record NvLink(int link, int version, int remoteType, String remoteBusId, Double speedMBps) {

  /**
   * The NVLink generation as NVIDIA writes it.
   *
   * @return such as {@code 4.0}, or {@code ?} for a version NVML did not give
   */
  public String versionName() {
    switch (version) {
      case 1:
        return "1.0";
      case 2:
        return "2.0";
      case 3:
        return "2.2";
      case 4:
        return "3.0";
      case 5:
        return "3.1";
      case 6:
        return "4.0";
      case 7:
        return "5.0";
      case 8:
        return "6.0";
      default:
        return "?";
    }
  }

  /**
   * The datasheet bandwidth of one link of this generation, per direction: 20 GB/s for NVLink 1.0, 25 for 2.0 to
   * 4.0 (an H100/H200 has 18 such links, 450 GB/s), 50 for 5.0 (B200).
   *
   * @return GB/s, or empty for a generation not in the table
   */
  public Optional<Double> datasheetGBps() {
    switch (version) {
      case 1:
        return Optional.of(20.0);
      case 2:
      case 3:
      case 4:
      case 5:
      case 6:
        return Optional.of(25.0);
      case 7:
        return Optional.of(50.0);
      default:
        return Optional.empty();
    }
  }

  /**
   * Whether the far end is the GPU at this PCI address: CUDA writes {@code 0000:04:00.0}, NVML
   * {@code 00000000:04:00.0}; domain, bus and device are compared as numbers.
   *
   * @param pciBusId the GPU's bus id in either form
   * @return true when this link goes straight to it
   */
  public boolean reachesGpu(String pciBusId) {
    return remoteType == Nvml.NVML_NVLINK_DEVICE_TYPE_GPU && remoteBusId != null
        && samePci(remoteBusId, pciBusId);
  }

  /**
   * Whether the far end is an NVSwitch, through which every GPU of the fabric is reached.
   *
   * @return true for a switch
   */
  public boolean reachesSwitch() {
    return remoteType == Nvml.NVML_NVLINK_DEVICE_TYPE_SWITCH;
  }

  static boolean samePci(String a, String b) {
    long[] x = parsePci(a);
    long[] y = parsePci(b);
    return x != null && y != null && x[0] == y[0] && x[1] == y[1] && x[2] == y[2];
  }

  /** domain:bus:device.function in hex; null when the text is not one. */
  static long[] parsePci(String s) {
    if (s == null) {
      return null;
    }
    String[] p = s.strip().split("[:.]");
    if (p.length < 3) {
      return null;
    }
    try {
      return new long[] {Long.parseLong(p[0], 16), Long.parseLong(p[1], 16), Long.parseLong(p[2], 16)};
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * The NVLink bandwidth from a GPU to a peer GPU, per direction: the links that go straight to the peer, or all
   * the links into NVSwitches (a switch fabric gives each GPU its whole NVLink bandwidth to any peer). Each link
   * counts at NVML's speed where NVML gives one, else at its generation's datasheet figure.
   *
   * @param links the GPU's active links ({@link NvmlDevice#nvLinks()})
   * @param peerBusId the peer's PCI bus id
   * @return the bandwidth and how it was found, or empty when no NVLink reaches the peer (PCIe only)
   */
  public static Optional<PeerBandwidth> toPeer(List<NvLink> links, String peerBusId) {
    List<NvLink> direct = links.stream().filter(l -> l.reachesGpu(peerBusId)).toList();
    List<NvLink> used = !direct.isEmpty() ? direct : links.stream().filter(NvLink::reachesSwitch).toList();
    if (used.isEmpty()) {
      return Optional.empty();
    }
    double nvml = 0;
    double sheet = 0;
    boolean allNvml = true;
    boolean allSheet = true;
    for (NvLink l : used) {
      if (l.speedMBps() != null && l.speedMBps() > 0) {
        nvml += l.speedMBps() / 1000.0;
      } else {
        allNvml = false;
      }
      Optional<Double> d = l.datasheetGBps();
      if (d.isPresent()) {
        sheet += d.get();
      } else {
        allSheet = false;
      }
    }
    String path = used.size() + " NVLink " + used.get(0).versionName() + " links"
        + (direct.isEmpty() ? " into NVSwitches" : " to " + peerBusId);
    if (allNvml) {
      return Optional.of(new PeerBandwidth(used.size(), nvml, allSheet ? sheet : null,
          String.format(Locale.ROOT, "%s at NVML's %.1f GB/s each", path, nvml / used.size())));
    }
    if (allSheet) {
      return Optional.of(new PeerBandwidth(used.size(), sheet, sheet,
          String.format(Locale.ROOT, "%s at the datasheet's %.0f GB/s each (NVML gave no speed)", path,
              sheet / used.size())));
    }
    return Optional.empty();
  }

  /**
   * The NVLink bandwidth between two GPUs, per direction.
   *
   * @param links how many links carry it
   * @param gbPerSecond their bandwidth, GB/s per direction: what a collective's bus bandwidth is compared with
   * @param datasheetGBps the same from the generation's datasheet figure, or null
   * @param source how it was found, for reports
   */
  public record PeerBandwidth(int links, double gbPerSecond, Double datasheetGBps, String source) {}
}
