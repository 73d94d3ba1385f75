package io.gpubench.results.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gpubench.api.result.RunResult;
import io.gpubench.results.compare.ReportFixtures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Opens generated reports in a real headless Chromium from disk, with the network emulated offline, and checks what
 * a reader gets: every chart drawn, no console error, no request leaving the file, hostile strings shown as text,
 * the leaderboard sorting and filtering. Screenshots land in {@code target/gpubench-report-screenshots}. Skipped,
 * with the reason, where no Chromium is installed; CI installs Debian's {@code chromium} and runs with
 * {@code -Dgpubench.browserTests=required}, which turns a missing browser into a failure.
 */
class HtmlReportBrowserTest {

  private static final Path OUT = Path.of("target", "gpubench-report-screenshots");
  private static Chromium browser;

  @BeforeAll
  static void startBrowser() throws Exception {
    Optional<Path> exe = Chromium.find();
    // CI sets -Dgpubench.browserTests=required so a lost install step fails the build instead of skipping.
    if (exe.isEmpty() && "required".equals(System.getProperty("gpubench.browserTests"))) {
      throw new IllegalStateException("gpubench.browserTests=required but " + Chromium.absenceReason());
    }
    assumeTrue(exe.isPresent(), Chromium.absenceReason());
    browser = Chromium.start(exe.get());
  }

  @AfterAll
  static void stopBrowser() {
    if (browser != null) {
      browser.close();
    }
  }

  @Test
  void aSingleRunReportDrawsEveryChartOfflineWithoutErrors() throws Exception {
    RunResult run = ReportFixtures.h200Run();
    ReportPage page = open(List.of(run), "single");
    JsonNode check = page.run("page-check.js");

    List<String> kinds = kinds(check);
    // A histogram per timed case (8), a telemetry timeline per CUDA GEMM case (2), a leaderboard chart per model (2).
    assertThat(kinds).filteredOn("histogram"::equals).hasSize(8);
    assertThat(kinds).filteredOn("telemetry"::equals).hasSize(2);
    // Its telemetry has no device memory per reading (results written before it was recorded): no memory timeline.
    assertThat(kinds).doesNotContain("deviceMemory", "gcTrials");
    assertThat(kinds).filteredOn("leaderboard"::equals).hasSize(2);
    assertEveryChartDrawnAndClean(page, check);
    page.screenshot(OUT.resolve("report-single.png"));
  }

  /**
   * The memory timeline beside the clock timeline: the process's device memory at each telemetry reading, with the
   * case's peak and its memory before set-up as lines; and a CPU case's trials in order with those during which a
   * garbage collection ran marked.
   */
  @Test
  void theMemoryTimelineStandsBesideTheClockTimelineAndGcTrialsAreMarked() throws Exception {
    ReportPage page = open(List.of(ReportFixtures.memoryRun()), "memory");
    JsonNode check = page.run("page-check.js");
    List<String> kinds = kinds(check);
    assertThat(kinds).containsExactly("roofline", "histogram", "telemetry", "deviceMemory", "histogram", "gcTrials");
    assertEveryChartDrawnAndClean(page, check);

    JsonNode memory = page.evaluate("(() => { const el = document.querySelector('figure.memory-timeline [data-chart]');"
        + " const clock = document.querySelector('section.telemetry [data-chart]');"
        + " const o = echarts.getInstanceByDom(el).getOption(); const a = el.getBoundingClientRect();"
        + " const b = clock.getBoundingClientRect();"
        + " return {points: o.series[0].data.filter(p => p[1] !== null).length, gaps: o.series[0].data"
        + ".filter(p => p[1] === null).length, first: o.series[0].data[0][1], last: o.series[0].data[59][1],"
        + " lines: o.series[0].markLine.data.map(l => l.yAxis), axis: o.yAxis[0].name,"
        + " range: echarts.getInstanceByDom(el).getModel().getComponent('yAxis', 0).axis.scale.getExtent(),"
        + " beside: Math.abs(a.top - b.top) < 2 && a.left > b.right,"
        + " caption: el.parentElement.querySelector('figcaption').textContent}; })()");
    assertThat(memory.get("points").asInt()).isEqualTo(59);
    assertThat(memory.get("gaps").asInt()).isEqualTo(1);
    assertThat(memory.get("first").asDouble()).isEqualTo(540.0);
    assertThat(memory.get("last").asDouble()).isEqualTo(553.0);
    assertThat(doubles(memory.get("lines"))).containsExactly(561.0, 508.0);
    assertThat(memory.get("axis").asString()).isEqualTo("device memory (MiB)");
    // The axis reaches the peak and the memory before set-up, which lie outside the trials' readings.
    assertThat(memory.get("range").get(0).asDouble()).isLessThanOrEqualTo(508.0);
    assertThat(memory.get("range").get(1).asDouble()).isGreaterThanOrEqualTo(561.0);
    assertThat(memory.get("beside").asBoolean()).as("the memory timeline beside the clock's").isTrue();
    assertThat(memory.get("caption").asString()).contains("the case's peak from its set-up on: 561 MiB, before the "
        + "set-up: 508 MiB");

    JsonNode gc = page.evaluate("(() => { const el = document.querySelector('section.gc-trials [data-chart]');"
        + " const o = echarts.getInstanceByDom(el).getOption();"
        + " return {plain: o.series[0].data.length, gc: o.series[1].data.map(p => p[0]),"
        + " caption: el.parentElement.querySelector('figcaption').textContent}; })()");
    assertThat(gc.get("plain").asInt()).isEqualTo(37);
    // Trials counted from 1 on the chart, from 0 in memory.host.gcTrials.
    assertThat(doubles(gc.get("gc"))).containsExactly(7.0, 20.0, 34.0);
    assertThat(gc.get("caption").asString()).contains("red: a garbage collection ran during the trial (3 of 40, 7.5 "
        + "ms of pauses in all)");
    page.evaluate("document.querySelector('figure.memory-timeline').scrollIntoView()");
    page.screenshot(OUT.resolve("report-memory.png"));
  }

  @Test
  void theKernelsSectionDrawsItsBarOfSharesAndListsTheTopKernels() throws Exception {
    ReportPage page = open(List.of(ReportFixtures.h200RunAudited()), "kernels");
    JsonNode check = page.run("page-check.js");
    List<String> kinds = kinds(check);
    // a bar per audit that ran (the FP16 GEMM, the ViT); the refused audit has none
    assertThat(kinds).filteredOn("kernels"::equals).hasSize(2);
    assertEveryChartDrawnAndClean(page, check);

    JsonNode sections = page.evaluate("Array.from(document.querySelectorAll('section.kernels')).map(s => {"
        + " const el = s.querySelector('[data-chart]');"
        + " const series = el ? echarts.getInstanceByDom(el).getOption().series : [];"
        + " return {line: (s.querySelector('.kernel-line') || {}).textContent || null,"
        + "  skipped: (s.querySelector('.audit-skipped') || {}).textContent || null,"
        + "  rows: s.querySelectorAll('tr.kernel-row').length,"
        + "  more: (s.querySelector('tr.muted td') || {}).textContent || null,"
        + "  names: Array.from(s.querySelectorAll('td.kernel-name')).map(td => td.textContent),"
        + "  bar: series.map(x => x.name + ' ' + x.data[0] + '%'),"
        + "  stacked: series.every(x => x.stack === 'gpu'),"
        + "  barHeight: el ? el.getBoundingClientRect().height : 0}; })");
    assertThat(sections).hasSize(3);
    JsonNode gemm = sections.get(0);
    assertThat(gemm.get("line").asString()).isEqualTo("cuBLASLt 100%, copies 0.4%, 1 kernel");
    assertThat(strings(gemm.get("bar"))).containsExactly("cuBLASLt 99.6%", "copies 0.4%");
    assertThat(gemm.get("stacked").asBoolean()).isTrue();
    assertThat(gemm.get("rows").asInt()).isEqualTo(1);
    assertThat(gemm.get("barHeight").asDouble()).isBetween(80.0, 160.0);
    assertThat(sections.get(1).get("skipped").asString()).endsWith(ReportFixtures.AUDIT_REFUSED);
    assertThat(sections.get(1).get("bar")).isEmpty();
    JsonNode vit = sections.get(2);
    assertThat(strings(vit.get("bar"))).containsExactly("ATen 54.7%", "cuBLASLt 43.6%", "benchmark 1.7%");
    assertThat(vit.get("rows").asInt()).isEqualTo(10);
    assertThat(vit.get("more").asString()).isEqualTo("7 more kernels");
    // the hostile kernel name is text in its cell, not markup: no script ran (no dialog), nothing was injected
    assertThat(strings(vit.get("names"))).contains(ReportFixtures.EVIL_KERNEL);
    assertThat(page.dialogs()).isEmpty();
    assertThat(check.get("scripts").asInt()).isEqualTo(3);
    page.evaluate("document.querySelectorAll('section.kernels')[0].scrollIntoView()");
    page.screenshot(OUT.resolve("report-kernels.png"));
  }

  @Test
  void hostileStringsFromResultsRenderAsText() throws Exception {
    ReportPage page = open(List.of(ReportFixtures.h200Run(), ReportFixtures.a100Run()), "hostile");
    JsonNode check = page.run("page-check.js");
    assertThat(strings(check.get("summaryLinks"))).contains(ReportFixtures.EVIL);
    assertThat(strings(check.get("messages"))).contains(ReportFixtures.EVIL_MESSAGE);
    assertThat(strings(check.get("caseIds"))).contains(ReportFixtures.EVIL_ID);
    // Inside the embedded JSON too: the comparison chart's categories hold the name, read back intact.
    JsonNode ratio = chart(check, "ratio");
    assertThat(strings(ratio.get("categories"))).contains(ReportFixtures.EVIL_PASSED);
    assertThat(check.get("scripts").asInt()).as("only the data, ECharts and the report script").isEqualTo(3);
    assertThat(check.get("images").asInt()).isZero();
    assertThat(check.get("handlers").asInt()).as("elements with on* attributes").isZero();
    assertThat(page.dialogs()).isEmpty();
    assertIsolatedAndClean(page, check);
  }

  @Test
  void aComparisonDrawsTheRatiosOfEveryComparableCase() throws Exception {
    ReportPage page = open(List.of(ReportFixtures.h200Run(), ReportFixtures.a100Run()), "comparison");
    JsonNode check = page.run("page-check.js");
    JsonNode ratio = chart(check, "ratio");
    // gemm FP16, gemm FP32 cpu, resnet50 FP16, vit FP16 and one hostile case passed on both GPUs.
    assertThat(ratio.get("categories")).hasSize(5);
    assertThat(ratio.get("points").asInt()).isEqualTo(5);
    assertChartsDrawn(check);
    assertIsolatedAndClean(page, check);
    page.screenshot(OUT.resolve("report-comparison.png"));
  }

  @Test
  void theLeaderboardSortsByAClickedHeadingAndFilters() throws Exception {
    ReportPage page = open(List.of(ReportFixtures.h200Run(), ReportFixtures.a100Run()), "leaderboard");
    String rows = "Array.from(document.querySelectorAll('#leaderboard-table tbody tr'))"
        + ".filter(r => !r.hidden).map(r => r.cells[4].getAttribute('data-value') * 1)";
    assertThat(page.evaluate(rows)).hasSize(6);
    page.evaluate("document.querySelectorAll('#leaderboard-table th')[4].click()");
    assertThat(doubles(page.evaluate(rows))).containsExactly(2450.0, 2380.0, 1380.0, 1210.0, 640.0, 310.0);
    page.evaluate("document.querySelectorAll('#leaderboard-table th')[4].click()");
    assertThat(doubles(page.evaluate(rows))).containsExactly(310.0, 640.0, 1210.0, 1380.0, 2380.0, 2450.0);
    page.evaluate("(() => { const s = document.getElementById('leaderboard-precision'); s.value = 'BF16';"
        + " s.dispatchEvent(new Event('change')); })()");
    assertThat(doubles(page.evaluate(rows))).containsExactly(2380.0);
    page.evaluate("(() => { const s = document.getElementById('leaderboard-precision'); s.value = '';"
        + " s.dispatchEvent(new Event('change')); const t = document.getElementById('leaderboard-filter');"
        + " t.value = 'a100'; t.dispatchEvent(new Event('input')); })()");
    assertThat(doubles(page.evaluate(rows))).containsExactlyInAnyOrder(1380.0, 640.0, 310.0);
    assertThat(page.consoleErrors()).isEmpty();
  }

  @Test
  void theCasesByAxisFilterByEachColumnAndDrawTimeOverTheAxisThatVariesAlone() throws Exception {
    ReportPage page = open(List.of(ReportFixtures.axesRun()), "axes");
    JsonNode check = page.run("page-check.js");
    JsonNode line = chart(check, "axisLine");
    assertThat(line.get("series").asInt()).as("layout=row and layout=col").isEqualTo(2);
    assertThat(line.get("points").asInt()).isEqualTo(8);
    assertChartsDrawn(check);
    assertIsolatedAndClean(page, check);
    JsonNode xAxis = page.evaluate("echarts.getInstanceByDom(document.querySelector('section.axes [data-chart]'))"
        + ".getOption().xAxis[0]");
    assertThat(xAxis.get("type").asString()).isEqualTo("log");
    assertThat(xAxis.get("logBase").asInt()).isEqualTo(2);

    String visible = "Array.from(document.querySelectorAll('.axis-group')[0].querySelectorAll('tbody tr'))"
        + ".filter(r => !r.hidden).map(r => r.getAttribute('data-case'))";
    String count = "document.querySelectorAll('.axis-group')[0].querySelector('.axis-count').textContent";
    assertThat(page.evaluate(visible)).hasSize(9);
    choose(page, "axis:layout", "col");
    assertThat(strings(page.evaluate(visible))).hasSize(4).allSatisfy(id -> assertThat(id).contains("layout=col"));
    assertThat(page.evaluate(count).asString()).isEqualTo("4 of 9 cases");
    choose(page, "axis:n", "512");
    assertThat(strings(page.evaluate(visible)))
        .containsExactly("examples.StencilBenchmark#separable[n=512,layout=col][FP32][cpu]");
    choose(page, "axis:layout", "");
    choose(page, "axis:n", "256");
    assertThat(page.evaluate(count).asString()).isEqualTo("3 of 9 cases");
    assertThat(strings(page.evaluate(visible))).contains(ReportFixtures.STENCIL_DIAG);
    assertThat(page.consoleErrors()).isEmpty();
    page.evaluate("document.querySelector('section.axes').scrollIntoView()");
    page.screenshot(OUT.resolve("report-axes.png"));
  }

  private static void choose(ReportPage page, String column, String value) {
    page.evaluate("(() => { const s = document.querySelectorAll('.axis-group')[0].querySelector("
        + "'select[data-col=\"" + column + "\"]'); s.value = '" + value + "';"
        + " s.dispatchEvent(new Event('change')); })()");
  }

  @Test
  void aRealRunFromAResultsFileIfOneIsGiven() throws Exception {
    // For the README's picture: -Dgpubench.report.results=/abs/path/results.json[,more.json] renders real runs with
    // the same checks and saves the top of the page as report-real-top.png.
    String files = System.getProperty("gpubench.report.results");
    assumeTrue(files != null && !files.isBlank(), "no -Dgpubench.report.results=results.json given");
    List<RunResult> runs = new ArrayList<>();
    for (String f : files.split(",")) {
      runs.add(io.gpubench.results.ResultsFile.read(Path.of(f.trim())));
    }
    ReportPage page = open(runs, "real");
    JsonNode check = page.run("page-check.js");
    assertChartsDrawn(check);
    assertIsolatedAndClean(page, check);
    page.screenshot(OUT.resolve("report-real.png"));
    page.screenshotTop(OUT.resolve("report-real-top.png"), 1400);
  }

  @Test
  void theChecksSeeWhatABrokenPageWouldDo() throws Exception {
    // The same detectors on a page that does everything a report must not: a script the policy blocks, a script
    // that throws, a request to another host (emulated offline, so it never leaves this machine).
    Path file = OUT.resolve("broken.html").toAbsolutePath();
    java.nio.file.Files.createDirectories(file.getParent());
    java.nio.file.Files.writeString(file, "<!DOCTYPE html><html><head><meta http-equiv=\"Content-Security-Policy\" "
        + "content=\"script-src 'sha256-" + sha256("document.documentElement.setAttribute('data-charts-rendered','0');"
        + "null.boom;") + "'\"></head><body><img src=\"http://gpubench.invalid/x.png\"><script>alert(1)</script>"
        + "<script>document.documentElement.setAttribute('data-charts-rendered','0');null.boom;</script></body></html>");
    ReportPage page = ReportPage.openEvenIfBroken(browser.devTools(), file);
    assertThat(page.consoleErrors()).anySatisfy(e -> assertThat(e).contains("Content Security Policy"));
    assertThat(page.exceptions()).anySatisfy(e -> assertThat(e).contains("TypeError"));
    assertThat(page.requests()).anySatisfy(url -> assertThat(url).startsWith("http://gpubench.invalid/"));
  }

  private static String sha256(String s) throws Exception {
    return java.util.Base64.getEncoder().encodeToString(java.security.MessageDigest.getInstance("SHA-256")
        .digest(s.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
  }

  private static ReportPage open(List<RunResult> runs, String name) throws Exception {
    Path file = OUT.resolve(name + ".html").toAbsolutePath();
    HtmlReport.write(runs, file);
    return ReportPage.open(browser.devTools(), file);
  }

  // Every chart of the page drawn at load, nothing fetched, no error.
  private static void assertEveryChartDrawnAndClean(ReportPage page, JsonNode check) {
    assertThat(check.get("rendered").asInt()).isEqualTo(check.get("charts").size());
    assertChartsDrawn(check);
    assertIsolatedAndClean(page, check);
  }

  private static void assertChartsDrawn(JsonNode check) {
    assertThat(check.get("charts")).isNotEmpty();
    for (JsonNode c : check.get("charts")) {
      String id = c.get("id").asString() + " (" + c.get("kind").asString() + ")";
      assertThat(c.get("width").asDouble()).as("width of %s", id).isPositive();
      assertThat(c.get("height").asDouble()).as("height of %s", id).isPositive();
      assertThat(c.get("canvasWidth").asInt()).as("canvas width of %s", id).isPositive();
      assertThat(c.get("canvasHeight").asInt()).as("canvas height of %s", id).isPositive();
      assertThat(c.get("series").asInt()).as("series of %s", id).isPositive();
      assertThat(c.get("points").asInt()).as("data points of %s", id).isPositive();
      assertThat(c.get("painted").asInt()).as("painted pixels of %s", id).isGreaterThan(1000);
    }
  }

  private static void assertIsolatedAndClean(ReportPage page, JsonNode check) {
    assertThat(page.exceptions()).isEmpty();
    assertThat(page.consoleErrors()).isEmpty();
    assertThat(page.requests()).isNotEmpty().allSatisfy(url -> assertThat(url).startsWith("file:"));
    assertThat(strings(check.get("refs"))).as("references to anything outside the page").isEmpty();
    assertThat(check.get("embedded").asInt()).as("iframes, objects, embeds, links").isZero();
  }

  // The kinds of the page's charts, in page order.
  private static List<String> kinds(JsonNode check) {
    List<String> kinds = new ArrayList<>();
    check.get("charts").forEach(c -> kinds.add(c.get("kind").asString()));
    return kinds;
  }

  private static JsonNode chart(JsonNode check, String kind) {
    for (JsonNode c : check.get("charts")) {
      if (kind.equals(c.get("kind").asString())) {
        return c;
      }
    }
    throw new AssertionError("no " + kind + " chart in " + check.get("charts"));
  }

  private static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asString()));
    return out;
  }

  private static List<Double> doubles(JsonNode array) {
    List<Double> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asDouble()));
    return out;
  }
}
