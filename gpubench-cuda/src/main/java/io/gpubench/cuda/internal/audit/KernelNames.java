package io.gpubench.cuda.internal.audit;

import io.gpubench.api.result.KernelAudit.Library;

/**
 * The fallback: a library guessed from a kernel's name, for kernels no stack walk reaches. Names are conventions,
 * not contracts (cuBLASLt's Hopper kernels are {@code nvjet_*} or {@code sm90_xmma_gemm_*}, CUTLASS kernels can come
 * from anyone), so an audit that uses it says so per kernel.
 */
final class KernelNames {
  private KernelNames() {}

  /**
   * The library a kernel name suggests.
   *
   * @param name the kernel's name, mangled or not
   * @return the library, or {@link Library#UNKNOWN}
   */
  static Library library(String name) {
    String n = name == null ? "" : name;
    String lower = n.toLowerCase(java.util.Locale.ROOT);
    if (lower.contains("nccl")) {
      return Library.NCCL;
    }
    if (lower.contains("cudnn")) {
      return Library.CUDNN;
    }
    if (lower.startsWith("nvjet") || lower.contains("cublaslt")) {
      return Library.CUBLASLT;
    }
    if (lower.contains("cublas") || lower.matches("^(sm\\d+|ampere|volta|turing|hopper)_(xmma_)?[sdhzc]?gemm.*")
        || lower.matches("^(sm\\d+|ampere|volta|turing|hopper)_.*gemm.*")) {
      return Library.CUBLAS;
    }
    if (n.contains("at::native::") || n.contains("at::cuda::") || n.contains("at_cuda_detail")
        || n.startsWith("_ZN2at") || n.contains("_ZN2at6native")) {
      return Library.ATEN;
    }
    return Library.UNKNOWN;
  }
}
