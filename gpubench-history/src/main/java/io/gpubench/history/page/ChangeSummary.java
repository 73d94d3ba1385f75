package io.gpubench.history.page;

import io.gpubench.history.changes.Change;
import io.gpubench.history.series.RunInfo;
import io.gpubench.results.compare.Figures;
import io.gpubench.results.markdown.Md;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The history's "what changed" as Markdown, for a pull request's comment or a CI job summary: only the cases whose
 * level shifted within the last commits, in time or in memory, each with the figure, the commit, the shift, its
 * confidence and the levels either side; nothing else. Case ids go in code spans; every other string from the store
 * is escaped ({@link Md}).
 */
public final class ChangeSummary {

  private ChangeSummary() {}

  /**
   * Renders the summary.
   *
   * @param h the history
   * @param commits how many of the newest commits to look at
   * @return the Markdown, ending in a newline
   */
  public static String render(History h, int commits) {
    List<Change> changed = h.changedInLast(commits);
    int seen = Math.min(commits, h.commitsNewestFirst().size());
    StringBuilder md = new StringBuilder("## gpubench history: what changed\n\n");
    long slower = changed.stream().filter(c -> c.accepted() == null && c.regression()
        && c.series().figure().memory() == null).count();
    long more = changed.stream().filter(c -> c.accepted() == null && c.regression()
        && c.series().figure().memory() != null).count();
    md.append(String.format(Locale.ROOT, "%d %s in the last %d %s of %s (%d runs, %d series)",
        changed.size(), changed.size() == 1 ? "change point" : "change points", seen, seen == 1 ? "commit" : "commits",
        Md.code(h.store()), h.runs().size(), h.series().size()));
    List<String> worse = new ArrayList<>();
    if (slower > 0) {
      worse.add(slower + " slower");
    }
    if (more > 0) {
      worse.add(more + " with more memory");
    }
    md.append(worse.isEmpty() ? ".\n" : "; " + String.join(", ", worse) + " and not accepted.\n");
    if (changed.isEmpty()) {
      return md.append("\nNo case changed level.\n").toString();
    }
    Md.Table t = new Md.Table("Case", "Testbed", "Figure", "Commit", "Change", "Confidence", "Before → after",
        "Accepted");
    for (Change c : changed) {
      RunInfo r = c.at().run();
      String commit = r.commit() == null ? "run " + r.runId() : r.commit().substring(0, Math.min(10,
          r.commit().length()));
      String link = r.ciBuildUrl() == null ? Md.code(commit) : "[" + Md.code(commit) + "](" + Md.escape(r.ciBuildUrl())
          + ")";
      t.markdownRow(Md.code(c.series().caseId()), Md.escape(c.series().testbed()), c.series().figure().key(), link,
          c.regression() ? "**" + Md.escape(c.shift()) + "**" : Md.escape(c.shift()),
          Md.escape(String.format(Locale.ROOT, "%.4f", c.stats().confidence())), Md.escape(c.levels()),
          c.accepted() == null ? "no" : Md.escape("yes: " + c.accepted().reason()));
    }
    return md.append('\n').append(t.render()).toString();
  }

  static String signed(double change) {
    return Figures.signedPercent(change);
  }
}
