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
 * (16 GPU cases, another testbed) on main.
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

  private SampleHistory() {}

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
        var scaled = Runs.scaled(c, f);
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
