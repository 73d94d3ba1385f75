package io.gpubench.history.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gpubench.history.changes.ChangePointDetector;
import io.gpubench.history.series.SeriesQuery;
import io.gpubench.history.store.Credentials;
import io.gpubench.history.store.HistoryStore;
import io.gpubench.history.store.StoreLocation;
import io.gpubench.history.support.SampleHistory;
import io.gpubench.results.compare.CaseComparator;
import io.gpubench.results.html.Chromium;
import io.gpubench.results.html.ReportPage;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The history page in a real headless Chromium, from disk, offline: the trend chart drawn with its points, bands
 * and change points, no console error and no request, a click on a point (a real mouse event at the point's pixel)
 * showing that run, the filters hiding cases. Skipped, with the reason, where no Chromium is installed;
 * {@code -Dgpubench.browserTests=required} (CI) makes a missing browser a failure.
 */
class HistoryPageBrowserTest {

  private static final Path OUT = Path.of("target", "gpubench-history-screenshots");
  private static Chromium browser;

  @TempDir
  static Path dir;

  private static Path page;

  @BeforeAll
  static void startBrowserAndWritePage() throws Exception {
    Optional<Path> exe = Chromium.find();
    if (exe.isEmpty() && "required".equals(System.getProperty("gpubench.browserTests"))) {
      throw new IllegalStateException("gpubench.browserTests=required but " + Chromium.absenceReason());
    }
    assumeTrue(exe.isPresent(), Chromium.absenceReason());
    HistoryStore store = HistoryStore.open(StoreLocation.sqlite(dir.resolve("history.db")), Credentials.NONE,
        Duration.ofSeconds(30));
    SampleHistory.fill(store, 30, 18);
    page = dir.resolve("history.html");
    HistoryPage.write(History.read(store, SeriesQuery.all(), ChangePointDetector.DEFAULT), 15, CaseComparator.DEFAULT,
        page);
    browser = Chromium.start(exe.get());
  }

  @AfterAll
  static void stopBrowser() {
    if (browser != null) {
      browser.close();
    }
  }

  @Test
  void theTrendIsDrawnOfflineWithItsChangePointAndNoErrorOrRequest() throws Exception {
    ReportPage p = ReportPage.open(browser.devTools(), page);
    JsonNode chart = p.evaluate("(() => { const c = echarts.getInstanceByDom(document.getElementById('trend-chart'));"
        + " const o = c.getOption(); const canvas = document.querySelector('#trend-chart canvas');"
        + " const px = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;"
        + " let painted = 0; for (let i = 3; i < px.length; i += 4) { if (px[i] !== 0) painted++; }"
        + " return {title: document.getElementById('trend-title').textContent,"
        + " series: o.series.map(s => ({name: s.name, n: (s.data || []).length})),"
        + " marks: ((o.series[2].markLine || {}).data || []).length, painted: painted}; })()");
    assertThat(chart.get("title").asString()).contains("16x64");
    assertThat(p.evaluate("document.querySelector('tr.case-row.selected .case-id').textContent").asString())
        .contains("NoiseSoftmaxBenchmark");
    // 30 runs on main and one on a feature branch; every seventh run of this case is contended, drawn apart.
    assertThat(chart.get("series").get(2).get("n").asInt()).isEqualTo(31 - 4);
    assertThat(chart.get("series").get(3).get("n").asInt()).isEqualTo(4);
    assertThat(chart.get("series").get(1).get("n").asInt()).isEqualTo(31 - 4);
    assertThat(chart.get("marks").asInt()).isEqualTo(1);
    assertThat(chart.get("painted").asInt()).isGreaterThan(2000);
    assertThat(p.exceptions()).isEmpty();
    assertThat(p.consoleErrors()).isEmpty();
    assertThat(p.requests()).allSatisfy(u -> assertThat(u).startsWith("file:"));
    assertThat(p.dialogs()).isEmpty();
    JsonNode changes = p.evaluate("Array.from(document.querySelectorAll('table.changes tbody tr')).map(r => "
        + "r.querySelector('.case-id').textContent)");
    assertThat(changes.size()).isEqualTo(6);
    assertThat(changes.toString()).contains(SampleHistory.GROWING);
    assertThat(java.util.stream.StreamSupport.stream(changes.spliterator(), false)
        .filter(c -> c.asString().contains("Softmax")).count()).isEqualTo(5);
    p.screenshot(OUT.resolve("history.png"));
  }

  @Test
  void clickingAPointShowsItsRunAndItsComparisonWithTheRunBefore() throws Exception {
    ReportPage p = ReportPage.open(browser.devTools(), page);
    // Run 21's point (the 22nd run the page lists), where the chart drew it; then a real click there.
    click(p, 21);
    JsonNode detail = p.evaluate("({run: document.getElementById('run-detail').getAttribute('data-run'),"
        + " text: document.getElementById('run-detail').textContent,"
        + " link: (document.querySelector('#run-detail a') || {}).href || null})");
    assertThat(detail.get("run").asString()).isEqualTo("run-21");
    // Run 20 was contended: the run before it in the comparison is the last clean one, run 19.
    assertThat(detail.get("text").asString()).contains(SampleHistory.commit(21)).contains("branch")
        .contains("main").contains("against the run before").contains("provisional")
        .contains(SampleHistory.commit(19).substring(0, 10));
    assertThat(detail.get("link").asString()).isEqualTo("https://ci.example/builds/1021");
    assertThat(p.exceptions()).isEmpty();
    p.screenshot(OUT.resolve("history-run.png"));
  }

  @Test
  void theFigureSelectorDrawsACasesMemoryWithItsChangeAndTheMemoryRuleOfAClickedRun() throws Exception {
    ReportPage p = ReportPage.open(browser.devTools(), page);
    // The case whose allocation doubled at run 17: its row, then its memory in the selector.
    JsonNode choices = p.evaluate("(() => { const row = Array.from(document.querySelectorAll('tr.case-row')).find(r =>"
        + " r.querySelector('.case-id').textContent === " + js(SampleHistory.GROWING) + "); row.click();"
        + " return Array.from(document.querySelectorAll('#figure option')).map(o => o.textContent); })()");
    assertThat(choices.toString()).isEqualTo("[\"time\",\"allocatedBytesPerCall\"]");
    JsonNode chart = p.evaluate("(() => { const s = document.getElementById('figure');"
        + " s.value = Array.from(s.options).find(o => o.textContent === 'allocatedBytesPerCall').value;"
        + " s.dispatchEvent(new Event('change'));"
        + " const o = echarts.getInstanceByDom(document.getElementById('trend-chart')).getOption();"
        + " return {title: document.getElementById('trend-title').textContent, axis: o.yAxis[0].name,"
        + " tick: o.yAxis[0].axisLabel.formatter(32824), points: o.series[2].data.length,"
        + " flagged: o.series[3].data.length, band: o.series[1].data.length,"
        + " marks: o.series[2].markLine.data.map(m => m.label.formatter),"
        + " hint: document.getElementById('trend-hint').textContent}; })()");
    assertThat(chart.get("title").asString()).endsWith("· allocatedBytesPerCall");
    assertThat(chart.get("axis").asString()).isEqualTo("allocatedBytesPerCall");
    assertThat(chart.get("tick").asString()).isEqualTo("32.05 KiB");
    // 30 runs of main (the feature run recorded no memory); no interval band: memory has none.
    assertThat(chart.get("points").asInt()).isEqualTo(30);
    assertThat(chart.get("flagged").asInt()).isZero();
    assertThat(chart.get("band").asInt()).isZero();
    assertThat(chart.get("marks").toString()).isEqualTo("[\"+100.1% more memory\"]");
    assertThat(chart.get("hint").asString()).contains("memory rule");
    assertThat(p.evaluate("document.querySelector('tr.case-row.selected .case-id').textContent").asString())
        .isEqualTo(SampleHistory.GROWING);

    click(p, 17);
    String detail = p.evaluate("document.getElementById('run-detail').textContent").asString();
    assertThat(detail).contains("run-17").contains("allocatedBytesPerCall")
        .contains("MORE MEMORY: allocatedBytesPerCall 16.02 KiB → 32.06 KiB (+100.1%), allowed ±")
        .contains("(1% + 1024 B a trial over its calls)");

    // The first case's runs flagged contended (every seventh) are set aside from its time, not from its memory.
    String contended = "io.gpubench.maven.noise.NoiseSoftmaxBenchmark#run[rows=16,cols=64][FP32][cpu]";
    JsonNode first = p.evaluate("(() => { Array.from(document.querySelectorAll('tr.case-row')).find(r =>"
        + " r.querySelector('.case-id').textContent === " + js(contended) + ").click();"
        + " const t = echarts.getInstanceByDom(document.getElementById('trend-chart')).getOption();"
        + " const s = document.getElementById('figure'); s.selectedIndex = 1; s.dispatchEvent(new Event('change'));"
        + " const m = echarts.getInstanceByDom(document.getElementById('trend-chart')).getOption();"
        + " return {time: t.series[3].data.length, memory: m.series[3].data.length, used: m.series[2].data.length};"
        + " })()");
    assertThat(first.get("time").asInt()).isEqualTo(4);
    assertThat(first.get("memory").asInt()).isZero();
    assertThat(first.get("used").asInt()).isEqualTo(30);
    assertThat(p.exceptions()).isEmpty();
    assertThat(p.consoleErrors()).isEmpty();
    p.screenshot(OUT.resolve("history-memory.png"));
  }

  // A real click at the point of a run (its index in the page's runs) on the chart's main series.
  private static void click(ReportPage p, int run) throws Exception {
    JsonNode at = p.evaluate("(() => { const el = document.getElementById('trend-chart');"
        + " const c = echarts.getInstanceByDom(el); const d = c.getOption().series[2].data.find(x => x[2] === " + run
        + "); const px = c.convertToPixel({seriesIndex: 2}, [d[0], d[1]]);"
        + " el.scrollIntoView(); const r2 = el.getBoundingClientRect();"
        + " return {x: r2.left + px[0], y: r2.top + px[1]}; })()");
    for (String type : new String[] {"mouseMoved", "mousePressed", "mouseReleased"}) {
      p.devTools().send(p.session(), "Input.dispatchMouseEvent", "type", type, "x", at.get("x").asDouble(), "y",
          at.get("y").asDouble(), "button", "left", "clickCount", 1);
    }
  }

  private static String js(String text) {
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }

  @Test
  void filtersHideTheCasesOfOtherBranchesAndHostileTextStaysText() throws Exception {
    ReportPage p = ReportPage.open(browser.devTools(), page);
    JsonNode before = p.evaluate("document.querySelectorAll('tr.case-row:not(.hidden)').length");
    assertThat(before.asInt()).isEqualTo(25 + 16);
    JsonNode options = p.evaluate("Array.from(document.querySelectorAll('#filter-branch option')).map(o => o.value)");
    assertThat(options.toString()).contains("feature/<b>\\\"x\\\"</b>");
    assertThat(p.evaluate("document.querySelectorAll('b').length").asInt()).isZero();
    p.evaluate("(() => { const s = document.getElementById('filter-backend'); s.value = 'cuda:0';"
        + " s.dispatchEvent(new Event('change')); return true; })()");
    assertThat(p.evaluate("document.querySelectorAll('tr.case-row:not(.hidden)').length").asInt()).isEqualTo(16);
    // The chart follows: a case of the H200 is shown.
    assertThat(p.evaluate("document.getElementById('trend-title').textContent").asString()).contains("H200");
    p.evaluate("(() => { const s = document.getElementById('filter-backend'); s.value = '';"
        + " s.dispatchEvent(new Event('change')); const b = document.getElementById('filter-branch');"
        + " b.value = b.options[1].value; b.dispatchEvent(new Event('change')); return true; })()");
    // Only the CPU cases ran on the feature branch; the chart shows that branch's one run.
    assertThat(p.evaluate("document.querySelectorAll('tr.case-row:not(.hidden)').length").asInt()).isEqualTo(25);
    assertThat(p.evaluate("echarts.getInstanceByDom(document.getElementById('trend-chart')).getOption()"
        + ".series[2].data.length").asInt()).isEqualTo(1);
    assertThat(p.exceptions()).isEmpty();
  }
}
