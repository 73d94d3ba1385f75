package io.gpubench.api.spi;

import io.gpubench.api.result.KernelAudit;

/**
 * Records which kernels the calls between {@link #start()} and {@link Audit#stop(int)} run on the device, and
 * which library launched each. A session offers one through {@code session.unwrap(KernelAuditor.class)} where its
 * backend can audit (the CUDA backend, through CUPTI); where it is absent, the caller records
 * {@link KernelAudit#skipped(String)} with the reason.
 *
 * <pre>{@code
 * KernelAuditor.Audit audit = auditor.start();   // the device is idle when it returns
 * KernelAudit result;
 * try {
 *   workload.call();                              // one untimed call, after the trials
 * } finally {
 *   result = audit.stop(1);                       // waits for the device, collects, attributes
 * }
 * }</pre>
 *
 * <p>Stop every audit started, in a {@code finally}: until it is stopped, no other audit can start in the process.
 *
 * <p>Neither call throws for an audit the platform cannot make (the profiling library absent, access refused,
 * another profiler attached): the result is then skipped with the reason, and the case goes on. One audit runs at a
 * time in a process; a second one started meanwhile is skipped.
 */
public interface KernelAuditor {

  /**
   * Waits for the device to be idle and starts recording.
   *
   * @return the running audit; stop it after the calls
   */
  Audit start();

  /** A running audit. */
  interface Audit {

    /**
     * Waits for the device, stops recording and summarises the calls made since {@link KernelAuditor#start()}.
     *
     * @param calls how many calls of the workload were made; counts and times are divided by it
     * @return the audit, or a skipped one with the reason
     */
    KernelAudit stop(int calls);
  }
}
