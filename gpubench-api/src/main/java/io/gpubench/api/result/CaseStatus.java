package io.gpubench.api.result;

/** How a case ended. */
public enum CaseStatus {
  /** Checked within tolerance and timed. */
  PASSED,
  /** Ran, but missed a tolerance or a check (non-finite output, changed input, disagreeing calls). */
  FAILED,
  /** Did not complete: the workload threw, or the device failed. */
  ERROR,
  /** Not run here, with the reason: backend absent, precision unsupported, or skipped by the workload. */
  SKIPPED
}
