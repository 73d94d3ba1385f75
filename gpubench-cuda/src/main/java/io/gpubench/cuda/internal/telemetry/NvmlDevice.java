package io.gpubench.cuda.internal.telemetry;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import io.gpubench.cuda.CudaErrors;
import io.gpubench.cuda.internal.jna.CudaLibs;
import io.gpubench.cuda.internal.jna.Nvml;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One GPU as NVML sees it. Readings return null where NVML says the device does not support them, so a sampler
 * keeps going on GPUs that lack a sensor.
 */
public final class NvmlDevice {
  private static volatile boolean initialised;

  private final Nvml nvml;
  private final Pointer handle;
  private volatile int reasonsCall; // 0 untried, 1 EventReasons, 2 ThrottleReasons, 3 none

  private NvmlDevice(Nvml nvml, Pointer handle) {
    this.nvml = nvml;
    this.handle = handle;
  }

  /**
   * Finds a CUDA device in NVML by PCI bus id, or by index where the id is unknown.
   *
   * @param pciBusId the CUDA device's PCI bus id
   * @param index the CUDA ordinal, used only without a bus id
   * @return the device
   * @throws io.gpubench.cuda.CudaException where NVML fails
   */
  public static NvmlDevice open(String pciBusId, int index) {
    Nvml nvml = init();
    PointerByReference h = new PointerByReference();
    if (pciBusId != null && !pciBusId.isEmpty()) {
      CudaErrors.checkNvml(nvml.nvmlDeviceGetHandleByPciBusId_v2(pciBusId, h), "nvmlDeviceGetHandleByPciBusId_v2");
    } else {
      CudaErrors.checkNvml(nvml.nvmlDeviceGetHandleByIndex_v2(index, h), "nvmlDeviceGetHandleByIndex_v2");
    }
    return new NvmlDevice(nvml, h.getValue());
  }

  private static synchronized Nvml init() {
    Nvml nvml = CudaLibs.nvml();
    if (!initialised) {
      CudaErrors.checkNvml(nvml.nvmlInit_v2(), "nvmlInit_v2");
      initialised = true;
    }
    return nvml;
  }

  /**
   * The driver version, such as {@code 580.159.04}.
   *
   * @return the version, or null
   */
  public String driverVersion() {
    byte[] b = new byte[96];
    return nvml.nvmlSystemGetDriverVersion(b, b.length) == 0 ? CudaLibs.cString(b) : null;
  }

  private Double value(int rc, int v, String call, double scale) {
    if (rc == Nvml.NVML_SUCCESS) {
      return v * scale;
    }
    if (rc == Nvml.NVML_ERROR_NOT_SUPPORTED) {
      return null;
    }
    throw CudaErrors.nvmlError(rc, call);
  }

  /**
   * The current SM clock.
   *
   * @return MHz, or null
   */
  public Double smClockMhz() {
    IntByReference v = new IntByReference();
    return value(nvml.nvmlDeviceGetClockInfo(handle, Nvml.NVML_CLOCK_SM, v), v.getValue(), "nvmlDeviceGetClockInfo", 1);
  }

  /**
   * The current memory clock.
   *
   * @return MHz, or null
   */
  public Double memClockMhz() {
    IntByReference v = new IntByReference();
    return value(nvml.nvmlDeviceGetClockInfo(handle, Nvml.NVML_CLOCK_MEM, v), v.getValue(), "nvmlDeviceGetClockInfo", 1);
  }

  /**
   * The maximum SM clock.
   *
   * @return MHz, or null
   */
  public Double maxSmClockMhz() {
    IntByReference v = new IntByReference();
    return value(nvml.nvmlDeviceGetMaxClockInfo(handle, Nvml.NVML_CLOCK_SM, v), v.getValue(),
        "nvmlDeviceGetMaxClockInfo", 1);
  }

  /**
   * The maximum memory clock.
   *
   * @return MHz, or null
   */
  public Double maxMemClockMhz() {
    IntByReference v = new IntByReference();
    return value(nvml.nvmlDeviceGetMaxClockInfo(handle, Nvml.NVML_CLOCK_MEM, v), v.getValue(),
        "nvmlDeviceGetMaxClockInfo", 1);
  }

  /**
   * Board power.
   *
   * @return watts, or null
   */
  public Double powerWatts() {
    IntByReference v = new IntByReference();
    return value(nvml.nvmlDeviceGetPowerUsage(handle, v), v.getValue(), "nvmlDeviceGetPowerUsage", 1e-3);
  }

  /**
   * The enforced power limit.
   *
   * @return watts, or null
   */
  public Double powerLimitWatts() {
    IntByReference v = new IntByReference();
    return value(nvml.nvmlDeviceGetEnforcedPowerLimit(handle, v), v.getValue(), "nvmlDeviceGetEnforcedPowerLimit", 1e-3);
  }

  /**
   * GPU temperature.
   *
   * @return degrees Celsius, or null
   */
  public Double temperatureC() {
    IntByReference v = new IntByReference();
    return value(nvml.nvmlDeviceGetTemperature(handle, Nvml.NVML_TEMPERATURE_GPU, v), v.getValue(),
        "nvmlDeviceGetTemperature", 1);
  }

  /**
   * The clock-event reasons now ({@code nvmlDeviceGetCurrentClocksEventReasons}, or the older
   * {@code ...ThrottleReasons} where the library predates the rename).
   *
   * @return the bits, or null
   */
  public Long reasons() {
    LongByReference v = new LongByReference();
    if (reasonsCall <= 1) {
      try {
        int rc = nvml.nvmlDeviceGetCurrentClocksEventReasons(handle, v);
        reasonsCall = 1;
        return rc == 0 ? v.getValue() : null;
      } catch (UnsatisfiedLinkError e) {
        reasonsCall = 2;
      }
    }
    if (reasonsCall == 2) {
      try {
        int rc = nvml.nvmlDeviceGetCurrentClocksThrottleReasons(handle, v);
        return rc == 0 ? v.getValue() : null;
      } catch (UnsatisfiedLinkError e) {
        reasonsCall = 3;
      }
    }
    return null;
  }

  /**
   * Device memory in use.
   *
   * @return bytes, or null
   */
  public Long memoryUsedBytes() {
    Nvml.NvmlMemory m = new Nvml.NvmlMemory();
    return nvml.nvmlDeviceGetMemoryInfo(handle, m) == 0 ? m.used : null;
  }

  /**
   * The device's memory.
   *
   * @return bytes, or null
   */
  public Long memoryTotalBytes() {
    Nvml.NvmlMemory m = new Nvml.NvmlMemory();
    return nvml.nvmlDeviceGetMemoryInfo(handle, m) == 0 ? m.total : null;
  }

  /**
   * The device memory a process holds, as NVML lists it among the device's compute processes. In another PID
   * namespace (a container) this JVM's id is not listed: where exactly one process is, it is this one.
   *
   * @param ownPid this process's id
   * @return bytes, or null where NVML cannot list processes, does not know the figure, or the process is not found
   */
  public Long processMemoryBytes(long ownPid) {
    ComputeProcesses p = list(ownPid, false);
    return p == null ? null : p.ownBytes();
  }

  /**
   * The compute processes on the GPU other than this JVM, as {@code "pid name"}. NVML may list processes by host
   * process ids that differ from ours (a container's own PID namespace): when this JVM's id is not among them,
   * one listed process is taken to be this one, as every process that has a context on the device shows.
   *
   * @param ownPid this process's id
   * @return the others, or null where NVML cannot list processes
   */
  public Set<String> otherProcesses(long ownPid) {
    ComputeProcesses p = list(ownPid, true);
    return p == null ? null : p.others();
  }

  /**
   * The other compute processes and this process's device memory from one listing, for a telemetry sample.
   *
   * @param ownPid this process's id
   * @return both, or null where NVML cannot list processes
   */
  public ComputeProcesses computeProcesses(long ownPid) {
    return list(ownPid, true);
  }

  private ComputeProcesses list(long ownPid, boolean names) {
    Nvml.NvmlProcessInfo[] infos = (Nvml.NvmlProcessInfo[]) new Nvml.NvmlProcessInfo().toArray(64);
    IntByReference count = new IntByReference(infos.length);
    int rc;
    try {
      rc = nvml.nvmlDeviceGetComputeRunningProcesses_v3(handle, count, infos[0]);
    } catch (UnsatisfiedLinkError e) {
      return null;
    }
    if (rc != 0) {
      return null;
    }
    List<ComputeProcesses.Listed> listed = new ArrayList<>();
    for (int i = 0; i < count.getValue() && i < infos.length; i++) {
      infos[i].read();
      int pid = infos[i].pid;
      long used = infos[i].usedGpuMemory;
      String name = null;
      if (names && pid != ownPid) {
        byte[] buf = new byte[256];
        name = nvml.nvmlSystemGetProcessName(pid, buf, buf.length) == 0 ? CudaLibs.cString(buf) : "?";
      }
      listed.add(new ComputeProcesses.Listed(pid, used < 0 ? null : used, name)); // NVML_VALUE_NOT_AVAILABLE: ~0
    }
    return ComputeProcesses.of(ownPid, listed);
  }

  /**
   * The device's compute processes as this process sees them.
   *
   * @param others the processes other than this one, as {@code "pid name"}: where this process's id is not listed (a
   *     container's own PID namespace) and others are, the first listed is taken to be this one
   * @param ownBytes this process's device memory: its entry's, else the only listed process's, else null
   */
  public record ComputeProcesses(Set<String> others, Long ownBytes) {

    /**
     * One process as NVML lists it.
     *
     * @param pid its id
     * @param usedBytes its device memory, or null where NVML does not know it
     * @param name its name, or null where not looked up
     */
    record Listed(long pid, Long usedBytes, String name) {}

    static ComputeProcesses of(long ownPid, List<Listed> listed) {
      Set<String> others = new LinkedHashSet<>();
      boolean ownSeen = false;
      Long own = null;
      for (Listed p : listed) {
        if (p.pid() == ownPid) {
          ownSeen = true;
          own = p.usedBytes();
          continue;
        }
        others.add(p.pid() + " " + (p.name() == null ? "?" : p.name()));
      }
      if (!ownSeen && listed.size() == 1) {
        own = listed.get(0).usedBytes();
      }
      if (!ownSeen && !others.isEmpty()) {
        // Another PID namespace: one of the listed processes is this one.
        others.remove(others.iterator().next());
      }
      return new ComputeProcesses(others, own);
    }
  }

  /**
   * The GPU's active NVLinks: for each link NVML says is active, its version, what is at the far end and its speed
   * ({@code NVML_FI_DEV_NVLINK_GET_SPEED}, one field value per link). A GPU without NVLink, or an NVML without these
   * calls, gives none.
   *
   * @return the active links, in link order
   * @throws io.gpubench.cuda.CudaException where NVML fails otherwise than "not supported"
   */
  public List<NvLink> nvLinks() {
    return NvLinks.read(nvml, handle);
  }
}
