package io.gpubench.cuda.internal.backend;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import io.gpubench.api.BenchmarkSkippedException;
import io.gpubench.api.spi.TrialCalls;
import io.gpubench.cuda.CaseResources;
import io.gpubench.cuda.CudaErrors;
import io.gpubench.cuda.internal.jna.CudaDriver;
import io.gpubench.cuda.internal.jna.CudaHot;
import io.gpubench.cuda.internal.jna.CudaLibs;

/**
 * The calls of one trial captured once into a CUDA graph on the stream the trials are timed on (the case's, or a
 * framework's) and instantiated; {@link #launch()} replays them with one {@code cuGraphLaunch}.
 *
 * <p>The capture is thread-local ({@code CU_STREAM_CAPTURE_MODE_THREAD_LOCAL}): the calling thread may make none of
 * the calls a capture cannot record (synchronising, allocating, synchronous copies), and such a call fails at once
 * with {@code CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED}, so the error names the call at fault. PyTorch captures in the
 * stricter global mode, which also stops other threads; thread-local (NVIDIA Warp's default) keeps cases on other
 * devices, run in parallel by other threads, out of this capture's way. Kernel arguments, cuBLASLt's scalars and buffer addresses
 * are taken at capture: a replay computes what the captured calls computed, into the same buffers.
 */
final class CapturedCalls implements AutoCloseable {
  private final Pointer stream;
  private final long nodes;
  private Pointer graph;
  private Pointer exec;

  private CapturedCalls(Pointer stream, Pointer graph, Pointer exec, long nodes) {
    this.stream = stream;
    this.graph = graph;
    this.exec = exec;
    this.nodes = nodes;
  }

  /**
   * Captures the calls of one trial on the timed stream; nothing runs on the device until a launch.
   *
   * @param resources the case's resources
   * @param calls the calls of one trial
   * @return the instantiated graph
   * @throws GraphCaptureException saying what the workload did that cannot be captured, with the CUDA error
   */
  static CapturedCalls capture(CaseResources resources, TrialCalls calls) {
    String caseId = resources.caseId();
    resources.runtime().makeCurrent();
    CudaDriver cu = CudaLibs.cuda();
    Pointer stream = resources.timedStream().handle();
    CudaErrors.check(cu.cuStreamBeginCapture_v2(stream, CudaDriver.CU_STREAM_CAPTURE_MODE_THREAD_LOCAL),
        "cuStreamBeginCapture_v2", "capturing the calls of a trial of " + caseId);
    Throwable thrown = null;
    try {
      calls.run();
    } catch (Throwable t) {
      thrown = t;
    }
    // Always end the capture, so that the stream takes work again whatever happened.
    PointerByReference captured = new PointerByReference();
    int rc = cu.cuStreamEndCapture(stream, captured);
    Pointer graph = rc == 0 ? captured.getValue() : null;
    if (thrown != null) {
      destroy(graph, null);
      if (thrown instanceof VirtualMachineError) {
        throw (VirtualMachineError) thrown;
      }
      if (thrown instanceof BenchmarkSkippedException) {
        throw (BenchmarkSkippedException) thrown;
      }
      throw GraphCaptureException.thrown(caseId, thrown);
    }
    if (rc != 0) {
      throw GraphCaptureException.ended(caseId, CudaErrors.cudaError(rc, "cuStreamEndCapture",
          "capturing the calls of a trial of " + caseId));
    }
    LongByReference count = new LongByReference();
    rc = cu.cuGraphGetNodes(graph, null, count);
    if (rc != 0) {
      destroy(graph, null);
      throw CudaErrors.cudaError(rc, "cuGraphGetNodes", "the captured calls of " + caseId);
    }
    if (count.getValue() == 0) {
      destroy(graph, null);
      throw GraphCaptureException.empty(caseId);
    }
    PointerByReference exec = new PointerByReference();
    rc = cu.cuGraphInstantiateWithFlags(exec, graph, 0);
    if (rc != 0) {
      destroy(graph, null);
      throw GraphCaptureException.instantiating(caseId, CudaErrors.cudaError(rc, "cuGraphInstantiateWithFlags",
          "the captured calls of " + caseId));
    }
    return new CapturedCalls(stream, graph, exec.getValue(), count.getValue());
  }

  /**
   * The nodes captured: kernels, memsets, copies.
   *
   * @return how many
   */
  long nodes() {
    return nodes;
  }

  /** Queues one replay on the timed stream. */
  void launch() {
    int rc = CudaHot.cuGraphLaunch(exec, stream);
    if (rc != 0) {
      throw CudaErrors.cudaError(rc, "cuGraphLaunch", "replaying the captured calls (" + nodes + " nodes)");
    }
  }

  @Override
  public void close() {
    destroy(graph, exec);
    graph = null;
    exec = null;
  }

  private static void destroy(Pointer graph, Pointer exec) {
    if (exec != null) {
      CudaLibs.cuda().cuGraphExecDestroy(exec);
    }
    if (graph != null) {
      CudaLibs.cuda().cuGraphDestroy(graph);
    }
  }
}
