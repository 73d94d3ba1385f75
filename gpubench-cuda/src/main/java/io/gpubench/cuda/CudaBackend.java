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
import java.util.LinkedHashMap;
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
    String visible = System.getenv("CUDA_VISIBLE_DEVICES");
    String physical = String.valueOf(id.index());
    if (visible != null && !visible.isBlank()) {
      String[] listed = visible.split(",");
      if (id.index() < listed.length) {
        physical = listed[id.index()].trim();
      }
    }
    return Map.of("CUDA_VISIBLE_DEVICES", physical);
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
