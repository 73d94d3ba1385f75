package io.gpubench.results.html;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * The shell of a self-contained gpubench page (the report, the history page): the body, its data as JSON, ECharts
 * and the page's own script and style, all inlined, under a Content-Security-Policy that allows only these scripts
 * (by hash) and no fetch at all. Such a page opens from disk with no network, and even a missed escape could neither
 * run a script nor call out.
 */
public final class InlinePage {

  private InlinePage() {}

  /**
   * The page as HTML text.
   *
   * @param title the title, escaped
   * @param body the body's markup, every string from results already escaped by {@link Markup}
   * @param json the page's data as JSON, with {@code <}, {@code >} and {@code &} written as unicode escapes (as
   *     {@link ChartData} and {@link #json(String)} write it), in {@code <script type="application/json"
   *     id="gpubench-data">}
   * @param script the page's own script, from the class path (made safe to inline here)
   * @param style the page's style sheet
   * @return the page
   */
  public static String render(String title, Markup body, String json, String script, String style) {
    Assets assets = Assets.get();
    String own = Assets.safeScript(script);
    Markup page = new Markup();
    page.raw("<!DOCTYPE html>\n").open("html", "lang", "en").open("head");
    page.empty("meta", "charset", "utf-8");
    page.empty("meta", "http-equiv", "Content-Security-Policy", "content", "default-src 'none'; script-src "
        + hash(assets.echarts()) + " " + hash(own) + "; style-src 'unsafe-inline'; img-src data:");
    page.empty("meta", "name", "viewport", "content", "width=device-width, initial-scale=1");
    page.el("title", title);
    page.open("style").raw(style).close("style");
    page.close("head").open("body");
    page.raw(body.toString());
    page.open("script", "type", "application/json", "id", "gpubench-data").raw(json(json)).close("script");
    page.open("script").raw(assets.echarts()).close("script");
    page.open("script").raw(own).close("script");
    page.close("body").close("html");
    return page.toString();
  }

  /**
   * The ECharts version inlined, for a page's footer.
   *
   * @return the version
   */
  public static String echartsVersion() {
    return Assets.get().echartsVersion();
  }

  /**
   * The report's style sheet, for pages that should look like it.
   *
   * @return the CSS
   */
  public static String reportStyle() {
    return Assets.get().style();
  }

  /**
   * JSON made safe inside a script element: {@code <}, {@code >} and {@code &} as unicode escapes, which mean the
   * same to a JSON parser and cannot end the element.
   *
   * @param json JSON text
   * @return the same JSON, safe to inline
   */
  public static String json(String json) {
    return json.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026");
  }

  // The CSP source for an inline script: its SHA-256 in base64.
  private static String hash(String script) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(script.getBytes(StandardCharsets.UTF_8));
      return "'sha256-" + Base64.getEncoder().encodeToString(digest) + "'";
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every JVM", e);
    }
  }
}
