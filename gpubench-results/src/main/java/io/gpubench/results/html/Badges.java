package io.gpubench.results.html;

import io.gpubench.api.result.CaseStatus;
import java.util.List;
import java.util.Locale;

/** Status and flag badges, shared by the summary table and the case cards. */
final class Badges {

  private Badges() {}

  static void status(Markup m, CaseStatus status) {
    String name = status == null ? "UNKNOWN" : status.name();
    m.el("span", name.toLowerCase(Locale.ROOT), "class", "badge status-" + name);
  }

  static void flags(Markup m, List<String> flags) {
    for (String f : flags) {
      m.raw(" ").el("span", f, "class", "badge flag");
    }
  }
}
