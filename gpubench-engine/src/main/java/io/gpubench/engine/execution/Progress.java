package io.gpubench.engine.execution;

import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.results.compare.Figures;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * Progress lines: {@code gpubench [3/12] matmul [256x256x256, FP16, cpu] PASSED 1.42 s (elapsed 5.1 s, about 15 s
 * left)}, printed by time, not per case: for the first case, then when a case ends at least the interval after the
 * last line, for every case that did not pass (a reader wants those at once), and for the last case. A line per case cost some 4 ms
 * under Surefire (which captures the engine's output line by line), 4 s per 1,000 cases that take a few
 * milliseconds each. The estimate comes from the plan ({@link PlannedTime}: the declared budgets of the cases left,
 * scaled by the share of its budget a finished case typically took); without a plan, the mean time of the finished
 * cases times the cases left.
 */
final class Progress {
  private final int total;
  private final PrintStream out;
  private final long intervalNanos;
  private final PlannedTime plan;
  private final LongSupplier clock;
  private final long start;
  // Keyed by case id: with parallel execution several cases are under way at once.
  private final Map<String, Long> started = new HashMap<>();
  private long lastLine = Long.MIN_VALUE;
  private int done;

  Progress(int total, PrintStream out) {
    this(total, out, 0);
  }

  /**
   * Makes the progress of a run.
   *
   * @param total the cases the run will report
   * @param out where lines go, or null for none
   * @param intervalSeconds the least time between two lines of passed cases; 0 for a line per case
   */
  Progress(int total, PrintStream out, double intervalSeconds) {
    this(total, out, intervalSeconds, Map.of(), System::nanoTime);
  }

  /**
   * Makes the progress of a planned run.
   *
   * @param total the cases the run will report
   * @param out where lines go, or null for none
   * @param intervalSeconds the least time between two lines of passed cases; 0 for a line per case
   * @param budgets each case's planned seconds by id
   * @param clock the clock, in nanoseconds
   */
  Progress(int total, PrintStream out, double intervalSeconds, Map<String, Double> budgets, LongSupplier clock) {
    this.total = total;
    this.out = out;
    this.intervalNanos = (long) (intervalSeconds * 1e9);
    this.plan = new PlannedTime(budgets);
    this.clock = clock;
    this.start = clock.getAsLong();
  }

  synchronized void starting(String caseId) {
    if (out != null) {
      started.put(caseId, clock.getAsLong());
    }
  }

  synchronized void finished(CaseResult result) {
    done++;
    if (out == null) {
      return; // the plan's estimate is only read for a line
    }
    long now = clock.getAsLong();
    // A skipped case never started: its own time is nil.
    long caseStart = Optional.ofNullable(started.remove(result.id())).orElse(now);
    plan.finished(result.id(), (now - caseStart) / 1e9);
    boolean due = lastLine == Long.MIN_VALUE || now - lastLine >= intervalNanos;
    boolean notPassed = result.status() != CaseStatus.PASSED && result.status() != CaseStatus.SKIPPED;
    if (!(due || notPassed || done >= total)) {
      return;
    }
    lastLine = now;
    double elapsed = now - start;
    double leftNanos = plan.known() ? plan.secondsLeft(elapsed / 1e9) * 1e9 : elapsed / done * (total - done);
    String left = done >= total ? "done" : "about " + Figures.duration(leftNanos) + " left";
    out.printf(Locale.ROOT, "gpubench [%d/%d] %s %s %s (elapsed %s, %s)%n", done, total, result.displayName(),
        result.status(), Figures.duration((double) (now - caseStart)), Figures.duration(elapsed), left);
    out.flush();
  }
}
