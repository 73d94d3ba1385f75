package io.gpubench.history.support;

import io.gpubench.api.result.RunResult;
import io.gpubench.history.record.Provenance;
import io.gpubench.history.record.RunRecord;
import io.gpubench.history.store.HistoryStore;
import java.time.Instant;
import java.util.Random;

/**
 * A store with a history worth looking at: {@code runs} runs of the 25 recorded CPU cases on branch main, one commit
 * each with a CI link, run-to-run noise of 2%; from run {@code shiftAt} on, the softmax cases 30% slower; every
 * seventh run contended on the first case; one run on a feature branch with a hostile name; and the recorded H200 run
 * (16 GPU cases, another testbed) on main. Every CPU case allocates one float array of its size a call (4 B an
 * element and a 16-byte header), plus up to 64 B a trial of bookkeeping; from run {@code shiftAt - 1} on, the
 * {@value #GROWING} case allocates two ({@link #allocation}).
 */
public final class SampleHistory {

  /**
   * The commit a run of index i has.
   *
   * @param i the run's index
   * @return a 40-digit hexadecimal commit
   */
  public static String commit(int i) {
    try {
      byte[] d = java.security.MessageDigest.getInstance("SHA-1").digest(("commit " + i).getBytes(
          java.nio.charset.StandardCharsets.UTF_8));
      return java.util.HexFormat.of().formatHex(d);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The case whose allocation doubles, one run before the softmax cases slow down. */
  public static final String GROWING = "io.gpubench.maven.noise.NoiseAxpyBenchmark#run[n=4096][FP32][cpu]";

  private SampleHistory() {}

  /**
   * The bytes a call of a case allocates in a run, without the bookkeeping: one float array of the shape's size, two
   * for {@link #GROWING} from {@code shiftAt - 1} on (and the outer array's 24 B).
   *
   * @param c the case
   * @param run the run's index
   * @param shiftAt the first slowed run
   * @return bytes a call
   */
  public static double allocation(io.gpubench.api.result.CaseResult c, int run, int shiftAt) {
    long elements = 1;
    for (io.gpubench.api.AxisValue v : c.shape().values()) {
      elements *= v instanceof io.gpubench.api.AxisValue.Whole w ? w.value() : 1;
    }
    double one = 4.0 * elements + 16;
    return c.id().equals(GROWING) && run >= shiftAt - 1 ? 2 * one + 24 : one;
  }

  // The trial's bookkeeping, between nothing and its whole 64 B a trial: fixed per run and case.
  private static double r2(int run, io.gpubench.api.result.CaseResult c) {
    return new Random(31L * run + c.id().hashCode()).nextDouble();
  }

  /**
   * Fills a store.
   *
   * @param store the store
   * @param runs how many runs on main
   * @param shiftAt the first slowed run
   */
  public static void fill(HistoryStore store, int runs, int shiftAt) {
    RunResult model = Runs.recorded("cpu-run-a");
    Random r = new Random(11);
    Instant t0 = Instant.parse("2026-10-01T00:00:00Z");
    for (int i = 0; i < runs; i++) {
      double noise = Math.exp(0.02 * r.nextGaussian());
      boolean slowed = i >= shiftAt;
      int index = i;
      RunResult run = Runs.rerun(model, "run-" + i, t0.plusSeconds(3600L * i), c -> {
        double f = noise * (slowed && c.id().contains("Softmax") ? 1.3 : 1.0);
        int calls = c.timing().callsPerTrial();
        var scaled = Runs.allocating(Runs.scaled(c, f), allocation(c, index, shiftAt) + 64.0 / calls * r2(index, c));
        return index % 7 == 6 && c.id().equals(model.cases().get(0).id()) ? Runs.contended(scaled) : scaled;
      });
      store.publish(RunRecord.of(run, true, null, 25, new Provenance(commit(i), "main", false, "github",
          String.valueOf(1000 + i), "https://ci.example/builds/" + (1000 + i)), "results"));
    }
    RunResult h200 = Runs.recorded("h200-run");
    store.publish(RunRecord.of(Runs.rerun(h200, "run-h200", t0.plusSeconds(3600L * runs + 60), 1.0), true, null, 16,
        new Provenance(commit(runs), "main", false, null, null, null), "results"));
    RunResult feature = Runs.rerun(model, "run-feature", t0.plusSeconds(3600L * runs), 1.0);
    store.publish(RunRecord.of(feature, true, null, 25, new Provenance(commit(999), "feature/<b>\"x\"</b>", true,
        null, null, "javascript:alert(1)"), "results"));
  }
}
