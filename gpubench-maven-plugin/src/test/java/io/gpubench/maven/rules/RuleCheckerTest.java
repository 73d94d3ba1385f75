package io.gpubench.maven.rules;

import static io.gpubench.maven.Fixtures.gemm;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.Precision;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.RunResult;
import io.gpubench.maven.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

final class RuleCheckerTest {

  // median 2.0 ms on the host clock
  private final CaseResult slow = gemm(512, Precision.FP32, "cpu", 1.9e6, 2.0e6, 2.1e6);
  // median 0.5 ms
  private final CaseResult fast = gemm(256, Precision.FP32, "cpu", 0.4e6, 0.5e6, 0.6e6);
  private final RunResult run = Fixtures.run(Fixtures.cpuMachine(), slow, fast);

  @Test
  void aMissedMaximumNamesCaseFigureActualAndLimit() {
    RuleChecker.Outcome out = check("GemmBenchmark", new Limit("median", null, "1ms"));
    assertThat(out.violations()).singleElement().satisfies(v -> {
      assertThat(v.subject()).isEqualTo(slow.id());
      assertThat(v.figure()).isEqualTo("median");
      assertThat(v.message()).isEqualTo(slow.id() + ": median 2 ms is above the maximum of 1 ms"
          + " (rule 1 (GemmBenchmark))");
    });
    assertThat(out.checked()).isEqualTo(2);
  }

  @Test
  void aMissedMinimumSaysBelow() {
    RuleChecker.Outcome out = check("*[m=512*", new Limit("flopsPerSecond", "1T", null));
    assertThat(out.violations()).singleElement()
        .satisfies(v -> assertThat(v.message()).contains(slow.id() + ": flopsPerSecond 134.2 G/s is below the minimum"
            + " of 1 T/s"));
  }

  @Test
  void limitsWithinBoundsPass() {
    RuleChecker.Outcome out = check("GemmBenchmark",
        new Limit("median", "100us", "5ms"), new Limit("tolerance", null, "90%"));
    assertThat(out.violations()).isEmpty();
    assertThat(out.checked()).isEqualTo(4);
  }

  @Test
  void excludesLeaveCasesOut() {
    Rule r = new Rule("GemmBenchmark", List.of(new Limit("median", null, "1ms")));
    r.setExcludes("*[m=512*");
    assertThat(RuleChecker.check(run, Bounds.compile(List.of(r))).violations()).isEmpty();
  }

  @Test
  void aRuleThatSelectsNothingIsAViolationNotASilentPass() {
    RuleChecker.Outcome out = check("ConvBenchmark", new Limit("median", null, "1ms"));
    assertThat(out.violations()).singleElement()
        .satisfies(v -> assertThat(v.message()).contains("rule 1 (ConvBenchmark): no case matches ConvBenchmark (the run has 2 cases)"));
  }

  @Test
  void skippedCasesAreNotedAndFailedCasesCannotPass() {
    RunResult mixed = Fixtures.run(Fixtures.cpuMachine(), fast,
        Fixtures.ended("io.x.GemmBenchmark#matmul[m=9][FP16][cuda:0]", CaseStatus.SKIPPED, "no CUDA device"),
        Fixtures.ended("io.x.GemmBenchmark#matmul[m=9][FP32][cpu]", CaseStatus.FAILED, "maxAbs 0.3 > allowed 0.02"));
    RuleChecker.Outcome out = RuleChecker.check(mixed,
        Bounds.compile(List.of(new Rule("GemmBenchmark", List.of(new Limit("median", null, "1ms"))))));
    assertThat(out.notes()).singleElement().asString().contains("[cuda:0] was skipped (no CUDA device)");
    assertThat(out.violations()).singleElement().satisfies(v -> assertThat(v.message())
        .isEqualTo("io.x.GemmBenchmark#matmul[m=9][FP32][cpu]: median cannot be checked: the case FAILED: "
            + "maxAbs 0.3 > allowed 0.02 (rule 1 (GemmBenchmark))"));
  }

  @Test
  void aFigureTheCaseLacksIsAViolation() {
    RuleChecker.Outcome out = check("*[m=256*", new Limit("metric.imagesPerSecond", "10", null));
    assertThat(out.violations()).singleElement()
        .satisfies(v -> assertThat(v.message()).contains("metric.imagesPerSecond cannot be checked: the case has no"));
  }

  @Test
  void everyViolationIsListedNotJustTheFirst() {
    RuleChecker.Outcome out = check("GemmBenchmark", new Limit("median", null, "100us"), new Limit("gap", null, "1"));
    assertThat(out.violations()).hasSize(4);
  }

  private RuleChecker.Outcome check(String cases, Limit... limits) {
    return RuleChecker.check(run, Bounds.compile(List.of(new Rule(cases, List.of(limits)))));
  }
}
