package io.gpubench.cuda.internal.jna;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;

/**
 * The NVML calls gpubench makes: device lookup, clocks, power, temperature, clock-event reasons, processes, NVLink.
 * Constants and structs as in {@code nvml.h} of NVML API 13 (NVIDIA/go-nvml's {@code gen/nvml/nvml.h}).
 */
public interface Nvml extends Library {
  int NVML_CLOCK_GRAPHICS = 0;
  int NVML_CLOCK_SM = 1;
  int NVML_CLOCK_MEM = 2;
  int NVML_TEMPERATURE_GPU = 0;
  int NVML_SUCCESS = 0;
  int NVML_ERROR_NOT_SUPPORTED = 3;
  int NVML_ERROR_INSUFFICIENT_SIZE = 7;
  int NVML_ERROR_INVALID_ARGUMENT = 2;

  /** {@code NVML_NVLINK_MAX_LINKS} of API 13 (18 before): links are asked up to it or the first invalid one. */
  int NVML_NVLINK_MAX_LINKS = 36;
  int NVML_FEATURE_ENABLED = 1;
  int NVML_NVLINK_DEVICE_TYPE_GPU = 0;
  int NVML_NVLINK_DEVICE_TYPE_IBMNPU = 1;
  int NVML_NVLINK_DEVICE_TYPE_SWITCH = 2;
  int NVML_NVLINK_DEVICE_TYPE_UNKNOWN = 0xFF;
  /** {@code NVML_FI_DEV_NVLINK_SPEED_MBPS_COMMON}: the common speed of the active links, MB/s. */
  int NVML_FI_DEV_NVLINK_SPEED_MBPS_COMMON = 90;
  /** {@code NVML_FI_DEV_NVLINK_LINK_COUNT}: the links the device has. */
  int NVML_FI_DEV_NVLINK_LINK_COUNT = 91;
  /** {@code NVML_FI_DEV_NVLINK_GET_SPEED}: one link's speed (scope id: the link), MB/s. */
  int NVML_FI_DEV_NVLINK_GET_SPEED = 164;
  int NVML_VALUE_TYPE_DOUBLE = 0;
  int NVML_VALUE_TYPE_UNSIGNED_INT = 1;
  int NVML_VALUE_TYPE_UNSIGNED_LONG = 2;
  int NVML_VALUE_TYPE_UNSIGNED_LONG_LONG = 3;
  int NVML_VALUE_TYPE_SIGNED_LONG_LONG = 4;
  int NVML_VALUE_TYPE_SIGNED_INT = 5;
  int NVML_VALUE_TYPE_UNSIGNED_SHORT = 6;

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

  int nvmlDeviceGetPciInfo_v3(Pointer device, NvmlPciInfo pci);

  int nvmlDeviceGetNvLinkState(Pointer device, int link, IntByReference isActive);

  int nvmlDeviceGetNvLinkVersion(Pointer device, int link, IntByReference version);

  int nvmlDeviceGetNvLinkRemotePciInfo_v2(Pointer device, int link, NvmlPciInfo pci);

  int nvmlDeviceGetNvLinkRemoteDeviceType(Pointer device, int link, IntByReference type);

  int nvmlDeviceGetFieldValues(Pointer device, int count, NvmlFieldValue values);

  /** {@code nvmlPciInfo_t}: 68 bytes. */
  @Structure.FieldOrder({"busIdLegacy", "domain", "bus", "device", "pciDeviceId", "pciSubSystemId", "busId"})
  class NvmlPciInfo extends Structure {
    /** {@code "%04X:%02X:%02X.0"}, 16 bytes. */
    public byte[] busIdLegacy = new byte[16];
    /** The PCI domain. */
    public int domain;
    /** The bus. */
    public int bus;
    /** The device on the bus. */
    public int device;
    /** Device and vendor id. */
    public int pciDeviceId;
    /** Subsystem id (not filled for a remote NVLink end). */
    public int pciSubSystemId;
    /** {@code "%08X:%02X:%02X.0"}, 32 bytes. */
    public byte[] busId = new byte[32];

    /** An empty struct for NVML to fill. */
    public NvmlPciInfo() {}

    /**
     * A field's offset, for layout checks against the C header.
     *
     * @param field the field's name
     * @return its offset in bytes
     */
    public int offset(String field) {
      return fieldOffset(field);
    }
  }

  /**
   * {@code nvmlFieldValue_t}: the field and scope asked for, then NVML's answer; 40 bytes. The value is an 8-byte
   * union ({@code nvmlValue_t}), read by {@link #valueType}.
   */
  @Structure.FieldOrder({"fieldId", "scopeId", "timestamp", "latencyUsec", "valueType", "nvmlReturn", "value"})
  class NvmlFieldValue extends Structure {
    /** {@code NVML_FI_*}. */
    public int fieldId;
    /** The scope, such as a link. */
    public int scopeId;
    /** When the value was read, µs since 1970. */
    public long timestamp;
    /** How long NVML took to update it, µs. */
    public long latencyUsec;
    /** {@code nvmlValueType_t}. */
    public int valueType;
    /** The result for this field. */
    public int nvmlReturn;
    /** The union's 8 bytes. */
    public long value;

    /** For arrays made by {@link Structure#toArray}. */
    public NvmlFieldValue() {}

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
     * The value as a number, by its type.
     *
     * @return the value
     */
    public double number() {
      switch (valueType) {
        case NVML_VALUE_TYPE_DOUBLE:
          return Double.longBitsToDouble(value);
        case NVML_VALUE_TYPE_UNSIGNED_INT:
          return value & 0xFFFFFFFFL;
        case NVML_VALUE_TYPE_SIGNED_INT:
          return (int) value;
        case NVML_VALUE_TYPE_UNSIGNED_SHORT:
          return value & 0xFFFFL;
        case NVML_VALUE_TYPE_UNSIGNED_LONG:
        case NVML_VALUE_TYPE_UNSIGNED_LONG_LONG:
          return value < 0 ? Math.scalb((double) (value >>> 1), 1) : value;
        default:
          return value;
      }
    }
  }

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
