package io.gpubench.results.csv;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.result.RunResult;
import io.gpubench.results.compare.ReportFixtures;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvExportTest {

  @TempDir Path dir;

  @Test
  void axesOfEveryKindAndTheAxesTheRunSetHaveTheirColumns() throws IOException {
    List<CSVRecord> rows = parse(ReportFixtures.axesRun());
    CSVRecord diag = rows.stream().filter(r -> r.get("id").equals(ReportFixtures.STENCIL_DIAG)).findFirst()
        .orElseThrow();
    assertThat(diag.get("shape")).isEqualTo("n=256;layout=diag");
    assertThat(diag.get("axis_overrides")).isEqualTo("layout=gpubench.axes.layout");
    assertThat(rows.get(0).get("axis_overrides")).isEmpty();
    assertThat(rows.get(rows.size() - 1).get("shape")).isEqualTo("layer=fc1;m=197;n=3072;k=768");
  }

  @Test
  void writesOneParsableRowPerCaseWithTheFiguresAsPlainNumbers() throws IOException {
    RunResult run = ReportFixtures.h200Run();
    List<CSVRecord> rows = parse(run);
    assertThat(rows).hasSize(run.cases().size());
    CSVRecord gemm = rows.get(0);
    assertThat(gemm.get("id")).isEqualTo(ReportFixtures.GEMM_FP16);
    assertThat(gemm.get("status")).isEqualTo("PASSED");
    assertThat(gemm.get("clock")).isEqualTo("cuda-event");
    assertThat(gemm.get("shape")).isEqualTo("m=1024;n=1024;k=1024");
    assertThat(gemm.get("device")).isEqualTo("NVIDIA H200");
    assertThat(Double.parseDouble(gemm.get("median_ns"))).isEqualTo(run.cases().get(0).medianNanos());
    assertThat(Double.parseDouble(gemm.get("ci_low_ns"))).isEqualTo(run.cases().get(0).timing().device().ciLow());
    assertThat(Double.parseDouble(gemm.get("max_abs"))).isEqualTo(0.0084);
    assertThat(gemm.get("tightest_check")).isEqualTo("maxAbs");
    assertThat(Double.parseDouble(gemm.get("tightest_used_share"))).isEqualTo(0.0084 / 0.02);
    assertThat(gemm.get("throttled")).isEqualTo("false");
    assertThat(gemm.get("median_ns")).doesNotContain("E");
  }

  @Test
  void absentFiguresAreEmptyCellsAndMetricsGetTheirOwnColumns() throws IOException {
    List<CSVRecord> rows = parse(ReportFixtures.h200Run());
    CSVRecord skipped = rows.stream().filter(r -> r.get("status").equals("SKIPPED")).findFirst().orElseThrow();
    assertThat(skipped.get("median_ns")).isEmpty();
    assertThat(skipped.get("message")).contains("compute capability 8.9");
    CSVRecord resnet = rows.stream().filter(r -> r.get("id").equals(ReportFixtures.RESNET_FP16)).findFirst()
        .orElseThrow();
    assertThat(Double.parseDouble(resnet.get("metric:samplesPerSecond"))).isEqualTo(2450.0);
    assertThat(resnet.get("shape")).isEqualTo("batch=64");
  }

  @Test
  void aWorldHasItsSizeBusBandwidthAndClockRangeInColumns() throws IOException {
    RunResult h200 = ReportFixtures.h200Run();
    RunResult run = new RunResult(h200.schema(), "id", h200.startedAt(), h200.finishedAt(), h200.environment(),
        List.of(h200.cases().get(0), ReportFixtures.worldCase()));
    List<CSVRecord> rows = parse(run);
    assertThat(rows.get(0).get("world_size")).isEmpty();
    assertThat(rows.get(0).get("bus_bytes_per_s")).isEmpty();
    CSVRecord world = rows.get(1);
    assertThat(world.get("world_size")).isEqualTo("2");
    assertThat(Double.parseDouble(world.get("bus_bytes_per_s"))).isEqualTo(330.4e9);
    assertThat(world.get("world_sm_clock_low_mhz")).isEqualTo("1755");
    assertThat(world.get("world_sm_clock_high_mhz")).isEqualTo("1980");
    assertThat(world.get("bound_by")).isEqualTo("link");
  }

  @Test
  void theKernelAuditGetsItsLineItsSharesAndItsCost() throws IOException {
    List<CSVRecord> rows = parse(ReportFixtures.h200RunAudited());
    CSVRecord gemm = rows.get(0);
    assertThat(gemm.get("kernels")).isEqualTo("cuBLASLt 100%, copies 0.4%, 1 kernel");
    assertThat(Double.parseDouble(gemm.get("audit_kernels_per_call"))).isEqualTo(1.0);
    assertThat(Double.parseDouble(gemm.get("audit_gpu_ns"))).isEqualTo(81_000.0);
    assertThat(Double.parseDouble(gemm.get("audit_busy_fraction"))).isEqualTo(81_000 / 83_500.0);
    assertThat(Double.parseDouble(gemm.get("audit_library_share"))).isEqualTo(80_700 / 81_000.0);
    assertThat(gemm.get("audit_top_library")).isEqualTo("cuBLASLt");
    assertThat(gemm.get("audit_top_kernel")).startsWith("sm90_xmma_gemm_f16f16");
    assertThat(Double.parseDouble(gemm.get("audit_cost_ns"))).isEqualTo(2_900_000.0);
    assertThat(gemm.get("audit_skip_reason")).isEmpty();
    CSVRecord refused = rows.get(2);
    assertThat(refused.get("kernels")).isEqualTo("audit skipped");
    assertThat(refused.get("audit_skip_reason")).isEqualTo(ReportFixtures.AUDIT_REFUSED);
    assertThat(refused.get("audit_busy_fraction")).isEmpty();
    assertThat(rows.get(1).get("kernels")).as("a CPU case").isEmpty();
  }

  @Test
  void commasQuotesAndLineBreaksSurviveTheRoundTrip() throws IOException {
    CSVRecord evil = parse(ReportFixtures.h200Run()).stream()
        .filter(r -> r.get("id").equals(ReportFixtures.EVIL_ID)).findFirst().orElseThrow();
    assertThat(evil.get("display_name")).isEqualTo(ReportFixtures.EVIL);
    assertThat(evil.get("message")).isEqualTo(ReportFixtures.EVIL_MESSAGE);
    assertThat(evil.get("shape")).isEqualTo("<b>x</b>=1");
  }

  @Test
  void textThatASpreadsheetWouldRunAsAFormulaIsNeutered() {
    assertThat(Cells.text("=HYPERLINK(\"http://x\")")).isEqualTo("\"'=HYPERLINK(\"\"http://x\"\")\"");
    assertThat(Cells.text("@SUM(A1)")).isEqualTo("'@SUM(A1)");
    assertThat(Cells.number(-1.5)).isEqualTo("-1.5");
    assertThat(Cells.number(85123.0)).isEqualTo("85123");
    assertThat(Cells.number(Double.POSITIVE_INFINITY)).isEqualTo("inf");
  }

  private List<CSVRecord> parse(RunResult run) throws IOException {
    Path file = dir.resolve("out/results.csv");
    CsvExport.write(run, file);
    String text = Files.readString(file);
    assertThat(text).contains("\r\n");
    try (Reader r = Files.newBufferedReader(file)) {
      return CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get().parse(r).getRecords();
    }
  }
}
