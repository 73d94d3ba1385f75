package io.gpubench.api.result;

import io.gpubench.api.BackendId;
import java.util.Map;

/**
 * A backend's device as the results record it.
 *
 * @param id the backend id, such as {@code cuda:0}
 * @param name the device's name, such as {@code "NVIDIA H200"}
 * @param available whether cases could run on it
 * @param unavailableReason why not, or null
 * @param properties further facts: driver, CUDA version, compute capability, memory, SM count, clocks ...
 */
public record DeviceInfo(
    BackendId id, String name, boolean available, String unavailableReason, Map<String, String> properties) {

  /**
   * Makes the description, copying the properties.
   *
   * @param id backend id
   * @param name device name
   * @param available whether cases could run
   * @param unavailableReason why not
   * @param properties further facts
   */
  public DeviceInfo {
    properties = Map.copyOf(properties);
  }

  /**
   * The backend family, such as {@code cuda}.
   *
   * @return the id's family
   */
  public String family() {
    return id.family();
  }
}
