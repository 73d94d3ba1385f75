package io.gpubench.cuda;

import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import io.gpubench.cuda.internal.jna.CudaDriver;
import io.gpubench.cuda.internal.jna.CudaLibs;

/**
 * The facts of one CUDA device that gpubench uses, read once through the driver API.
 *
 * @param ordinal the driver's device ordinal
 * @param name the device name, such as {@code NVIDIA H200}
 * @param major compute capability, major
 * @param minor compute capability, minor
 * @param multiprocessors SM count
 * @param l2CacheBytes L2 cache size
 * @param memoryBytes total device memory
 * @param maxSharedPerBlockOptin the most shared memory a block can opt into
 * @param pciBusId the PCI bus id, such as {@code 0000:04:00.0}
 * @param driverCudaVersion the CUDA version the driver supports, as {@code 1000 * major + 10 * minor}
 */
public record CudaDevice(
    int ordinal,
    String name,
    int major,
    int minor,
    int multiprocessors,
    long l2CacheBytes,
    long memoryBytes,
    int maxSharedPerBlockOptin,
    String pciBusId,
    int driverCudaVersion) {

  /**
   * The architecture name NVRTC compiles for, such as {@code sm_90}.
   *
   * @return the architecture
   */
  public String arch() {
    return "sm_" + major + minor;
  }

  /**
   * The compute capability as written in NVIDIA's tables, such as {@code 9.0}.
   *
   * @return the capability
   */
  public String computeCapability() {
    return major + "." + minor;
  }

  /**
   * Whether the compute capability is at least {@code major.minor}.
   *
   * @param major the major version
   * @param minor the minor version
   * @return true when it is
   */
  public boolean atLeast(int major, int minor) {
    return this.major > major || (this.major == major && this.minor >= minor);
  }

  /**
   * Makes this device's primary context current on the calling thread: the one context per device that every
   * gpubench session on it uses, and the one the CUDA runtime uses, so libraries built on the runtime (NCCL picks
   * its device with {@code cudaGetDevice}) see this device. Retains the context on first use, for the process.
   */
  public void makeCurrent() {
    DeviceRuntime.of(ordinal).makeCurrent();
  }

  /**
   * A CUDA version number as people write it: 13000 is {@code 13.0}.
   *
   * @param version the driver's number
   * @return the text
   */
  public static String cudaVersionText(int version) {
    return (version / 1000) + "." + (version % 1000) / 10;
  }

  static CudaDevice query(int ordinal) {
    CudaDriver cu = CudaLibs.cuda();
    IntByReference dev = new IntByReference();
    CudaErrors.check(cu.cuDeviceGet(dev, ordinal), "cuDeviceGet", "ordinal " + ordinal);
    int d = dev.getValue();
    byte[] name = new byte[256];
    CudaErrors.check(cu.cuDeviceGetName(name, name.length, d), "cuDeviceGetName");
    LongByReference mem = new LongByReference();
    CudaErrors.check(cu.cuDeviceTotalMem_v2(mem, d), "cuDeviceTotalMem_v2");
    byte[] bus = new byte[64];
    String busId = cu.cuDeviceGetPCIBusId(bus, bus.length, d) == 0 ? CudaLibs.cString(bus) : "";
    IntByReference version = new IntByReference();
    CudaErrors.check(cu.cuDriverGetVersion(version), "cuDriverGetVersion");
    return new CudaDevice(
        ordinal,
        CudaLibs.cString(name),
        attribute(cu, d, CudaDriver.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR),
        attribute(cu, d, CudaDriver.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR),
        attribute(cu, d, CudaDriver.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT),
        attribute(cu, d, CudaDriver.CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE),
        mem.getValue(),
        attribute(cu, d, CudaDriver.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN),
        busId,
        version.getValue());
  }

  private static int attribute(CudaDriver cu, int device, int attribute) {
    IntByReference v = new IntByReference();
    CudaErrors.check(cu.cuDeviceGetAttribute(v, attribute, device), "cuDeviceGetAttribute", "attribute " + attribute);
    return v.getValue();
  }
}
