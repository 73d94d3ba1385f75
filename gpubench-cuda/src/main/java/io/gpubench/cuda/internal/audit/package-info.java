/**
 * Not API: the kernel audit: which kernels one call of a case ran, from which library, and how its GPU time was
 * spent, from CUPTI's activity records and a native stack walk at each launch call.
 * {@link io.gpubench.cuda.internal.audit.CuptiAuditor} is the entry point; sessions hand it out as
 * {@link io.gpubench.api.spi.KernelAuditor}, and the result is {@link io.gpubench.api.result.KernelAudit}.
 */
package io.gpubench.cuda.internal.audit;
