package io.gpubench.results.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gpubench.api.BackendId;
import io.gpubench.api.Precision;
import io.gpubench.api.result.CaseResult;
import io.gpubench.api.result.CaseStatus;
import io.gpubench.api.result.Flag;
import io.gpubench.api.result.RunResult;
import io.gpubench.api.result.Throughput;
import io.gpubench.results.compare.ReportFixtures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The report's first view in a real headless Chromium at a laptop's width (1300 px) and a phone's (390 px): the tiles
 * and the roofline view are on the first screen, a failed case stands out without a row being read, skipped cases
 * fold into a line per reason that opens onto the list, flags are codes whose meaning is their tooltip; and a
 * generated run of 1,000 cases opens with a bounded number of charts drawn and filters by toggling rows.
 * Screenshots land in {@code target/gpubench-report-screenshots}. Skipped like {@link HtmlReportBrowserTest} where no
 * Chromium is installed, a failure under {@code -Dgpubench.browserTests=required}.
 */
class GlanceBrowserTest {

  private static final Path OUT = Path.of("target", "gpubench-report-screenshots");
  private static Chromium browser;

  @BeforeAll
  static void startBrowser() throws Exception {
    Optional<Path> exe = Chromium.find();
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

  private static final String FIRST_VIEW = "(() => { const g = document.querySelector('section.glance');"
      + " const chart = g.querySelector('[data-chart]');"
      + " const tiles = Array.from(g.querySelectorAll('a.tile'));"
      + " const failed = g.querySelector('a.tile.t-FAILED');"
      + " return {top: g.getBoundingClientRect().top, tiles: tiles.length,"
      + "  statuses: tiles.map(t => t.className.replace('tile t-', '')),"
      + "  failedTitle: failed ? failed.getAttribute('title') : null,"
      + "  failedColour: failed ? getComputedStyle(failed).backgroundColor : null,"
      + "  passedColour: getComputedStyle(g.querySelector('a.tile.t-PASSED')).backgroundColor,"
      + "  chartTop: chart ? chart.getBoundingClientRect().top : null,"
      + "  chartKind: chart ? JSON.parse(document.getElementById('gpubench-data').textContent)"
      + "    [chart.getAttribute('data-chart')].kind : null,"
      + "  chartWidth: chart ? chart.getBoundingClientRect().width : 0,"
      + "  skipLines: Array.from(g.querySelectorAll('details.skip-group > summary')).map(s => s.textContent),"
      + "  pageWidth: document.documentElement.scrollWidth}; })()";

  @Test
  void theFirstViewShowsEveryCaseAndTheFailedOneAt1300Px() throws Exception {
    RunResult run = ReportFixtures.h200Run();
    ReportPage page = open(List.of(run), "glance-1300", 1300);
    JsonNode view = page.evaluate(FIRST_VIEW);
    assertThat(view.get("tiles").asInt()).isEqualTo(run.cases().size());
    assertThat(view.get("top").asDouble()).as("the first view starts on the first screen").isLessThan(300);
    assertThat(view.get("chartKind").asString()).isEqualTo("roofline");
    assertThat(view.get("chartTop").asDouble()).as("the roofline view is on the first screen").isLessThan(900);
    assertThat(view.get("failedTitle").asString()).contains("gemm [1024x1024x1024, BF16, cuda:0]")
        .contains("failed: maxAbs 0.031 > allowed 0.02").contains("flags: throttled, shared");
    assertThat(view.get("failedColour").asString()).isNotEqualTo(view.get("passedColour").asString());
    assertThat(strings(view.get("skipLines"))).containsExactly(
        "1 skipped precision FP8_E4M3 needs compute capability 8.9; cuda:0 has 8.0 (GemmBenchmark 1)");
    assertThat(view.get("pageWidth").asInt()).isLessThanOrEqualTo(1300);

    JsonNode check = page.run("page-check.js");
    JsonNode roofline = chart(check, "roofline");
    assertThat(roofline.get("painted").asInt()).isGreaterThan(1000);
    // the cases with a bound: the two GPU GEMMs, the CPU GEMM; not the models (no cost) nor the error
    assertThat(roofline.get("points").asInt()).isEqualTo(countWithGap(run));
    assertThat(page.exceptions()).isEmpty();
    assertThat(page.consoleErrors()).isEmpty();

    // The skip line opens onto its list; a flag's tooltip is its meaning and the case's figures.
    page.evaluate("document.querySelector('details.skip-group > summary').click()");
    assertThat(page.evaluate("document.querySelector('details.skip-group').open").asBoolean()).isTrue();
    assertThat(page.evaluate("document.querySelector('details.skip-group ul.skip-list').getBoundingClientRect()"
        + ".height").asDouble()).isPositive();
    assertThat(page.evaluate("document.querySelector('table.summary .badge.flag').title").asString())
        .startsWith("the GPU ran throttled during kept trials");
    // and the case's own section spells every flag out
    assertThat(page.evaluate("Array.from(document.querySelectorAll('article.case dl.flags dd'))"
        + ".map(d => d.textContent)")).anySatisfy(d -> assertThat(d.asString())
        .startsWith("another process used the GPU during the trials").contains("4242 python3 train.py"));
    page.evaluate("window.scrollTo(0, 0)");
    page.screenshotTop(OUT.resolve("glance-1300.png"), 900);
  }

  @Test
  void theFirstViewFitsAPhoneAt390Px() throws Exception {
    RunResult run = ReportFixtures.h200Run();
    ReportPage page = open(List.of(run), "glance-390", 390);
    JsonNode view = page.evaluate(FIRST_VIEW);
    assertThat(view.get("tiles").asInt()).isEqualTo(run.cases().size());
    // what sticks out past the right edge, leaving out what scrolls inside a box of its own (a wide table)
    assertThat(page.evaluate("Array.from(document.querySelectorAll('body *')).filter(e => {"
        + " for (let p = e.parentElement; p; p = p.parentElement) {"
        + "  if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(p).overflowX)) return false; }"
        + " return e.getBoundingClientRect().right > 391; }).map(e => e.tagName + '.' + e.className).slice(0, 8)"))
        .as("elements past the right edge").isEmpty();
    assertThat(view.get("pageWidth").asInt()).as("nothing makes the page scroll sideways").isLessThanOrEqualTo(390);
    assertThat(view.get("chartWidth").asDouble()).isBetween(200.0, 390.0);
    assertThat(view.get("top").asDouble()).isLessThan(400);
    JsonNode check = page.run("page-check.js");
    assertThat(chart(check, "roofline").get("painted").asInt()).isGreaterThan(1000);
    assertThat(page.exceptions()).isEmpty();
    assertThat(page.consoleErrors()).isEmpty();
    page.screenshotTop(OUT.resolve("glance-390.png"), 844);
  }

  @Test
  void aThousandCaseRunOpensWithBoundedWorkAndFiltersByTogglingRows() throws Exception {
    RunResult run = thousandCases();
    Path file = OUT.resolve("glance-1000.html").toAbsolutePath();
    long start = System.nanoTime();
    HtmlReport.write(List.of(run), file);
    double writeSeconds = (System.nanoTime() - start) / 1e9;
    ReportPage page = ReportPage.open(browser.devTools(), file, 1300, 900);
    double pageSeconds = page.evaluate("(performance.getEntriesByType('navigation')[0].loadEventEnd"
        + " || performance.now()) / 1000").asDouble();
    JsonNode drawn = page.evaluate("({rendered: +document.documentElement.getAttribute('data-charts-rendered'),"
        + " deferred: +document.documentElement.getAttribute('data-charts-deferred'),"
        + " placeholders: document.querySelectorAll('[data-chart]').length,"
        + " tiles: document.querySelectorAll('section.glance a.tile').length,"
        + " rows: document.querySelectorAll('table.summary tbody tr').length,"
        + " skipLines: document.querySelectorAll('details.skip-group').length})");
    // Whatever the run's size, the page draws a bounded number of charts when it opens; the rest as they scroll in.
    assertThat(drawn.get("rendered").asInt()).isLessThanOrEqualTo(40);
    assertThat(drawn.get("rendered").asInt() + drawn.get("deferred").asInt())
        .isEqualTo(drawn.get("placeholders").asInt());
    assertThat(drawn.get("tiles").asInt()).isEqualTo(1000);
    assertThat(drawn.get("rows").asInt()).isEqualTo(750);
    assertThat(drawn.get("skipLines").asInt()).isEqualTo(2);

    JsonNode filtered = page.evaluate("(() => { const box = document.querySelector('.summary-filters');"
        + " const t0 = performance.now();"
        + " const status = box.querySelector('.summary-status'); status.value = 'FAILED';"
        + " status.dispatchEvent(new Event('change'));"
        + " const failed = document.querySelectorAll('table.summary tbody tr:not([hidden])').length;"
        + " status.value = ''; status.dispatchEvent(new Event('change'));"
        + " const text = box.querySelector('.summary-text'); text.value = 'Bench7#';"
        + " text.dispatchEvent(new Event('input'));"
        + " const byText = document.querySelectorAll('table.summary tbody tr:not([hidden])').length;"
        + " return {failed: failed, byText: byText, count: box.querySelector('.summary-count').textContent,"
        + "  millis: performance.now() - t0}; })()");
    assertThat(filtered.get("failed").asInt())
        .isEqualTo(run.cases().stream().filter(c -> c.status() == CaseStatus.FAILED).count());
    assertThat(filtered.get("byText").asInt()).isEqualTo(countRanInClass(run, "Bench7"));
    assertThat(filtered.get("count").asString()).isEqualTo(countRanInClass(run, "Bench7") + " of 750 cases");

    // A deferred histogram is drawn once it scrolls into view.
    page.evaluate("document.querySelectorAll('article.case')[700].scrollIntoView()");
    page.evaluate("new Promise(r => setTimeout(r, 300))");
    assertThat(page.evaluate("!!echarts.getInstanceByDom(document.querySelectorAll('article.case')[700]"
        + ".querySelector('[data-chart]'))").asBoolean()).isTrue();
    assertThat(page.exceptions()).isEmpty();
    assertThat(page.consoleErrors()).isEmpty();
    // Measured, not asserted (a shared machine's timing is no test): the figures go to the build log.
    System.out.printf("1,000-case report: written in %.2f s (%d kB), loaded and drawn in the browser in %.2f s, two"
        + " filters applied in %.1f ms%n", writeSeconds, java.nio.file.Files.size(file) / 1024, pageSeconds,
        filtered.get("millis").asDouble());
    page.evaluate("window.scrollTo(0, 0)");
    page.screenshotTop(OUT.resolve("glance-1000.png"), 900);
  }

  /** 1,000 cases in 40 classes: 700 passed (30 of them flagged), 20 failed, 5 errors, 25 more passed, 250 skipped. */
  static RunResult thousandCases() {
    RunResult h200 = ReportFixtures.h200Run();
    List<CaseResult> cases = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      String type = "examples.Bench" + (i % 40);
      String id = type + "#w[n=" + i + "][FP32][cuda:0]";
      CaseStatus status = i % 4 == 3 ? CaseStatus.SKIPPED : i % 50 == 1 ? CaseStatus.FAILED
          : i % 200 == 2 ? CaseStatus.ERROR : CaseStatus.PASSED;
      if (status == CaseStatus.SKIPPED) {
        cases.add(new CaseResult(id, type, "w", "w [n=" + i + ", FP32, cuda:0]", BackendId.parse("cuda:0"),
            Precision.FP32, Map.of("n", (long) i), status, i % 8 == 3 ? "no CUDA driver here\ntried libcuda.so.1"
            : "DJL has no BF16", null, null, null, null, null, Map.of()));
        continue;
      }
      double nanos = 10_000 + 37.0 * i;
      Throughput t = new Throughput(null, null, 2e6, 1e6, 2e6 / nanos * 1e9, 1e6 / nanos * 1e9, nanos / (1.2 + (i % 7)),
          1.2 + (i % 7), "compute", "datasheet", null, null);
      CaseResult c = new CaseResult(id, type, "w", "w [n=" + i + ", FP32, cuda:0]", BackendId.parse("cuda:0"),
          Precision.FP32, Map.of("n", (long) i), status, status == CaseStatus.PASSED ? null : "missed: case " + i,
          status == CaseStatus.ERROR ? null : ReportFixtures.timing(nanos, 0.03, 30, i, true), null,
          status == CaseStatus.ERROR ? null : t, null, null, Map.of());
      if (status == CaseStatus.PASSED && i % 33 == 0) {
        c = c.withFlag(new Flag(Flag.CONTENDED, "fork 1: 7 of 22 trials kept ran slowed"));
      }
      cases.add(c);
    }
    return new RunResult(h200.schema(), "thousand", h200.startedAt(), h200.finishedAt(), h200.environment(), cases);
  }

  private static int countWithGap(RunResult run) {
    return (int) run.cases().stream().filter(c -> c.timing() != null && c.throughput() != null
        && c.throughput().gap() != null && c.throughput().gap() > 0).count();
  }

  private static int countRanInClass(RunResult run, String type) {
    return (int) run.cases().stream().filter(c -> c.status() != CaseStatus.SKIPPED
        && c.id().startsWith("examples." + type + "#")).count();
  }

  private static ReportPage open(List<RunResult> runs, String name, int width) throws Exception {
    Path file = OUT.resolve(name + ".html").toAbsolutePath();
    HtmlReport.write(runs, file);
    return ReportPage.open(browser.devTools(), file, width, 900);
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
}
