package io.gpubench.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import examples.Fp32ModelBenchmark;
import examples.GoodGemmBenchmark;
import io.gpubench.api.BackendId;
import io.gpubench.api.Dimensions;
import io.gpubench.api.Precision;
import io.gpubench.engine.backend.cpu.CpuBackend;
import io.gpubench.engine.declaration.BenchmarkDeclaration;
import io.gpubench.engine.declaration.DeclarationReader;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CaseSpecTest {

  private static CaseSpec spec(Class<?> type, Precision precision, Dimensions dims) {
    BenchmarkDeclaration d = DeclarationReader.read(type);
    return new CaseSpec(d, d.workloads().get(0), dims, precision, new CpuBackend(), d.tolerances().forPrecision(precision),
        d.trials(), 42, null, new ForkPolicy(io.gpubench.api.ForkMode.NONE, java.util.List.of(), 600, 120));
  }

  @Test
  void aCaseIsNamedWithItsAxisNames() {
    CaseSpec c = spec(GoodGemmBenchmark.class, Precision.FP16,
        Dimensions.of(Map.of("m", 256L)));
    assertThat(c.displayName()).isEqualTo("gemm [m=256, FP16, cpu]");
    assertThat(spec(GoodGemmBenchmark.class, Precision.FP32, new Dimensions(Map.of())).displayName())
        .isEqualTo("gemm [FP32, cpu]");
    assertThat(c.backend().id()).isEqualTo(BackendId.CPU);
  }

  @Test
  void theFp32CaseOfAModelWithoutReferenceIsItsOwnReferenceAndSaysSo() {
    CaseSpec fp32 = spec(Fp32ModelBenchmark.class, Precision.FP32, new Dimensions(Map.of()));
    assertThat(fp32.selfReferenced()).isTrue();
    assertThat(fp32.reference()).startsWith("none: the model's FP32 output is the reference of its other precisions");

    CaseSpec fp16 = spec(Fp32ModelBenchmark.class, Precision.FP16, new Dimensions(Map.of()));
    assertThat(fp16.selfReferenced()).isFalse();
    assertThat(fp16.reference()).isEqualTo("the model's FP32 output");

    CaseSpec gemm = spec(GoodGemmBenchmark.class, Precision.FP32, new Dimensions(Map.of()));
    assertThat(gemm.selfReferenced()).isFalse();
    assertThat(gemm.reference()).isEqualTo("@Reference expected(BenchContext) in FP64");
  }
}
