package io.gpubench.results.html;

import io.gpubench.api.result.CaseStatus;
import io.gpubench.results.glance.FlagNote;
import java.util.List;
import java.util.Locale;

/** Status and flag badges, shared by the summary table and the case cards. */
final class Badges {

  private Badges() {}

  static void status(Markup m, CaseStatus status) {
    String name = status == null ? "UNKNOWN" : status.name();
    m.el("span", name.toLowerCase(Locale.ROOT), "class", "badge status-" + name);
  }

  /** A flag is its short code; the meaning and this case's figures behind it are its tooltip. */
  static void flags(Markup m, List<FlagNote> flags) {
    for (FlagNote f : flags) {
      m.raw(" ").el("span", f.code(), "class", "badge flag", "title", f.explanation(), "tabindex", "0");
    }
  }
}
