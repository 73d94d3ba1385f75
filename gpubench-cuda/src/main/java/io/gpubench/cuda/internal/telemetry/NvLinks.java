package io.gpubench.cuda.internal.telemetry;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import io.gpubench.cuda.CudaErrors;
import io.gpubench.cuda.internal.jna.CudaLibs;
import io.gpubench.cuda.internal.jna.Nvml;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a GPU's active NVLinks from NVML ({@link NvmlDevice#nvLinks()}): for each link NVML says is active, its
 * version, what is at the far end and its speed ({@code NVML_FI_DEV_NVLINK_GET_SPEED}, one field value per link).
 */
final class NvLinks {
  private NvLinks() {}

  static List<NvLink> read(Nvml nvml, Pointer handle) {
    List<Integer> active = new ArrayList<>();
    for (int l = 0; l < Nvml.NVML_NVLINK_MAX_LINKS; l++) {
      IntByReference state = new IntByReference();
      int rc;
      try {
        rc = nvml.nvmlDeviceGetNvLinkState(handle, l, state);
      } catch (UnsatisfiedLinkError e) {
        return List.of();
      }
      if (rc == Nvml.NVML_ERROR_INVALID_ARGUMENT) {
        break; // past the device's last link
      }
      if (rc == Nvml.NVML_ERROR_NOT_SUPPORTED) {
        continue;
      }
      CudaErrors.checkNvml(rc, "nvmlDeviceGetNvLinkState");
      if (state.getValue() == Nvml.NVML_FEATURE_ENABLED) {
        active.add(l);
      }
    }
    Double[] speeds = speeds(nvml, handle, active);
    List<NvLink> out = new ArrayList<>();
    for (int i = 0; i < active.size(); i++) {
      int l = active.get(i);
      IntByReference v = new IntByReference();
      int version = nvml.nvmlDeviceGetNvLinkVersion(handle, l, v) == 0 ? v.getValue() : 0;
      IntByReference t = new IntByReference();
      int type = Nvml.NVML_NVLINK_DEVICE_TYPE_UNKNOWN;
      try {
        if (nvml.nvmlDeviceGetNvLinkRemoteDeviceType(handle, l, t) == 0) {
          type = t.getValue();
        }
      } catch (UnsatisfiedLinkError e) {
        // an older NVML: the type stays unknown
      }
      Nvml.NvmlPciInfo pci = new Nvml.NvmlPciInfo();
      String remote = nvml.nvmlDeviceGetNvLinkRemotePciInfo_v2(handle, l, pci) == 0 ? CudaLibs.cString(pci.busId)
          : null;
      out.add(new NvLink(l, version, type, remote, speeds[i]));
    }
    return out;
  }

  /** One field value per link; null where NVML does not give the speed. */
  private static Double[] speeds(Nvml nvml, Pointer handle, List<Integer> links) {
    Double[] out = new Double[links.size()];
    if (links.isEmpty()) {
      return out;
    }
    Nvml.NvmlFieldValue[] values = (Nvml.NvmlFieldValue[]) new Nvml.NvmlFieldValue().toArray(links.size());
    for (int i = 0; i < values.length; i++) {
      values[i].fieldId = Nvml.NVML_FI_DEV_NVLINK_GET_SPEED;
      values[i].scopeId = links.get(i);
      values[i].write();
    }
    int rc;
    try {
      rc = nvml.nvmlDeviceGetFieldValues(handle, values.length, values[0]);
    } catch (UnsatisfiedLinkError e) {
      return out;
    }
    if (rc != 0) {
      return out;
    }
    for (int i = 0; i < values.length; i++) {
      values[i].read();
      if (values[i].nvmlReturn == 0) {
        out[i] = values[i].number();
      }
    }
    return out;
  }
}
