package io.gpubench.results.markdown;

import io.gpubench.api.result.CaseResult;
import io.gpubench.results.glance.FlagNotes;
import io.gpubench.results.glance.SkipGroup;
import io.gpubench.results.glance.SkipGroups;
import java.util.List;
import java.util.Map;

/**
 * The folded parts of the Markdown summary: one list item per skip reason (with a count and the classes it spans;
 * the cases one by one are in the HTML report), and one per flag code used, with its meaning. Plain Markdown, no
 * HTML: a job summary must stay text whatever the results hold.
 */
final class GlanceLines {

  private GlanceLines() {}

  static String skipped(List<CaseResult> cases) {
    List<SkipGroup> groups = SkipGroups.of(cases);
    if (groups.isEmpty()) {
      return "";
    }
    StringBuilder b = new StringBuilder("**Skipped** (each case is listed in report.html)\n\n");
    for (SkipGroup g : groups) {
      b.append("- ").append(Md.escape(g.line())).append(" (").append(Md.escape(g.classes(5))).append(")\n");
    }
    return b.toString();
  }

  static String flags(List<CaseResult> cases) {
    Map<String, String> legend = FlagNotes.legend(cases);
    if (legend.isEmpty()) {
      return "";
    }
    StringBuilder b = new StringBuilder("\n**Flags** (each case's figures behind its flags are in report.html)\n\n");
    legend.forEach((code, meaning) -> b.append("- ").append(Md.code(code)).append(": ").append(Md.escape(meaning))
        .append('\n'));
    return b.toString();
  }
}
