package io.gpubench.results.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpubench.api.result.RunResult;
import io.gpubench.results.ResultsFile;
import io.gpubench.results.compare.ReportFixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The report's content, parsed with an HTML5 parser (jsoup): what each section says, and that it stays inert. */
class HtmlReportTest {

  @TempDir Path dir;

  @Test
  void everyCaseIsSummarisedWithItsStatusFigureVerdictAndFlags() throws Exception {
    RunResult run = ReportFixtures.h200Run();
    Document doc = write(List.of(run));
    List<Element> rows = doc.select("table.summary tbody tr");
    // the skipped case is folded into its reason's line above the table
    assertThat(rows).hasSize(run.cases().size() - 1);
    Element bf16 = rows.get(2);
    assertThat(bf16.select("td").get(0).text()).isEqualTo("gemm [1024x1024x1024, BF16, cuda:0]");
    assertThat(bf16.select(".badge.status-FAILED").text()).isEqualTo("failed");
    // the GPU cases' peak device memory brings the memory column
    assertThat(doc.select("table.summary thead th").get(4).text()).isEqualTo("Memory");
    assertThat(bf16.select("td").get(4).text()).isEqualTo("6 MiB peak");
    assertThat(bf16.select("td").get(5).text()).isEqualTo("failed: maxAbs 0.031 > allowed 0.02");
    // a flag is a short code; its meaning and the case's figures are its tooltip
    assertThat(bf16.select(".badge.flag").eachText()).containsExactly("throttled", "shared");
    assertThat(bf16.select(".badge.flag").get(1).attr("title"))
        .startsWith("another process used the GPU").contains("4242 python3 train.py");
    assertThat(rows.get(3).select("td").get(5).text()).isEqualTo("error: CUDA_ERROR_OUT_OF_MEMORY: out of memory");
    Element skipped = doc.selectFirst("section.glance details.skip-group");
    assertThat(skipped.selectFirst("summary").text())
        .isEqualTo("1 skipped precision FP8_E4M3 needs compute capability 8.9; cuda:0 has 8.0 (GemmBenchmark 1)");
    assertThat(skipped.select("ul.skip-list li").eachText()).containsExactly(
        "gemm [1024x1024x1024, FP8_E4M3, cuda:0] " + ReportFixtures.GEMM_FP8);
    // no card repeats a skip reason
    assertThat(doc.select("article.case")).hasSize(run.cases().size() - 1);
    // Each summary row links to its case's card.
    String href = rows.get(0).selectFirst("a").attr("href");
    assertThat(doc.getElementById(href.substring(1)).select("h3").text()).startsWith("gemm [1024x1024x1024, FP16");
  }

  @Test
  void aWorldsCardShowsItsRanksBusBandwidthAndEachRanksClock() throws Exception {
    RunResult h200 = ReportFixtures.h200Run();
    RunResult run = new RunResult(h200.schema(), "id", h200.startedAt(), h200.finishedAt(), h200.environment(),
        List.of(ReportFixtures.worldCase()));
    Document doc = write(List.of(run));
    Element row = doc.select("table.summary tbody tr").get(0);
    assertThat(row.select("td").get(0).text()).isEqualTo("allreduce [256 MiB, FP32, world 2]");
    assertThat(row.select("td").get(3).text()).isEqualTo("330.4 GB/s bus");
    assertThat(row.select(".badge.flag").eachText()).containsExactly("clocks");
    assertThat(row.selectFirst(".badge.flag").attr("title")).endsWith("SM clocks 1755-1980 MHz");
    Element card = doc.select("article.case").get(0);
    assertThat(card.select("dt:contains(world) + dd").text()).startsWith("2 ranks");
    assertThat(card.select("dt:contains(bus bandwidth) + dd").text()).startsWith("330.4 GB/s");
    assertThat(card.select("dt:contains(roofline gap) + dd").text()).contains("link bound");
    assertThat(card.select("p.warn").eachText()).anySatisfy(t -> assertThat(t)
        .isEqualTo("SM clock mean of each rank's GPU: rank 0 1980 MHz, rank 1 1755 MHz (they differ by 2% or more: "
            + "1755-1980 MHz)"));
  }

  @Test
  void aCaseCardShowsTheIntervalTheMarginsTheRooflineAndTheTelemetry() throws Exception {
    Element card = write(List.of(ReportFixtures.h200Run())).select("article.case").get(0);
    assertThat(card.select("dt:contains(95% interval of the median) + dd").text())
        .matches("\\[.+ µs … .+ µs], ±\\d\\.\\d%");
    assertThat(card.select("table.checks td:nth-child(4)").eachText()).containsExactly(
        "max |d| used 42% of its allowance", "rms(d) used 21% of its allowance", "PSNR (dB) used 32% of its allowance");
    assertThat(card.select(".meter-fill").first().attr("style")).isEqualTo("width:42.0%");
    assertThat(card.select("dt:contains(roofline gap) + dd").text())
        .matches("×\\d+(\\.\\d+)? over the compute bound of .+ per call \\(peaks: datasheet: NVIDIA H200 SXM\\)");
    assertThat(card.select(".telemetry p").first().text()).startsWith("SM clock mean 1978 MHz (min 1975");
    assertThat(card.select("[data-chart]")).hasSize(2);
  }

  @Test
  void anAuditedCaseShowsItsKernelsByLibraryWithTheTopKernelsAndASkippedAuditItsReason() throws Exception {
    Document doc = write(List.of(ReportFixtures.h200RunAudited()));
    List<Element> cards = doc.select("article.case");
    Element gemm = cards.get(0).selectFirst("section.kernels");
    assertThat(gemm.selectFirst(".kernel-line").text()).isEqualTo("cuBLASLt 100%, copies 0.4%, 1 kernel");
    assertThat(gemm.select("dt:contains(span, GPU busy) + dd").text()).isEqualTo("83.5 µs, busy 97% of it");
    assertThat(gemm.select("tr.kernel-row td").eachText().subList(1, 6))
        .containsExactly("cuBLASLt", "libcublasLt.so.13", "1", "80.7 µs", "100%");
    assertThat(gemm.select("tr.copy-row td").eachText()).containsExactly("memset", "copies", "32 B per call", "1",
        "300 ns", "0.4%");
    assertThat(gemm.select("[data-chart]")).hasSize(1);
    assertThat(gemm.selectFirst("details.audit-details").text()).contains("1 launch calls, 1 stack walks of 23 frames");
    // the card keeps its other charts: the trial histogram, the kernels bar, the telemetry timeline
    assertThat(cards.get(0).select("[data-chart]")).hasSize(3);

    assertThat(cards.get(2).selectFirst("section.kernels .audit-skipped").text())
        .isEqualTo("Kernel audit skipped: " + ReportFixtures.AUDIT_REFUSED);
    assertThat(cards.get(2).select("section.kernels [data-chart]")).isEmpty();

    Element vit = doc.select("section.kernels").get(2);
    assertThat(vit.select("tr.kernel-row")).hasSize(KernelSection.TOP);
    assertThat(vit.selectFirst("tr.muted td").text()).isEqualTo("7 more kernels");
    assertThat(vit.select("td.kernel-name").eachAttr("title")).contains(ReportFixtures.EVIL_KERNEL);
    assertThat(vit.select("script")).isEmpty();
    // a CPU case has no audit and no section
    assertThat(cards.get(1).select("section.kernels")).isEmpty();
  }

  @Test
  void theEnvironmentNamesGpuDriverCudaJvmAndLibraries() throws Exception {
    Element env = write(List.of(ReportFixtures.h200Run())).selectFirst("details.environment");
    assertThat(env.select("dt:contains(JVM) + dd").text()).contains("17.0.15");
    assertThat(env.select("table.devices td").eachText()).contains("NVIDIA H200");
    assertThat(env.select("dl.pairs dt").eachText()).contains("cuda", "driver", "djl", "pytorch");
  }

  @Test
  void aComparisonPutsTheRunsSideBySideWithRatiosAndVerdicts() throws Exception {
    Document doc = write(List.of(ReportFixtures.h200Run(), ReportFixtures.a100Run()));
    Element table = doc.selectFirst("table.comparison");
    assertThat(table.select("thead th").eachText()).containsExactly("Case",
        "baseline: NVIDIA H200 · bench-01 · 2026-11-30 00:12", "NVIDIA A100-SXM4-80GB · bench-02 · 2026-11-29 21:40",
        "ratio", "verdict");
    Element gemm = table.selectFirst("tbody tr");
    assertThat(gemm.select("td").get(3).text()).isEqualTo("×1.91");
    // The gate's verdict, provisional with one run each side, and its reason on hover.
    assertThat(gemm.selectFirst("td.verdict").text()).isEqualTo("SLOWER (provisional)");
    assertThat(gemm.selectFirst("td.verdict").attr("title")).contains("medians' intervals apart");
    // Both runs keep their own sections after the comparison.
    assertThat(doc.select("section.run h2").eachText()).hasSize(2);
    assertThat(doc.select("#leaderboard-table tbody tr")).hasSize(6);
  }

  @Test
  void stringsFromResultsAreTextAndTheEmbeddedDataCannotCloseItsElement() throws Exception {
    Path file = dir.resolve("report.html");
    HtmlReport.write(List.of(ReportFixtures.h200Run(), ReportFixtures.a100Run()), file);
    String html = Files.readString(file);
    Document doc = Jsoup.parse(html);
    assertThat(doc.select("script")).hasSize(3);
    assertThat(doc.select("img, iframe, object, embed, link")).isEmpty();
    assertThat(doc.select("table.summary a").eachText()).contains(ReportFixtures.EVIL, ReportFixtures.EVIL_PASSED);
    assertThat(doc.select("pre.message").eachText()).anySatisfy(t -> assertThat(t).startsWith("</script><img"));
    Element data = doc.getElementById("gpubench-data");
    assertThat(data.data()).doesNotContain("<", ">");
    JsonNode charts = ResultsFile.mapper().readTree(data.data());
    List<String> categories = new java.util.ArrayList<>();
    charts.forEach(c -> c.path("cases").forEach(n -> categories.add(n.asString())));
    assertThat(categories).contains(ReportFixtures.EVIL_PASSED);
  }

  @Test
  void theFileNeedsNothingOutsideItAndOnlyItsOwnScriptsMayRun() throws Exception {
    Document doc = write(List.of(ReportFixtures.h200Run()));
    assertThat(doc.select("[src], link[href], [srcset]")).isEmpty();
    assertThat(doc.select("a[href]").eachAttr("href")).allSatisfy(h -> assertThat(h).startsWith("#"));
    String csp = doc.selectFirst("meta[http-equiv=Content-Security-Policy]").attr("content");
    assertThat(csp).startsWith("default-src 'none'; ");
    List<Element> scripts = doc.select("script:not([type])");
    assertThat(scripts).hasSize(2);
    for (Element s : scripts) {
      String hash = Base64.getEncoder().encodeToString(
          MessageDigest.getInstance("SHA-256").digest(s.data().getBytes(StandardCharsets.UTF_8)));
      assertThat(csp).contains("'sha256-" + hash + "'");
    }
    assertThat(scripts.get(0).data()).contains("echarts");
  }

  @Test
  void eachWorkloadsCasesAreTabledByAxisWithAFilterPerVaryingColumn() throws Exception {
    Document doc = write(List.of(ReportFixtures.axesRun()));
    List<Element> groups = doc.select("section.axes .axis-group");
    assertThat(groups).extracting(g -> g.attr("data-workload"))
        .containsExactly("StencilBenchmark#separable", "LayerGemm#gemm");

    Element stencil = groups.get(0);
    assertThat(stencil.select("table.axis-table th").eachText())
        .containsExactly("n", "layout", "Median (95% CI)", "Rate", "Status");
    assertThat(stencil.select("select[data-col=axis:n] option").eachText())
        .containsExactly("all", "256", "512", "1024", "2048");
    assertThat(stencil.select("select[data-col=axis:layout] option").eachAttr("value"))
        .containsExactly("", "row", "col", "diag");
    assertThat(stencil.select("tbody tr")).hasSize(9);
    assertThat(stencil.select(".axis-count").text()).isEqualTo("9 of 9 cases");
    Element diag = stencil.select("tbody tr").stream()
        .filter(r -> r.attr("data-case").equals(ReportFixtures.STENCIL_DIAG)).findFirst().orElseThrow();
    Element overridden = diag.selectFirst("td.overridden");
    assertThat(overridden.text()).isEqualTo("diag *");
    assertThat(overridden.attr("data-value")).isEqualTo("diag");
    assertThat(overridden.attr("title")).isEqualTo("set by gpubench.axes.layout");
    assertThat(stencil.select("p.muted").eachText()).contains("* set by the run (gpubench.axes.*), not declared by the class");

    // The zipped GEMM family: one column per axis of the tuple, no precision or backend column (neither varies).
    assertThat(groups.get(1).select("th.axis").eachText()).containsExactly("layer", "m", "n", "k");
    assertThat(groups.get(1).select("select[data-col=axis:m]")).as("m does not vary").isEmpty();
  }

  @Test
  void aLineOverANumericAxisIsDrawnWhereCasesDifferInItAlone() throws Exception {
    Document doc = write(List.of(ReportFixtures.axesRun()));
    JsonNode charts = ResultsFile.mapper().readTree(doc.getElementById("gpubench-data").data());
    List<JsonNode> lines = new java.util.ArrayList<>();
    charts.forEach(c -> {
      if (c.path("kind").asString().equals("axisLine")) {
        lines.add(c);
      }
    });

    // Only n varies alone (per layout); the GEMM layers change m, n and k together, so they get no line.
    assertThat(lines).singleElement().satisfies(line -> {
      assertThat(line.get("axis").asString()).isEqualTo("n");
      assertThat(line.get("logBase").asInt()).as("powers of two spanning a factor of 8").isEqualTo(2);
      assertThat(line.get("unit").asString()).isEqualTo("µs");
      assertThat(line.get("series")).extracting(s -> s.get("name").asString())
          .containsExactly("layout=row", "layout=col");
      JsonNode row = line.get("series").get(0).get("points");
      assertThat(row).hasSize(4);
      assertThat(row.get(0).get(0).asDouble()).isEqualTo(256);
      assertThat(row.get(3).get(0).asDouble()).isEqualTo(2048);
      assertThat(row.get(3).get(1).asDouble()).isCloseTo(2 * 2048 / 1000.0, org.assertj.core.data.Percentage
          .withPercentage(5));
    });
    assertThat(doc.select("section.axes figcaption").eachText())
        .containsExactly("separable: median time per call over n, one line per choice of the other axes.");
  }

  @Test
  void aCaseCardNamesTheAxesTheRunSet() throws Exception {
    Document doc = write(List.of(ReportFixtures.axesRun()));
    assertThat(doc.select("article.case p.axis-overrides").eachText())
        .containsExactly("Axes the run set, not the class: layout=diag (gpubench.axes.layout)");
  }

  @Test
  void noRunIsAClearError() {
    assertThatThrownBy(() -> HtmlReport.write(List.of(), dir.resolve("r.html")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one run");
  }

  private Document write(List<RunResult> runs) throws Exception {
    Path file = dir.resolve("out/report.html");
    HtmlReport.write(runs, file);
    return Jsoup.parse(file.toFile(), "UTF-8");
  }
}
