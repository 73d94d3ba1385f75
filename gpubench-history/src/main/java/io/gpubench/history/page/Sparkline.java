package io.gpubench.history.page;

import io.gpubench.history.changes.Change;
import io.gpubench.history.series.Point;
import io.gpubench.history.series.Series;
import io.gpubench.results.html.Markup;
import java.util.List;
import java.util.Locale;

/**
 * A series drawn small, as inline SVG in the cases table: the clean medians as a line, flagged runs as grey dots,
 * change points as red marks. Drawn here rather than by the chart library, so that a table of hundreds of cases
 * costs the browser no script at all.
 */
final class Sparkline {

  static final int WIDTH = 160;
  static final int HEIGHT = 28;

  private Sparkline() {}

  static void write(Markup m, Series s, List<Change> changes) {
    List<Point> pts = s.points();
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (Point p : pts) {
      if (p.value() > 0 && Double.isFinite(p.value())) {
        lo = Math.min(lo, Math.log(p.value()));
        hi = Math.max(hi, Math.log(p.value()));
      }
    }
    m.open("svg", "class", "spark", "width", String.valueOf(WIDTH), "height", String.valueOf(HEIGHT), "viewBox",
        "0 0 " + WIDTH + " " + HEIGHT, "role", "img", "aria-label", "trend of " + pts.size() + " runs");
    if (lo <= hi) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < pts.size(); i++) {
        Point p = pts.get(i);
        if (!p.clean()) {
          continue;
        }
        line.append(line.length() == 0 ? "" : " ").append(x(i, pts.size())).append(',').append(y(p.value(), lo, hi));
      }
      m.empty("polyline", "points", line.toString(), "fill", "none", "stroke", "#3b6fd8", "stroke-width", "1.2");
      m.close("polyline");
      for (int i = 0; i < pts.size(); i++) {
        Point p = pts.get(i);
        if (!p.clean() && p.value() > 0 && Double.isFinite(p.value())) {
          m.empty("circle", "cx", x(i, pts.size()), "cy", y(p.value(), lo, hi), "r", "1.6", "fill", "#999");
          m.close("circle");
        }
      }
      for (Change c : changes) {
        int i = pts.indexOf(c.at());
        String cx = x(i, pts.size());
        m.empty("line", "x1", cx, "x2", cx, "y1", "0", "y2", String.valueOf(HEIGHT), "stroke",
            c.accepted() != null ? "#3a9d5d" : "#d0342c", "stroke-width", "1");
        m.close("line");
      }
    }
    m.close("svg");
  }

  private static String x(int i, int n) {
    return fmt(n <= 1 ? WIDTH / 2.0 : 2 + (WIDTH - 4) * (double) i / (n - 1));
  }

  private static String y(double v, double lo, double hi) {
    double span = hi - lo;
    double f = span <= 0 ? 0.5 : (Math.log(v) - lo) / span;
    return fmt(HEIGHT - 3 - (HEIGHT - 6) * f);
  }

  private static String fmt(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }
}
