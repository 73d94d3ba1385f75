package io.gpubench.engine.execution;

import io.gpubench.api.result.CaseResult;
import io.gpubench.results.compare.Figures;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One line per finished case: {@code gpubench [3/12] matmul [256x256x256, FP16, cpu] PASSED 1.42 s — elapsed 5.1 s,
 * about 15 s left}. The estimate is the mean time of the finished cases times the cases left, rough but honest.
 */
final class Progress {
  private final int total;
  private final PrintStream out;
  private final long start = System.nanoTime();
  // Keyed by case id: with parallel execution several cases are under way at once.
  private final Map<String, Long> started = new HashMap<>();
  private int done;

  Progress(int total, PrintStream out) {
    this.total = total;
    this.out = out;
  }

  synchronized void starting(String caseId) {
    started.put(caseId, System.nanoTime());
  }

  synchronized void finished(CaseResult result) {
    done++;
    if (out == null) {
      return;
    }
    long now = System.nanoTime();
    // A skipped case never started: its own time is nil.
    long caseStart = Optional.ofNullable(started.remove(result.id())).orElse(now);
    double elapsed = now - start;
    String left = done >= total ? "done" : "about " + Figures.duration(elapsed / done * (total - done)) + " left";
    out.printf(Locale.ROOT, "gpubench [%d/%d] %s %s %s (elapsed %s, %s)%n", done, total, result.displayName(),
        result.status(), Figures.duration((double) (now - caseStart)), Figures.duration(elapsed), left);
    out.flush();
  }
}
