package io.gpubench.cuda;

import com.sun.jna.ptr.LongByReference;
import io.gpubench.cuda.internal.jna.CudaDriver;
import io.gpubench.cuda.internal.jna.CudaLibs;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The device memory one case allocated, and its peak: tensors, the cuBLASLt workspace, staging buffers. Peak memory
 * is the peak of these bytes, not the device's total use.
 */
final class CaseMemory {
  private final String backendId;
  private final Map<Long, Long> allocations = new LinkedHashMap<>();
  private long liveBytes;
  private long peakBytes;

  CaseMemory(String backendId) {
    this.backendId = backendId;
  }

  /** Memory the case does not count (its scratch and flush buffers), freed by whoever asked for it. */
  long raw(long bytes, String what) {
    LongByReference p = new LongByReference();
    int rc = CudaLibs.cuda().cuMemAlloc_v2(p, Math.max(bytes, 1));
    if (rc != 0) {
      LongByReference free = new LongByReference();
      LongByReference total = new LongByReference();
      CudaLibs.cuda().cuMemGetInfo_v2(free, total);
      throw CudaErrors.cudaError(rc, "cuMemAlloc_v2", "allocating " + what + ", " + bytes + " bytes, on " + backendId
          + " with " + free.getValue() + " of " + total.getValue() + " bytes free; this session holds " + liveBytes);
    }
    return p.getValue();
  }

  long alloc(long bytes, String what) {
    long p = raw(bytes, what);
    allocations.put(p, bytes);
    liveBytes += bytes;
    peakBytes = Math.max(peakBytes, liveBytes);
    return p;
  }

  void free(long p) {
    Long bytes = allocations.remove(p);
    if (bytes != null) {
      liveBytes -= bytes;
      CudaErrors.check(CudaLibs.cuda().cuMemFree_v2(p), "cuMemFree_v2");
    }
  }

  boolean holds(long p) {
    return allocations.containsKey(p);
  }

  void resetPeak() {
    peakBytes = liveBytes;
  }

  long peak() {
    return peakBytes;
  }

  /** Frees everything still held; what a free returns is not checked (the case is over). */
  void freeAll() {
    CudaDriver cu = CudaLibs.cuda();
    for (Long p : new ArrayList<>(allocations.keySet())) {
      cu.cuMemFree_v2(p);
    }
  }

  void forget() {
    allocations.clear();
    liveBytes = 0;
  }
}
