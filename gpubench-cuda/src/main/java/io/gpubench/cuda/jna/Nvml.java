package io.gpubench.cuda.jna;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;

/** The NVML calls gpubench makes: device lookup, clocks, power, temperature, clock-event reasons, processes. */
public interface Nvml extends Library {
  int NVML_CLOCK_GRAPHICS = 0;
  int NVML_CLOCK_SM = 1;
  int NVML_CLOCK_MEM = 2;
  int NVML_TEMPERATURE_GPU = 0;
  int NVML_SUCCESS = 0;
  int NVML_ERROR_NOT_SUPPORTED = 3;
  int NVML_ERROR_INSUFFICIENT_SIZE = 7;

  int nvmlInit_v2();

  int nvmlShutdown();

  String nvmlErrorString(int result);

  int nvmlSystemGetDriverVersion(byte[] version, int length);

  int nvmlDeviceGetHandleByPciBusId_v2(String pciBusId, PointerByReference device);

  int nvmlDeviceGetHandleByIndex_v2(int index, PointerByReference device);

  int nvmlDeviceGetName(Pointer device, byte[] name, int length);

  int nvmlDeviceGetClockInfo(Pointer device, int type, IntByReference mhz);

  int nvmlDeviceGetMaxClockInfo(Pointer device, int type, IntByReference mhz);

  int nvmlDeviceGetPowerUsage(Pointer device, IntByReference milliwatts);

  int nvmlDeviceGetEnforcedPowerLimit(Pointer device, IntByReference milliwatts);

  int nvmlDeviceGetTemperature(Pointer device, int sensor, IntByReference celsius);

  int nvmlDeviceGetCurrentClocksThrottleReasons(Pointer device, LongByReference reasons);

  int nvmlDeviceGetCurrentClocksEventReasons(Pointer device, LongByReference reasons);

  int nvmlDeviceGetMemoryInfo(Pointer device, NvmlMemory memory);

  int nvmlDeviceGetComputeRunningProcesses_v3(Pointer device, IntByReference count, NvmlProcessInfo infos);

  int nvmlSystemGetProcessName(int pid, byte[] name, int length);

  /** {@code nvmlMemory_t}: total, free and used bytes. */
  @Structure.FieldOrder({"total", "free", "used"})
  final class NvmlMemory extends Structure {
    /** Total bytes. */
    public long total;
    /** Free bytes. */
    public long free;
    /** Used bytes. */
    public long used;
  }

  /** {@code nvmlProcessInfo_t} (the v2 layout that {@code _v3} fills): 24 bytes. */
  @Structure.FieldOrder({"pid", "usedGpuMemory", "gpuInstanceId", "computeInstanceId"})
  class NvmlProcessInfo extends Structure {
    /** The process id. */
    public int pid;
    /** Device memory used, or {@code NVML_VALUE_NOT_AVAILABLE}. */
    public long usedGpuMemory;
    /** MIG GPU instance, or 0xFFFFFFFF. */
    public int gpuInstanceId;
    /** MIG compute instance, or 0xFFFFFFFF. */
    public int computeInstanceId;

    /** For arrays made by {@link Structure#toArray}. */
    public NvmlProcessInfo() {}

    /**
     * A field's offset, for layout checks against the C header.
     *
     * @param field the field's name
     * @return its offset in bytes
     */
    public int offset(String field) {
      return fieldOffset(field);
    }

    /**
     * A view of native memory.
     *
     * @param p the memory
     */
    public NvmlProcessInfo(Pointer p) {
      super(p);
    }
  }
}
