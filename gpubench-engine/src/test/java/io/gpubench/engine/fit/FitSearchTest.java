package io.gpubench.engine.fit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;

/**
 * The search over batches, against memories of known size: the largest batch it reports was measured to fit and the
 * next it measured above did not, within the resolution; a failure that is not memory ends it without a claim.
 */
class FitSearchTest {
  private final List<Long> measured = new ArrayList<>();

  /** A device on which batches up to {@code largest} fit; {@code failing} fails for another reason. */
  private LongFunction<FitTry> device(long largest, long failing) {
    return b -> {
      measured.add(b);
      if (b == failing) {
        return new FitTry(b, FitTry.Verdict.FAILED, null, null, "tolerance exceeded");
      }
      return new FitTry(b, b <= largest ? FitTry.Verdict.FITS : FitTry.Verdict.OUT_OF_MEMORY, b, largest, "");
    };
  }

  @Test
  void doublesThenHalvesTheGapToWithinFivePercentOfTheLargest() {
    var found = new FitSearch(20).search(device(1000, -1).apply(64), device(1000, -1));
    assertThat(found.largest()).isBetween(950L, 1000L);
    assertThat(measured).startsWith(64L, 128L, 256L, 512L, 1024L).contains(found.largest());
    // the batch above the one reported was measured, and did not fit
    long above = found.tries().stream().filter(t -> t.verdict() != FitTry.Verdict.FITS).mapToLong(FitTry::batch)
        .min().orElseThrow();
    assertThat(above - found.largest()).isLessThanOrEqualTo(found.largest() * FitSearch.RESOLUTION_PERCENT / 100);
    assertThat(found.stop()).contains("does not fit");
  }

  @Test
  void aDeclaredBatchTooLargeIsHalvedUntilOneFits() {
    var found = new FitSearch(20).search(device(100, -1).apply(512), device(100, -1));
    assertThat(found.largest()).isBetween(95L, 100L);
    assertThat(measured).startsWith(512L, 256L, 128L, 64L);
  }

  @Test
  void exactWhereTheBatchesAreFew() {
    var found = new FitSearch(20).search(device(5, -1).apply(1), device(5, -1));
    assertThat(found.largest()).isEqualTo(5L);
    assertThat(found.stop()).isEqualTo("the next batch, 6, does not fit");
  }

  @Test
  void noBatchFitsWhenEvenOneRunsOutOfMemory() {
    var found = new FitSearch(20).search(device(0, -1).apply(8), device(0, -1));
    assertThat(found.largest()).isNull();
    assertThat(found.stop()).isEqualTo("even a batch of 1 does not fit");
    assertThat(measured).containsExactly(8L, 4L, 2L, 1L);
  }

  @Test
  void aFailureThatIsNotMemoryEndsTheSearchWithoutCallingTheLastBatchTheLargest() {
    var found = new FitSearch(20).search(device(1000, 256).apply(64), device(1000, 256));
    assertThat(found.largest()).isEqualTo(128L);
    assertThat(found.stop()).contains("batch 256 failed for another reason than memory")
        .contains("not known");
    assertThat(measured).containsExactly(64L, 128L, 256L);
  }

  @Test
  void theTryLimitSaysWhereTheLargestLies() {
    var found = new FitSearch(3).search(device(1000, -1).apply(64), device(1000, -1));
    assertThat(found.tries()).hasSize(4);
    assertThat(found.largest()).isEqualTo(512L);
    assertThat(found.stop()).contains("try limit (3, gpubench.fit.maxTries)").contains("larger batches were not tried");
  }

  @Test
  void theReportPinsTheBatchFoundWithoutChangingTheCase() {
    var found = new FitSearch(20).search(device(5, -1).apply(1), device(5, -1));
    FitReport r = new FitReport("x.B#m[batch=1][FP32][cpu]", "B", 1, 0.9, "host's memory", found.tries(),
        found.largest(), found.stop());
    assertThat(r.pin()).startsWith("to run it: -Dgpubench.axes.B.batch=5");
    assertThat(r.lines().get(0)).contains("largest batch within 90% of the host's memory: 5");
    assertThat(r.lines()).anyMatch(l -> l.matches("\\s+batch 6\\s+out of memory.*"));
  }
}
