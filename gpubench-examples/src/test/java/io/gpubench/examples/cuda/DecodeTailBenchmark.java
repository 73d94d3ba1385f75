package io.gpubench.examples.cuda;

import static io.gpubench.api.Precision.BF16;
import static io.gpubench.api.Precision.FP32;

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
import io.gpubench.cuda.KernelLaunch;

/**
 * A custom NVRTC kernel checked the way the Wan2.2 decode bench checks a solution: the fused bf16 kernel of
 * {@link DecodeTail} against an fp64 reference, with an allowance of {@link #MARGIN} times the error of a plain
 * bf16 implementation (max|d| and rms(d), and the PSNR that rms gives, over the signal range [-1, 1]).
 * {@link DecodeTailCalibrationTest} recomputes that error and checks these numbers.
 */
@GpuBenchmark(backends = "cuda")
@Shape("c=96,h=176,w=312")
@Shape(profile = "full", value = {"c=96,h=176,w=312", "c=96,h=704,w=1248"})
@Precisions(BF16)
@Cost(flops = "h*w*(14*c + 12)", bytes = "e*(c*h*w + 3*h*w + 5*c + 3)")
@Tolerance(maxAbs = DecodeTailBenchmark.MAX_ABS, rms = DecodeTailBenchmark.RMS, psnrDb = DecodeTailBenchmark.PSNR_DB)
@Trials(warmup = 3, min = 10, callsPerTrial = 10, budgetSeconds = 2)
public class DecodeTailBenchmark {
  /** How many times the bf16 implementation's error a kernel may make. */
  static final double MARGIN = 3;
  /** 3 x the bf16 implementation's max|d|, 0.00718 at c=96, 176x312 (see the calibration test). */
  static final double MAX_ABS = 0.0215;
  /** 3 x its rms(d), 0.001373. */
  static final double RMS = 0.00412;
  /** 10 log10(2^2 / RMS^2). */
  static final double PSNR_DB = 53.7;

  private KernelLaunch launch;

  @Setup
  void setup(BenchContext ctx) {
    launch = DecodeTail.bind(ctx, DecodeTail.SOURCE, "decode_tail_bf16").launch();
  }

  @Measure
  void decode() {
    launch.run();
  }

  @Reference(precision = FP32)
  Tensor reference(BenchContext ctx) {
    DecodeTail.Bound b = DecodeTail.bind(ctx, DecodeTail.SOURCE, "decode_tail_ref");
    b.launch().run();
    return b.out();
  }
}
