package io.gpubench.cuda.internal.backend;

import com.sun.jna.ptr.IntByReference;
import io.gpubench.api.spi.Backend;
import io.gpubench.api.spi.BackendProvider;
import io.gpubench.api.spi.BackendSettings;
import io.gpubench.cuda.CaseResources;
import io.gpubench.cuda.CudaDevice;
import io.gpubench.cuda.CudaErrors;
import io.gpubench.cuda.DeviceRuntime;
import io.gpubench.cuda.internal.jna.CudaDriver;
import io.gpubench.cuda.internal.jna.CudaLibs;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the CUDA devices: one backend per visible GPU ({@code cuda:0}, {@code cuda:1}, ...), or one unavailable
 * {@code cuda:0} with the reason (no libcuda, {@code cuInit} failed, no device, driver too old). Never throws.
 *
 * <p>Configuration keys (without the {@code gpubench.} prefix): {@code cuda.workspace-mb}, the cuBLASLt workspace
 * per session (default 32); {@code cuda.peaks}, where the roofline's peaks come from: {@code datasheet} (default;
 * the table, measured for a GPU not in it), {@code measured} (the {@link PeakProbe}, once per device and run) or
 * {@code none}. {@code cuda.timing} ({@code auto}, {@code events}, {@code blocked}, {@code graph}) is read by the
 * engine, as the run's override of {@code @Trials(deviceTiming)}, and reaches the session through
 * the session's {@code clock(DeviceTiming)}.
 */
public final class CudaBackendProvider implements BackendProvider {
  /** The oldest driver API version gpubench-cuda runs on: CUDA 12.0. */
  public static final int MIN_DRIVER_VERSION = 12000;

  /** For {@link java.util.ServiceLoader}. */
  public CudaBackendProvider() {}

  @Override
  public List<Backend> backends(BackendSettings settings) {
    try {
      return find(settings);
    } catch (Throwable t) {
      if (t instanceof VirtualMachineError && !(t instanceof OutOfMemoryError)) {
        throw (VirtualMachineError) t;
      }
      return List.of(new CudaBackend(0, "CUDA discovery failed: " + t));
    }
  }

  private static List<Backend> find(BackendSettings settings) {
    CudaDriver cu;
    try {
      cu = CudaLibs.cuda();
    } catch (IllegalStateException | LinkageError e) {
      return List.of(new CudaBackend(0, e.getMessage()));
    }
    int rc = cu.cuInit(0);
    if (rc != 0) {
      return List.of(new CudaBackend(0, "no usable CUDA driver: " + CudaErrors.cudaError(rc, "cuInit", null)
          .getMessage()));
    }
    IntByReference version = new IntByReference();
    rc = cu.cuDriverGetVersion(version);
    if (rc != 0) {
      return List.of(new CudaBackend(0, CudaErrors.cudaError(rc, "cuDriverGetVersion", null).getMessage()));
    }
    if (version.getValue() < MIN_DRIVER_VERSION) {
      return List.of(new CudaBackend(0, "driver too old: it supports CUDA "
          + CudaDevice.cudaVersionText(version.getValue()) + "; gpubench-cuda needs "
          + CudaDevice.cudaVersionText(MIN_DRIVER_VERSION) + " or newer"));
    }
    IntByReference count = new IntByReference();
    rc = cu.cuDeviceGetCount(count);
    if (rc != 0) {
      return List.of(new CudaBackend(0, CudaErrors.cudaError(rc, "cuDeviceGetCount", null).getMessage()));
    }
    if (count.getValue() == 0) {
      String visible = System.getenv("CUDA_VISIBLE_DEVICES");
      return List.of(new CudaBackend(0, "no CUDA device visible"
          + (visible != null ? " (CUDA_VISIBLE_DEVICES=" + visible + ")" : "")));
    }
    long workspace = settings.get("cuda.workspace-mb").map(s -> Long.parseLong(s.trim()) << 20)
        .orElse(CaseResources.DEFAULT_WORKSPACE_BYTES);
    PeakSelection.Mode peakMode = PeakSelection.Mode.parse(settings.get(PeakSelection.KEY));
    List<Backend> out = new ArrayList<>();
    for (int i = 0; i < count.getValue(); i++) {
      try {
        out.add(new CudaBackend(DeviceRuntime.query(i), workspace, peakMode));
      } catch (RuntimeException e) {
        out.add(new CudaBackend(i, "device " + i + " could not be queried: " + e.getMessage()));
      }
    }
    return out;
  }
}
