package io.gpubench.history.page;

import io.gpubench.history.changes.Change;
import io.gpubench.history.series.RunInfo;
import io.gpubench.results.compare.Figures;
import io.gpubench.results.markdown.Md;
import java.util.List;
import java.util.Locale;

/**
 * The history's "what changed" as Markdown, for a pull request's comment or a CI job summary: only the cases whose
 * level shifted within the last commits, each with the commit, the shift, its confidence and the levels either side;
 * nothing else. Case ids go in code spans; every other string from the store is escaped ({@link Md}).
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
    long slower = changed.stream().filter(c -> c.accepted() == null && c.regression()).count();
    md.append(String.format(Locale.ROOT, "%d %s in the last %d %s of %s (%d runs, %d series)",
        changed.size(), changed.size() == 1 ? "change point" : "change points", seen, seen == 1 ? "commit" : "commits",
        Md.code(h.store()), h.runs().size(), h.series().size()));
    md.append(slower > 0 ? String.format(Locale.ROOT, "; %d slower and not accepted.\n", slower) : ".\n");
    if (changed.isEmpty()) {
      return md.append("\nNo case changed level.\n").toString();
    }
    Md.Table t = new Md.Table("Case", "Testbed", "Commit", "Change", "Confidence", "Before → after", "Accepted");
    for (Change c : changed) {
      RunInfo r = c.at().run();
      String commit = r.commit() == null ? "run " + r.runId() : r.commit().substring(0, Math.min(10,
          r.commit().length()));
      String link = r.ciBuildUrl() == null ? Md.code(commit) : "[" + Md.code(commit) + "](" + Md.escape(r.ciBuildUrl())
          + ")";
      double before = Math.exp(c.stats().meanBefore());
      double after = Math.exp(c.stats().meanAfter());
      t.markdownRow(Md.code(c.series().caseId()), Md.escape(c.series().testbed()), link,
          (c.regression() ? "**" : "") + Md.escape(signed(c.stats().ratio() - 1)) + (c.regression() ? " slower**"
              : " faster"),
          Md.escape(String.format(Locale.ROOT, "%.4f", c.stats().confidence())),
          Md.escape(Figures.duration(before) + " → " + Figures.duration(after)),
          c.accepted() == null ? "no" : Md.escape("yes: " + c.accepted().reason()));
    }
    return md.append('\n').append(t.render()).toString();
  }

  static String signed(double change) {
    return Figures.signedPercent(change);
  }
}
