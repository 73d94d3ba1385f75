package io.gpubench.results.html;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * A report opened in its own browser tab with the network emulated offline, and what the tab saw: console errors,
 * uncaught exceptions, requests, dialogs.
 */
public final class ReportPage {

  private static final long LOAD_TIMEOUT_MILLIS = 60_000;

  private final DevTools devTools;
  private final String session;

  private ReportPage(DevTools devTools, String session) {
    this.devTools = devTools;
    this.session = session;
  }

  /**
   * Opens a report file at a desktop window size and waits until its script has drawn every chart.
   *
   * @param devTools the browser
   * @param file the report
   * @return the open page
   * @throws AssertionError with what the page reported when it does not finish loading
   */
  public static ReportPage open(DevTools devTools, Path file) throws InterruptedException {
    return open(devTools, file, false, 1280, 900);
  }

  /**
   * Opens a report file at a window width (a phone's 390 px, a laptop's 1300 px) and waits for its charts.
   *
   * @param devTools the browser
   * @param file the report
   * @param width the window's width in CSS pixels
   * @param height the window's height
   * @return the open page
   */
  public static ReportPage open(DevTools devTools, Path file, int width, int height) throws InterruptedException {
    return open(devTools, file, false, width, height);
  }

  /**
   * Opens a page and waits for its marker, without failing on the page's own exceptions: for checking the checks.
   *
   * @param devTools the browser
   * @param file the page
   * @return the open page
   */
  public static ReportPage openEvenIfBroken(DevTools devTools, Path file) throws InterruptedException {
    return open(devTools, file, true, 1280, 900);
  }

  private static ReportPage open(DevTools devTools, Path file, boolean tolerateExceptions, int width, int height)
      throws InterruptedException {
    String target = devTools.send(null, "Target.createTarget", "url", "about:blank").get("targetId").asString();
    String session = devTools.send(null, "Target.attachToTarget", "targetId", target, "flatten", true)
        .get("sessionId").asString();
    ReportPage page = new ReportPage(devTools, session);
    for (String domain : List.of("Runtime", "Log", "Network", "Page")) {
      devTools.send(session, domain + ".enable");
    }
    devTools.send(session, "Network.emulateNetworkConditions", "offline", true, "latency", 0,
        "downloadThroughput", -1, "uploadThroughput", -1);
    devTools.send(session, "Emulation.setDeviceMetricsOverride", "width", width, "height", height,
        "deviceScaleFactor", 1, "mobile", width < 600);
    devTools.send(session, "Page.navigate", "url", file.toUri().toString());
    long deadline = System.nanoTime() + LOAD_TIMEOUT_MILLIS * 1_000_000;
    while (!page.evaluate("document.readyState === 'complete' "
        + "&& document.documentElement.hasAttribute('data-charts-rendered')").asBoolean(false)) {
      // An uncaught exception means the report's script stopped: no need to wait for the deadline.
      if (System.nanoTime() > deadline || (!tolerateExceptions && !page.exceptions().isEmpty())) {
        throw new AssertionError("the report did not finish drawing its charts; exceptions: " + page.exceptions()
            + ", console errors: " + page.consoleErrors());
      }
      Thread.sleep(100);
    }
    return page;
  }

  /**
   * The browser the page is open in, for protocol commands of a test's own (input events).
   *
   * @return the connection
   */
  public DevTools devTools() {
    return devTools;
  }

  /**
   * The page's protocol session.
   *
   * @return the session id
   */
  public String session() {
    return session;
  }

  /**
   * Evaluates an expression in the page and returns its value.
   *
   * @param expression JavaScript
   * @return the value as JSON
   */
  public JsonNode evaluate(String expression) {
    JsonNode r = devTools.send(session, "Runtime.evaluate", "expression", expression, "returnByValue", true,
        "awaitPromise", true);
    if (r.has("exceptionDetails")) {
      throw new AssertionError("evaluating in the page threw: " + r.get("exceptionDetails"));
    }
    return r.path("result").path("value");
  }

  /**
   * Runs a script from this package's test resources in the page.
   *
   * @param resource the script's name
   * @return its value
   */
  public JsonNode run(String resource) {
    try (InputStream in = ReportPage.class.getResourceAsStream(resource)) {
      return evaluate(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Console messages of level error or assert, log entries of level error (CSP, network), with their text. */
  public List<String> consoleErrors() {
    List<String> errors = new ArrayList<>();
    for (JsonNode e : mine("Runtime.consoleAPICalled")) {
      String type = e.path("type").asString("");
      if (type.equals("error") || type.equals("assert")) {
        errors.add("console." + type + ": " + e.path("args"));
      }
    }
    for (JsonNode e : mine("Log.entryAdded")) {
      if (e.path("entry").path("level").asString("").equals("error")) {
        errors.add("log: " + e.path("entry").path("text").asString("") + " " + e.path("entry").path("url"));
      }
    }
    return errors;
  }

  /** Uncaught exceptions, with their description. */
  public List<String> exceptions() {
    return mine("Runtime.exceptionThrown").stream()
        .map(e -> e.path("exceptionDetails").path("exception").path("description").asString(
            e.path("exceptionDetails").path("text").asString("")))
        .toList();
  }

  /** The URL of every request the page made. */
  public List<String> requests() {
    return mine("Network.requestWillBeSent").stream().map(e -> e.path("request").path("url").asString("")).toList();
  }

  /** Alerts, confirms and prompts the page opened: a report must never open one. */
  public List<String> dialogs() {
    return mine("Page.javascriptDialogOpening").stream().map(e -> e.path("message").asString("")).toList();
  }

  /**
   * Saves a screenshot of the whole page.
   *
   * @param png the file
   */
  public void screenshot(Path png) throws IOException {
    JsonNode size = devTools.send(session, "Page.getLayoutMetrics").path("cssContentSize");
    JsonNode shot = devTools.send(session, "Page.captureScreenshot", "format", "png", "captureBeyondViewport", true,
        "clip", java.util.Map.of("x", 0, "y", 0, "width", size.path("width").asDouble(),
            "height", Math.min(16_000, size.path("height").asDouble()), "scale", 1));
    Files.createDirectories(png.getParent());
    Files.write(png, Base64.getDecoder().decode(shot.get("data").asString()));
  }

  /**
   * Saves a screenshot of the top of the page, as a reader first sees it.
   *
   * @param png the file
   * @param height the height in CSS pixels
   */
  public void screenshotTop(Path png, int height) throws IOException {
    JsonNode size = devTools.send(session, "Page.getLayoutMetrics").path("cssContentSize");
    JsonNode shot = devTools.send(session, "Page.captureScreenshot", "format", "png", "captureBeyondViewport", true,
        "clip", java.util.Map.of("x", 0, "y", 0, "width", size.path("width").asDouble(),
            "height", Math.min(height, size.path("height").asDouble()), "scale", 1));
    Files.createDirectories(png.getParent());
    Files.write(png, Base64.getDecoder().decode(shot.get("data").asString()));
  }

  private List<JsonNode> mine(String method) {
    return devTools.events().stream()
        .filter(e -> session.equals(e.path("sessionId").asString("")) && method.equals(e.path("method").asString("")))
        .map(e -> e.get("params"))
        .toList();
  }
}
