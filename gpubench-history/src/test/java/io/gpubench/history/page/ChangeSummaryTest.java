package io.gpubench.history.page;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpubench.history.changes.ChangePointDetector;
import io.gpubench.history.series.SeriesQuery;
import io.gpubench.history.store.Credentials;
import io.gpubench.history.store.HistoryStore;
import io.gpubench.history.store.StoreLocation;
import io.gpubench.history.support.SampleHistory;
import io.gpubench.results.compare.CaseComparator;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.CustomBlock;
import org.commonmark.node.CustomNode;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The "what changed" Markdown as a CommonMark + GFM parser reads it (only the changed cases, one row each), and the
 * page's markup as a browser's parser reads it (CSP pinned, nothing fetched, hostile text as text).
 */
class ChangeSummaryTest {

  @TempDir
  Path dir;

  private History history() {
    HistoryStore store = HistoryStore.open(StoreLocation.sqlite(dir.resolve("h.db")), Credentials.NONE,
        Duration.ofSeconds(5));
    SampleHistory.fill(store, 30, 18);
    return History.read(store, SeriesQuery.all(), ChangePointDetector.DEFAULT);
  }

  @Test
  void theSummaryListsOnlyTheCasesThatChangedInTheLastCommits() {
    History h = history();
    String md = ChangeSummary.render(h, 15);
    Node doc = Parser.builder().extensions(List.of(TablesExtension.create())).build().parse(md);
    List<String> cells = new ArrayList<>();
    doc.accept(new AbstractVisitor() {
      @Override
      public void visit(CustomBlock block) {
        visitChildren(block);
      }

      @Override
      public void visit(CustomNode node) {
        if (node instanceof TableCell cell && !cell.isHeader() && node.getPrevious() == null) {
          StringBuilder text = new StringBuilder();
          cell.accept(new AbstractVisitor() {
            @Override
            public void visit(org.commonmark.node.Code code) {
              text.append(code.getLiteral());
            }
          });
          cells.add(text.toString());
        }
        visitChildren(node);
      }
    });
    assertThat(doc.getFirstChild()).isNotNull();
    assertThat(md).contains("6 change points in the last 15 commits").contains("; 5 slower, 1 with more memory and "
        + "not accepted.");
    // The five softmax cases' times, and the case whose allocation doubled a run earlier, with its figure.
    assertThat(cells).hasSize(6).filteredOn(c -> c.contains("NoiseSoftmaxBenchmark")).hasSize(5);
    assertThat(cells).contains(SampleHistory.GROWING);
    assertThat(Set.copyOf(cells)).hasSize(6);
    assertThat(md).contains("| Case | Testbed | Figure | Commit | Change |")
        .containsPattern("\\| `" + java.util.regex.Pattern.quote(SampleHistory.GROWING) + "` \\| cpu: AMD EPYC \\| "
            + "allocatedBytesPerCall \\| \\[`[0-9a-f]{10}`\\]\\([^)]+\\) \\| \\*\\*\\+100\\.1% more memory\\*\\* \\| "
            + "1\\.0000 \\| 16\\.02 KiB → 32\\.06 KiB \\| no \\|");
    // Looking at fewer commits than have passed since the shift: nothing changed in them.
    assertThat(ChangeSummary.render(h, 3)).contains("0 change points in the last 3 commits")
        .contains("No case changed level.");
    assertThat(hasTable(doc)).isTrue();
  }

  @Test
  void thePageIsPinnedByItsPolicyFetchesNothingAndKeepsHostileTextAsText() {
    String html = HistoryPage.render(history(), 15, CaseComparator.DEFAULT);
    Document d = Jsoup.parse(html);
    String csp = d.selectFirst("meta[http-equiv=Content-Security-Policy]").attr("content");
    assertThat(csp).startsWith("default-src 'none'; script-src 'sha256-").doesNotContain("unsafe-eval");
    assertThat(d.select("script[src], link, img, iframe, object, embed")).isEmpty();
    assertThat(d.select("[href]").eachAttr("href")).allSatisfy(h -> assertThat(h).startsWith("#"));
    assertThat(d.select("b")).isEmpty();
    assertThat(d.select("#filter-branch option").eachText()).contains("feature/<b>\"x\"</b>");
    // The CI link of the feature run was javascript: and is dropped from the data the script reads.
    assertThat(d.getElementById("gpubench-data").data()).doesNotContain("javascript:");
    assertThat(d.select("table.changes tbody tr")).hasSize(6);
    assertThat(d.select("table.changes tbody tr[data-figure=allocatedBytesPerCall] .case-id").eachText())
        .containsExactly(SampleHistory.GROWING);
    assertThat(d.select("tr.case-row")).hasSize(25 + 16);
    assertThat(d.select("svg.spark")).hasSize(25 + 16);
  }

  private static boolean hasTable(Node doc) {
    for (Node n = doc.getFirstChild(); n != null; n = n.getNext()) {
      if (n instanceof TableBlock) {
        return true;
      }
    }
    return false;
  }
}
