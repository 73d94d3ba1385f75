package io.gpubench.api.result;

/**
 * Device memory of a case.
 *
 * @param peakDeviceBytes the peak device memory in use during the case, or null
 * @param allocatedBytes memory held by tensors at the end (DJL/PyTorch), or null
 * @param reservedBytes memory reserved by the framework's allocator, or null
 */
public record Memory(Long peakDeviceBytes, Long allocatedBytes, Long reservedBytes) {}
