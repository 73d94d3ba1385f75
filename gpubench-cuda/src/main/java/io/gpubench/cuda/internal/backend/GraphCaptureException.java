package io.gpubench.cuda.internal.backend;

import io.gpubench.cuda.CudaException;

/**
 * The calls of a trial could not be captured into a CUDA graph ({@code gpubench.cuda.timing=graph}). The message
 * says what the workload did that a capture cannot record, with the CUDA error, such as:
 *
 * <pre>
 * cannot capture the calls of a trial of Foo#bar[...] into a CUDA graph: the workload waits for the device inside a
 * call (a synchronize, or a stream or event query), which a capture cannot record: cuCtxSynchronize failed:
 * CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED (900): operation not permitted when stream is capturing (...). A graph
 * replays only the work the calls queue on the case's stream (Cuda.stream()); time this case with
 * gpubench.cuda.timing=blocked or events, or @Trials(deviceTiming = BLOCKED or EVENTS)
 * </pre>
 */
public final class GraphCaptureException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  private static final String HINT = ". A graph replays only the work the calls queue on the case's stream"
      + " (Cuda.stream()); time this case with gpubench.cuda.timing=blocked or events, or"
      + " @Trials(deviceTiming = BLOCKED or EVENTS)";

  private final String what;
  private final String errorName;
  private final boolean empty;

  private GraphCaptureException(String caseId, String what, String errorName, String detail, Throwable cause,
      boolean empty) {
    super("cannot capture the calls of a trial of " + caseId + " into a CUDA graph: the workload " + what
        + (detail == null ? "" : ": " + detail) + HINT, cause);
    this.what = what;
    this.errorName = errorName;
    this.empty = empty;
  }

  private GraphCaptureException(String caseId, String what, String errorName, String detail, Throwable cause) {
    this(caseId, what, errorName, detail, cause, false);
  }

  /**
   * Whether the calls queued nothing on the case's stream: their work, if any, goes elsewhere, where no event on
   * that stream sees it, whatever the mode.
   *
   * @return true for an empty capture
   */
  public boolean emptyCapture() {
    return empty;
  }

  /**
   * What the workload did, and the CUDA error's name where there was one, for the reason a mode was left.
   *
   * @return such as {@code allocates device memory inside a call (CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED)}
   */
  public String brief() {
    return what + (errorName == null ? "" : " (" + errorName + ")");
  }

  /**
   * A call threw while the calls were being captured.
   *
   * @param caseId the case
   * @param thrown what the call threw
   * @return the exception
   */
  static GraphCaptureException thrown(String caseId, Throwable thrown) {
    CudaException cuda = cudaCause(thrown);
    if (cuda == null) {
      return new GraphCaptureException(caseId, "threw while its calls were being captured (a call that reads results"
          + " on the host, synchronises or allocates cannot be captured)", null, describe(thrown), thrown);
    }
    return new GraphCaptureException(caseId, whatItDid(cuda) + ", which a capture cannot record", cuda.errorName(),
        cuda.getMessage(), thrown);
  }

  /**
   * The calls returned but {@code cuStreamEndCapture} failed: something they did broke the capture.
   *
   * @param caseId the case
   * @param end the error of {@code cuStreamEndCapture}
   * @return the exception
   */
  static GraphCaptureException ended(String caseId, CudaException end) {
    return new GraphCaptureException(caseId, byCode(end.code()), end.errorName(), end.getMessage(), end);
  }

  /**
   * The calls queued nothing on the case's stream.
   *
   * @param caseId the case
   * @return the exception
   */
  static GraphCaptureException empty(String caseId) {
    return new GraphCaptureException(caseId, "queued no work on the case's stream: it works on another stream"
        + " (a library's own, or the default stream) or on the host, and a graph of nothing would time nothing",
        null, null, null, true);
  }

  /**
   * The captured graph could not be instantiated.
   *
   * @param caseId the case
   * @param e the error of {@code cuGraphInstantiateWithFlags}
   * @return the exception
   */
  static GraphCaptureException instantiating(String caseId, CudaException e) {
    return new GraphCaptureException(caseId, "queued work that cannot be instantiated as a graph", e.errorName(),
        e.getMessage(), e);
  }

  /** What a failed call says about the workload, by the call, else by the error. */
  static String whatItDid(CudaException e) {
    String call = e.call();
    if (call.startsWith("cuMemAlloc") || call.startsWith("cuMemHostAlloc")) {
      return "allocates memory inside a call (make tensors in a @Setup method, not in the measured one)";
    }
    if (call.startsWith("cuMemFree")) {
      return "frees memory inside a call";
    }
    if (call.contains("Synchronize") || call.contains("Query")) {
      return "waits for the device inside a call (a synchronize, or a stream or event query)";
    }
    if (call.startsWith("cuMemcpy") && !call.contains("Async")) {
      return "copies between host and device synchronously inside a call (copy in @Setup; the engine checks"
          + " outputs outside the timed calls)";
    }
    if (call.startsWith("cuModule") || call.startsWith("nvrtc")) {
      return "compiles or loads a kernel inside a call (make it in @Setup)";
    }
    return byCode(e.code());
  }

  /** What a capture error code says about the workload. */
  static String byCode(int code) {
    switch (code) {
      case 900:
        return "makes a call a stream capture cannot record (it synchronises, allocates or copies synchronously)";
      case 901:
        return "made a call that broke the capture earlier (an unsupported call whose error it did not report)";
      case 902:
      case 905:
        return "makes the case's stream wait for work outside the capture (an event recorded on another stream)";
      case 903:
      case 908:
        return "works on the capture from another thread or stream";
      case 904:
        return "forks work onto another stream and does not join it back to the case's stream";
      case 906:
        return "uses the legacy default stream, which would wait for the capturing stream";
      case 907:
        return "queries or waits for an event recorded during the capture";
      default:
        return "makes a call that fails under stream capture";
    }
  }

  private static CudaException cudaCause(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof CudaException) {
        return (CudaException) c;
      }
    }
    return null;
  }

  private static String describe(Throwable t) {
    return t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
  }
}
