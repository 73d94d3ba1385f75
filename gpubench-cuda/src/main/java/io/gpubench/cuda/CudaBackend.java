package io.gpubench.cuda;

import io.gpubench.api.BackendId;
import io.gpubench.api.Precision;
import io.gpubench.api.result.DeviceInfo;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendSession;
import io.gpubench.api.spi.DevicePeaks;
import io.gpubench.api.spi.SessionSpec;
import io.gpubench.cuda.jna.CudaLibs;
import io.gpubench.cuda.telemetry.NvmlDevice;
import io.gpubench.cuda.telemetry.NvLink;
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
    this.workspaceBytes = CudaSession.DEFAULT_WORKSPACE_BYTES;
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
      p.put("nvrtcVersion", KernelCompiler.version());
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
    return WorldTransport.find().map(WorldTransport::unavailableReason)
        .orElse(Optional.of("no world transport on the class path (gpubench-cuda's NCCL support)"))
        .map(r -> "world " + size + " needs NCCL: " + r);
  }

  @Override
  public String newWorldId() {
    return WorldTransport.find().orElseThrow(() -> new IllegalStateException("no world transport on the class path"))
        .newWorldId();
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
    Map<Precision, Double> flops = null;
    double bandwidth = 0;
    for (Backend b : world) {
      Optional<DevicePeaks> p = b.peaks();
      if (p.isEmpty()) {
        return Optional.empty();
      }
      if (flops == null) {
        flops = new java.util.EnumMap<>(p.get().flopsPerSecond());
      } else {
        Map<Precision, Double> theirs = p.get().flopsPerSecond();
        flops.keySet().retainAll(theirs.keySet());
        flops.replaceAll((k, v) -> v + theirs.get(k));
      }
      bandwidth += p.get().bytesPerSecond();
    }
    if (flops == null) {
      return Optional.empty();
    }
    String source = world.size() + " x " + world.get(0).peaks().get().source();
    Double link = null;
    if (world.size() > 1) {
      NvLink.PeerBandwidth slowest = null;
      for (int r = 0; r < world.size() && world.size() > 1; r++) {
        Backend a = world.get(r);
        Backend b = world.get((r + 1) % world.size());
        Optional<NvLink.PeerBandwidth> bw = a instanceof CudaBackend ca && b instanceof CudaBackend cb
            ? ca.linkTo(cb) : Optional.empty();
        if (bw.isEmpty()) {
          slowest = null;
          break;
        }
        if (slowest == null || bw.get().gbPerSecond() < slowest.gbPerSecond()) {
          slowest = bw.get();
        }
      }
      if (slowest != null) {
        link = slowest.gbPerSecond() * 1e9;
        source += "; link: " + slowest.source();
      } else {
        source += "; no NVLink figure between every pair of consecutive ranks";
      }
    }
    return Optional.of(new DevicePeaks(flops, bandwidth, source, link));
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
    return new CudaSession(id.toString(), runtime, spec, workspaceBytes);
  }

  @Override
  public String toString() {
    return id + (device != null ? " (" + device.name() + ")" : " (unavailable: " + unavailable + ")");
  }
}
