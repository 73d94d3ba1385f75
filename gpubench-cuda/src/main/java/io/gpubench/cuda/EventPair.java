package io.gpubench.cuda;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import io.gpubench.cuda.internal.jna.CudaDriver;
import io.gpubench.cuda.internal.jna.CudaHot;
import io.gpubench.cuda.internal.jna.CudaLibs;
import org.apiguardian.api.API;

/**
 * Two CUDA events on a case's own stream, for timing inside the case outside its trials: {@link Matmul#autotune}
 * and the peak probe. Not API: public for the backend's probe; made by {@link CaseResources#eventPair()}.
 */
@API(status = INTERNAL, consumers = "io.gpubench.cuda.internal.backend")
public final class EventPair implements AutoCloseable {
  private final Pointer stream;
  private final Pointer a;
  private final Pointer b;

  EventPair(CudaStream stream, String caseId) {
    this.stream = stream.handle();
    a = event(caseId);
    b = event(caseId);
  }

  private static Pointer event(String caseId) {
    PointerByReference ev = new PointerByReference();
    CudaErrors.check(CudaLibs.cuda().cuEventCreate(ev, CudaDriver.CU_EVENT_DEFAULT), "cuEventCreate", caseId);
    return ev.getValue();
  }

  /** Records the first event. */
  public void start() {
    CudaErrors.check(CudaHot.cuEventRecord(a, stream), "cuEventRecord");
  }

  /**
   * Records the second event, waits for it, and returns the time between the two.
   *
   * @return milliseconds
   */
  public float stopMillis() {
    CudaErrors.check(CudaHot.cuEventRecord(b, stream), "cuEventRecord");
    CudaErrors.check(CudaHot.cuEventSynchronize(b), "cuEventSynchronize");
    float[] ms = new float[1];
    CudaErrors.check(CudaLibs.cuda().cuEventElapsedTime(ms, a, b), "cuEventElapsedTime");
    return ms[0];
  }

  @Override
  public void close() {
    CudaLibs.cuda().cuEventDestroy_v2(a);
    CudaLibs.cuda().cuEventDestroy_v2(b);
  }
}
