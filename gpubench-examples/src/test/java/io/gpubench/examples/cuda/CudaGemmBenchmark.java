package io.gpubench.examples.cuda;

import static io.gpubench.api.Precision.BF16;
import static io.gpubench.api.Precision.FP16;
import static io.gpubench.api.Precision.FP32;
import static io.gpubench.api.Precision.FP64;
import static io.gpubench.api.Precision.FP8_E4M3;
import static io.gpubench.api.Precision.TF32;

import io.gpubench.api.BenchContext;
import io.gpubench.api.Cost;
import io.gpubench.api.GpuBenchmark;
import io.gpubench.api.Measure;
import io.gpubench.api.Precisions;
import io.gpubench.api.Reference;
import io.gpubench.api.Setup;
import io.gpubench.api.Shape;
import io.gpubench.api.Tensor;
import io.gpubench.api.Tolerance;
import io.gpubench.api.Trials;
import io.gpubench.cuda.Cuda;
import io.gpubench.cuda.Matmul;

/**
 * Row-major {@code C = A B} through cuBLASLt in FP32 (TF32 off), TF32, FP16 and BF16 (both with FP32
 * accumulation) and FP8 E4M3 (BF16 out; skipped below compute capability 8.9), checked against an FP64 cuBLASLt product of the same rounded inputs. On a machine without a CUDA
 * GPU every case is skipped with the reason.
 *
 * <p>The allowances are relative L2 errors against FP64, about 5-10 times what an H200 gave at 8192³ (FP32
 * 9.4e-7, TF32 2.6e-4, FP16 2.1e-4, BF16 1.7e-3; the 16-bit figures are mostly the rounding of C itself).
 *
 * <p>FP8_E4M3 multiplies E4M3 inputs (already rounded to E4M3 on the host, as the FP64 reference's are) into a
 * BF16 C, so it gets BF16's allowance: on the H200 its error was 1.66e-3 at 1024³, 4096³ and 8192³, the same as the
 * BF16 case's, i.e. the rounding of C to BF16; the FP8 accumulation itself (4.4e-5 with an FP32 C, see
 * {@code CudaSessionGpuTest}) is hidden under it. The {@code e} of its byte cost is 1, though C takes two bytes
 * per element: the figure undercounts C's traffic, which does not matter for these compute-bound shapes.
 *
 * <p>A trial is one call between synchronisations: the burst rate, comparable with {@code torch.matmul} timed over
 * twenty calls. Sustained back-to-back products run into the board's power limit: on an H200 with
 * {@code gpubench.trials.calls-per-trial=5} the 8192³ FP16 product fell to 669 TFLOP/s at a mean SM clock of
 * 1558 MHz, and the telemetry marked the case throttled ({@code sw_power_cap}). Set that key to measure the
 * sustained rate.
 */
@GpuBenchmark(backends = "cuda")
@Shape({"m=256,n=256,k=256", "m=1024,n=1024,k=1024"})
@Shape(profile = "full", value = {"m=1024,n=1024,k=1024", "m=4096,n=4096,k=4096", "m=8192,n=8192,k=8192"})
@Precisions({FP32, TF32, FP16, BF16, FP8_E4M3})
@Cost(flops = "2*m*n*k", bytes = "e*(m*k + k*n + m*n)")
@Tolerance(relL2 = 1e-5, precision = FP32)
@Tolerance(relL2 = 2e-3, precision = {TF32, FP16})
@Tolerance(relL2 = 1e-2, precision = {BF16, FP8_E4M3})
@Trials(warmup = 3, min = 10, budgetSeconds = 2)
public class CudaGemmBenchmark {
  private Matmul gemm;

  @Setup
  void setup(BenchContext ctx) {
    gemm = plan(ctx).matmul();
  }

  /** A planned product and its output. */
  record Planned(Matmul matmul, Tensor c) {}

  /** The same code plans the case (in its precision) and the reference (in FP64): only the context differs. */
  static Planned plan(BenchContext ctx) {
    Cuda cuda = ctx.unwrap(Cuda.class)
        .orElseThrow(() -> new IllegalStateException("no CUDA session for backend " + ctx.backend()));
    int m = ctx.dim("m");
    int n = ctx.dim("n");
    int k = ctx.dim("k");
    Tensor a = ctx.random("a", m, k);
    Tensor b = ctx.random("b", k, n);
    // FP8 products go to BF16 (see Matmul): the inputs are one byte, C two; the reference stays FP64.
    Tensor c = ctx.referencePrecision() == FP8_E4M3 ? ctx.output("c", BF16, m, n) : ctx.output("c", m, n);
    return new Planned(cuda.matmul(ctx.referencePrecision(), a, b, c), c);
  }

  @Measure
  void matmul() {
    gemm.run();
  }

  @Reference(precision = FP64)
  Tensor reference(BenchContext ctx) {
    Planned p = plan(ctx);
    p.matmul().run();
    return p.c();
  }
}
