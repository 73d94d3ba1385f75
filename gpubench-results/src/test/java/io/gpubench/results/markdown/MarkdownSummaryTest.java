package io.gpubench.results.markdown;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.api.result.RunResult;
import io.gpubench.results.compare.ReportFixtures;
import java.util.ArrayList;
import java.util.List;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableRow;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Heading;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.junit.jupiter.api.Test;

/** Reads the summaries back with a CommonMark parser with GitHub's tables, as GitHub renders a job summary. */
class MarkdownSummaryTest {

  private static final Parser PARSER = Parser.builder().extensions(List.of(TablesExtension.create())).build();

  @Test
  void aRunReadsAsAHeadlineAndOneTableRowPerCase() {
    RunResult run = ReportFixtures.h200Run();
    Node doc = PARSER.parse(MarkdownSummary.render(run));
    assertThat(text(first(doc, Heading.class)))
        .isEqualTo("gpubench: 10 cases — 6 passed, 2 failed, 1 error, 1 skipped");
    List<List<String>> rows = table(doc);
    // the GPU cases' peak device memory brings the memory column
    assertThat(rows.get(0)).containsExactly("Case", "Status", "Median (95% CI)", "Rate", "Memory", "Tightest check",
        "Flags");
    // the skipped case is folded into its reason's line, not a row
    assertThat(rows).hasSize(run.cases().size());
    List<String> gemm = rows.get(1);
    assertThat(gemm.get(0)).isEqualTo("gemm [1024x1024x1024, FP16, cuda:0]");
    assertThat(gemm.get(1)).isEqualTo("PASSED");
    // The median with the median's own interval (what the comparison judges), not the mean's.
    assertThat(gemm.get(2)).matches("\\d+(\\.\\d+)? µs \\(\\d+(\\.\\d+)?–\\d+(\\.\\d+)? µs\\)");
    assertThat(gemm.get(3)).endsWith("TFLOP/s");
    assertThat(gemm.get(4)).isEqualTo("6 MiB peak");
    assertThat(gemm.get(5)).isEqualTo("max |d| used 42% of its allowance");
    List<String> bf16 = rows.get(3);
    assertThat(bf16.get(1)).isEqualTo("FAILED");
    assertThat(bf16.get(6)).isEqualTo("throttled, shared");
    List<String> resnet = rows.get(5);
    assertThat(resnet.get(3)).isEqualTo("2.45 k samples/s");
  }

  @Test
  void auditedCasesGetAKernelsColumnAndSkippedAuditsTheirReasonOnce() {
    Node doc = PARSER.parse(MarkdownSummary.render(ReportFixtures.h200RunAudited()));
    List<List<String>> rows = table(doc);
    assertThat(rows.get(0)).containsExactly("Case", "Status", "Median (95% CI)", "Rate", "Memory", "Kernels",
        "Tightest check", "Flags");
    assertThat(rows.get(1).get(5)).isEqualTo("cuBLASLt 100%, copies 0.4%, 1 kernel");
    assertThat(rows.get(2).get(5)).as("a CPU case has no audit").isEmpty();
    assertThat(rows.get(2).get(4)).as("nor device memory").isEmpty();
    assertThat(rows.get(3).get(5)).isEqualTo("audit skipped");
    assertThat(rows.get(7).get(5)).isEqualTo("ATen 55%, cuBLASLt 44%, benchmark 1.7%, 84 kernels");
    assertThat(listItems(doc)).contains("gemm [1024x1024x1024, BF16, cuda:0]: " + ReportFixtures.AUDIT_REFUSED);
    // a run without audits keeps its table as it was
    assertThat(table(PARSER.parse(MarkdownSummary.render(ReportFixtures.h200Run()))).get(0)).doesNotContain("Kernels");
  }

  @Test
  void casesThatDidNotPassAreListedWithTheirClassAndReasonOnOneLine() {
    String md = MarkdownSummary.render(ReportFixtures.h200Run());
    assertThat(md).contains("**Not passed**");
    assertThat(listItems(PARSER.parse(md))).contains(
        "VaeDecodeBenchmark › decode [b=1,h=64,w=64, FP16, cuda:0]: error: CUDA_ERROR_OUT_OF_MEMORY: out of memory");
    // a skipped case is not a problem to list: its reason has its own line, with a count and the class
    assertThat(listItems(PARSER.parse(md))).contains(
        "1 skipped: precision FP8_E4M3 needs compute capability 8.9; cuda:0 has 8.0 (GemmBenchmark 1)")
        .noneMatch(item -> item.contains("gemm [1024x1024x1024, FP8_E4M3"));
  }

  @Test
  void aFailedCaseKeepsEveryBoundItMissed() {
    String message = "blur [w=64, FP32, cpu] missed its tolerance:\n  maxAbs 1.003 > allowed 0.02150\n"
        + "  rms 0.2429 > allowed 0.004120\n  psnrDb 18.31 < allowed 53.70";
    assertThat(io.gpubench.results.compare.CaseDigest.oneLine(message)).isEqualTo("blur [w=64, FP32, cpu] missed "
        + "its tolerance: maxAbs 1.003 > allowed 0.02150; rms 0.2429 > allowed 0.004120; psnrDb 18.31 < allowed 53.70");
    assertThat(io.gpubench.results.compare.CaseDigest.oneLine("@Setup failed: IllegalStateException: boom\n"
        + "  at io.x.Y.setup(Y.java:3)\n  at z")).as("no stack trace").isEqualTo("@Setup failed: IllegalStateException: boom");
  }

  @Test
  void flagsAreShortCodesInTheTableWithTheirMeaningOnceBelowIt() {
    String md = MarkdownSummary.render(ReportFixtures.h200Run());
    assertThat(md).contains("**Flags**");
    assertThat(md).contains("- `throttled`: the GPU ran throttled during kept trials")
        .contains("- `shared`: another process used the GPU");
    // the figures behind a flag are not repeated in the summary
    assertThat(md).doesNotContain("4242 python3 train.py");
  }

  @Test
  void stringsFromResultsStayTextAndCannotBreakTheTable() {
    Node doc = PARSER.parse(MarkdownSummary.render(ReportFixtures.h200Run()));
    List<List<String>> rows = table(doc);
    List<String> evil = rows.get(rows.size() - 1);
    assertThat(evil).hasSize(7);
    assertThat(evil.get(0)).isEqualTo(ReportFixtures.EVIL);
    assertThat(nodes(doc, HtmlInline.class)).isEmpty();
    assertThat(nodes(doc, HtmlBlock.class)).isEmpty();
    assertThat(nodes(doc, Link.class)).isEmpty();
    // The message has a pipe and a line break: both would split the list item; they stay inside it.
    assertThat(listItems(doc)).contains("Evil › " + ReportFixtures.EVIL + ": failed: "
        + ReportFixtures.EVIL_MESSAGE.substring(0, ReportFixtures.EVIL_MESSAGE.indexOf('\n')));
  }

  @Test
  void aComparisonGivesBothMediansTheRatioTheGatesVerdictAndWhy() {
    String md = MarkdownSummary.render(ReportFixtures.h200Run(), ReportFixtures.a100Run());
    Node doc = PARSER.parse(md);
    List<List<String>> rows = table(doc);
    assertThat(rows.get(0)).containsExactly("Case", "Baseline median (95% CI)", "Current median (95% CI)", "Ratio",
        "Verdict", "Flags");
    List<String> gemm = rows.get(1);
    assertThat(gemm.get(1)).matches("\\d+(\\.\\d+)? µs \\(.+ µs\\)");
    double ratio = ReportFixtures.a100Run().cases().get(0).medianNanos()
        / ReportFixtures.h200Run().cases().get(0).medianNanos();
    assertThat(gemm.get(3)).isEqualTo(io.gpubench.results.compare.Figures.ratio(ratio));
    assertThat(gemm.get(4)).isEqualTo("SLOWER (provisional)");
    assertThat(rows.get(2).get(4)).isEqualTo("SAME (provisional)");
    assertThat(rows.get(3).get(4)).isEqualTo("AMBIGUOUS (not comparable)");
    // The A100's BF16 case ran hot and shared in the baseline: the flags are shown beside the verdict.
    assertThat(rows.get(3).get(5)).startsWith("throttled");
    assertThat(rows.get(rows.size() - 1)).containsExactly(
        "unet [batch=16, FP16, cuda:0]", "absent", rows.get(rows.size() - 1).get(2), "–",
        "AMBIGUOUS (not comparable)", "");
    assertThat(text(first(doc, Heading.class))).startsWith("gpubench: current vs baseline — ");
    assertThat(listItems(doc)).contains("gemm [1024x1024x1024, BF16, cuda:0]: the baseline: failed",
        "unet [batch=16, FP16, cuda:0]: the baseline lacks the case");
  }

  private static List<List<String>> table(Node doc) {
    TableBlock table = first(doc, TableBlock.class);
    List<List<String>> rows = new ArrayList<>();
    for (TableRow row : nodes(table, TableRow.class)) {
      List<String> cells = new ArrayList<>();
      for (Node cell = row.getFirstChild(); cell != null; cell = cell.getNext()) {
        cells.add(text(cell));
      }
      rows.add(cells);
    }
    return rows;
  }

  private static List<String> listItems(Node doc) {
    List<String> items = new ArrayList<>();
    for (org.commonmark.node.ListItem item : nodes(doc, org.commonmark.node.ListItem.class)) {
      items.add(text(item));
    }
    return items;
  }

  private static String text(Node node) {
    StringBuilder b = new StringBuilder();
    node.accept(new AbstractVisitor() {
      @Override
      public void visit(Text t) {
        b.append(t.getLiteral());
      }

      @Override
      public void visit(org.commonmark.node.SoftLineBreak s) {
        b.append('\n');
      }
    });
    return b.toString();
  }

  private static <T extends Node> T first(Node root, Class<T> type) {
    List<T> all = nodes(root, type);
    assertThat(all).as("a %s in the document", type.getSimpleName()).isNotEmpty();
    return all.get(0);
  }

  private static <T extends Node> List<T> nodes(Node root, Class<T> type) {
    List<T> found = new ArrayList<>();
    collect(root, type, found);
    return found;
  }

  private static <T extends Node> void collect(Node node, Class<T> type, List<T> found) {
    if (type.isInstance(node)) {
      found.add(type.cast(node));
    }
    for (Node child = node.getFirstChild(); child != null; child = child.getNext()) {
      collect(child, type, found);
    }
  }
}
