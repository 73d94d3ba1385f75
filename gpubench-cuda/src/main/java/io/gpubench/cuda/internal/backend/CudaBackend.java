package io.gpubench.cuda.internal.backend;

import io.gpubench.api.BackendId;
import io.gpubench.api.Precision;
import io.gpubench.api.result.DeviceInfo;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.DevicePeaks;
import io.gpubench.api.spi.SessionSpec;
import io.gpubench.cuda.CaseResources;
import io.gpubench.cuda.CudaDevice;
import io.gpubench.cuda.DeviceRuntime;
import io.gpubench.cuda.internal.jna.CudaLibs;
import io.gpubench.cuda.internal.telemetry.NvLink;
import io.gpubench.cuda.internal.telemetry.NvmlDevice;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** One CUDA device ({@code cuda:N}), or the reason CUDA cannot run here. */
public final class CudaBackend implements Backend {
  private final BackendId id;
  private final CudaDevice device;
  private final String unavailable;
  private final long workspaceBytes;
  private final PeakSelection peaks;
  private volatile DeviceInfo info;
  private Optional<NvmlDevice> nvml;

  CudaBackend(CudaDevice device, long workspaceBytes, PeakSelection.Mode peakMode) {
    this.id = BackendId.of("cuda", device.ordinal());
    this.device = device;
    this.unavailable = null;
    this.workspaceBytes = workspaceBytes;
    this.peaks = new PeakSelection(peakMode, id + " (" + device.name() + ")", () -> Datasheet.lookup(device.name()),
        () -> PeakProbe.measure(this), System.err::println);
  }

  CudaBackend(int ordinal, String unavailable) {
    this.id = BackendId.of("cuda", ordinal);
    this.device = null;
    this.unavailable = unavailable;
    this.workspaceBytes = CaseResources.DEFAULT_WORKSPACE_BYTES;
    this.peaks = null;
  }

  @Override
  public BackendId id() {
    return id;
  }

  @Override
  public Optional<String> unavailableReason() {
    return Optional.ofNullable(unavailable);
  }

  /**
   * The device, where the backend is available.
   *
   * @return the device
   */
  public Optional<CudaDevice> device() {
    return Optional.ofNullable(device);
  }

  @Override
  public DeviceInfo describe() {
    DeviceInfo d = info;
    if (d == null) {
      d = device == null ? new DeviceInfo(id, "", false, unavailable, Map.of()) : describeDevice();
      info = d;
    }
    return d;
  }

  private DeviceInfo describeDevice() {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("computeCapability", device.computeCapability());
    p.put("arch", device.arch());
    p.put("multiprocessors", String.valueOf(device.multiprocessors()));
    p.put("l2CacheBytes", String.valueOf(device.l2CacheBytes()));
    p.put("memoryBytes", String.valueOf(device.memoryBytes()));
    p.put("pciBusId", device.pciBusId());
    p.put("cudaDriverApiVersion", CudaDevice.cudaVersionText(device.driverCudaVersion()));
    try {
      NvmlDevice n = NvmlDevice.open(device.pciBusId(), device.ordinal());
      putIfPresent(p, "driver", n.driverVersion());
      putIfPresent(p, "maxSmClockMhz", n.maxSmClockMhz());
      putIfPresent(p, "maxMemClockMhz", n.maxMemClockMhz());
      putIfPresent(p, "powerLimitWatts", n.powerLimitWatts());
    } catch (RuntimeException e) {
      p.put("nvml", "unavailable: " + e.getMessage());
    }
    try {
      p.put("nvrtcVersion", DeviceRuntime.nvrtcVersion());
    } catch (RuntimeException e) {
      p.put("nvrtcVersion", "unavailable: " + e.getMessage());
    }
    try {
      p.put("cublasLtVersion", String.valueOf(CudaLibs.cublasLt().cublasLtGetVersion()));
    } catch (RuntimeException e) {
      p.put("cublasLtVersion", "unavailable: " + e.getMessage());
    }
    return new DeviceInfo(id, device.name(), true, null, p);
  }

  private static void putIfPresent(Map<String, String> p, String key, Object value) {
    if (value != null) {
      String v = value instanceof Double && ((Double) value) == Math.rint((Double) value)
          ? String.valueOf(((Double) value).longValue()) : String.valueOf(value);
      p.put(key, v);
    }
  }

  @Override
  public Optional<String> unsupported(Precision precision) {
    if (device == null) {
      return Optional.of(unavailable);
    }
    switch (precision) {
      case FP8_E4M3:
        return device.atLeast(8, 9) ? Optional.empty()
            : Optional.of("FP8 needs compute capability 8.9 or newer; " + id + " (" + device.name() + ") is "
                + device.computeCapability());
      case BF16:
      case TF32:
        return device.atLeast(8, 0) ? Optional.empty()
            : Optional.of(precision + " needs compute capability 8.0 or newer; " + id + " (" + device.name()
                + ") is " + device.computeCapability());
      default:
        return Optional.empty();
    }
  }

  /**
   * The roofline peaks, by {@code gpubench.cuda.peaks} ({@link PeakSelection}): the datasheet table by default,
   * measured by {@link PeakProbe} (a few seconds, once per run) on request or for a GPU not in the table.
   */
  @Override
  public Optional<DevicePeaks> peaks() {
    return device == null ? Optional.empty() : peaks.peaks();
  }

  /**
   * Sets {@code CUDA_VISIBLE_DEVICES} to this device alone, translated through the engine's own setting when it
   * has one ({@code cuda:1} of {@code CUDA_VISIBLE_DEVICES=2,3} is {@code 3}).
   */
  @Override
  public Map<String, String> workerEnvironment() {
    return Map.of("CUDA_VISIBLE_DEVICES", physicalId(id.index()));
  }

  /** The device's number as the engine's own {@code CUDA_VISIBLE_DEVICES} names it ({@code cuda:1} of 2,3 is 3). */
  static String physicalId(int index) {
    String visible = System.getenv("CUDA_VISIBLE_DEVICES");
    if (visible != null && !visible.isBlank()) {
      String[] listed = visible.split(",");
      if (index < listed.length) {
        return listed[index].trim();
      }
    }
    return String.valueOf(index);
  }

  // ---- worlds: one rank per GPU, NCCL between them ----

  @Override
  public Optional<String> worldUnsupported(int size) {
    if (device == null) {
      return Optional.of(unavailable);
    }
    return WorldTransport.unavailableReason().map(r -> "world " + size + " needs NCCL: " + r);
  }

  @Override
  public String newWorldId() {
    return WorldTransport.newWorldId();
  }

  /**
   * Every rank of a world sees the world's GPUs in the same order, and rank r opens {@code cuda:r}: as torchrun and
   * nccl-tests run them, so that NCCL checks peer access between the GPUs itself.
   */
  @Override
  public Map<String, String> worldEnvironment(List<Backend> world) {
    return Map.of("CUDA_VISIBLE_DEVICES", world.stream().map(b -> physicalId(b.id().index()))
        .collect(java.util.stream.Collectors.joining(",")));
  }

  @Override
  public BackendId idInWorld(int rank) {
    return BackendId.of("cuda", rank);
  }

  /**
   * The world's peaks: each GPU's (datasheet or measured, as {@code gpubench.cuda.peaks} says) summed, and the
   * slowest NVLink between consecutive ranks as NVML reports it ({@link NvLink#toPeer}); no link term where a pair
   * has no NVLink or NVML cannot say.
   */
  @Override
  public Optional<DevicePeaks> worldPeaks(List<Backend> world) {
    return WorldPeaks.of(world, (a, b) -> a instanceof CudaBackend ca && b instanceof CudaBackend cb
        ? ca.linkTo(cb) : Optional.empty());
  }

  private volatile java.util.List<NvLink> links;

  /** The NVLink bandwidth from this GPU to another, per direction, from NVML. */
  Optional<NvLink.PeerBandwidth> linkTo(CudaBackend peer) {
    if (device == null || peer.device == null) {
      return Optional.empty();
    }
    try {
      java.util.List<NvLink> l = links;
      if (l == null) {
        l = NvmlDevice.open(device.pciBusId(), device.ordinal()).nvLinks();
        links = l;
      }
      return NvLink.toPeer(l, peer.device.pciBusId());
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  @Override
  public BackendId idInWorker() {
    return BackendId.of("cuda", 0);
  }

  @Override
  public Optional<String> fault() {
    return device == null ? Optional.empty() : Optional.ofNullable(DeviceRuntime.faultOf(device.ordinal()));
  }

  @Override
  public BackendSession open(SessionSpec spec) {
    if (device == null) {
      throw new IllegalStateException(id + " is unavailable: " + unavailable);
    }
    DeviceRuntime runtime = DeviceRuntime.of(device.ordinal());
    if (runtime.fault() != null) {
      throw new IllegalStateException(id + " is unusable for the rest of this run after a sticky CUDA error: "
          + runtime.fault());
    }
    return new CudaBackendSession(id.toString(), runtime, spec, workspaceBytes, this::nvml);
  }

  /**
   * The device's NVML handle, found by PCI bus id on first use (the session's telemetry reads it).
   *
   * @return the handle, or empty where NVML is absent or does not know the device (the description says why)
   */
  synchronized Optional<NvmlDevice> nvml() {
    if (nvml == null) {
      try {
        nvml = Optional.of(NvmlDevice.open(device.pciBusId(), device.ordinal()));
      } catch (RuntimeException e) {
        nvml = Optional.empty();
      }
    }
    return nvml;
  }

  @Override
  public String toString() {
    return id + (device != null ? " (" + device.name() + ")" : " (unavailable: " + unavailable + ")");
  }
}
