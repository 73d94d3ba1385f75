package io.gpubench.results.html;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AssetsTest {

  @Test
  void inlinedScriptsCannotEndTheirElementOrOpenAComment() {
    assertThat(Assets.safeScript("var s = '</script><b>'; var t = '</SCRIPT>'; x = '<!--';"))
        .isEqualTo("var s = '<\\/script><b>'; var t = '<\\/SCRIPT>'; x = '<\\!--';");
  }

  @Test
  void theScanFromOneAngleBracketToTheNextChangesWhatATestAtEveryCharacterChanged() {
    String[] pieces = {"<", "/", "script", "SCRIPT", "Script", "!--", "!-", "<!", "</scrip", "x", "'", "\n", "é", "<<"};
    java.util.Random random = new java.util.Random(7);
    for (int n = 0; n < 20_000; n++) {
      StringBuilder js = new StringBuilder();
      for (int k = random.nextInt(12); k > 0; k--) {
        js.append(pieces[random.nextInt(pieces.length)]);
      }
      assertThat(Assets.safeScript(js.toString())).as(js.toString()).isEqualTo(everyCharacter(js.toString()));
    }
  }

  /** The rule as first written, a test at every character: the oracle of the scan. */
  private static String everyCharacter(String js) {
    StringBuilder b = new StringBuilder(js.length());
    int i = 0;
    while (i < js.length()) {
      if (js.regionMatches(true, i, "</script", 0, 8)) {
        b.append("<\\/").append(js, i + 2, i + 8);
        i += 8;
      } else if (js.startsWith("<!--", i)) {
        b.append("<\\!--");
        i += 4;
      } else {
        b.append(js.charAt(i++));
      }
    }
    return b.toString();
  }

  @Test
  void echartsComesFromTheWebJarAtTheResolvedVersion() {
    Assets assets = Assets.get();
    assertThat(assets.echartsVersion()).matches("\\d+\\.\\d+\\.\\d+");
    assertThat(assets.echarts()).contains("echarts").hasSizeGreaterThan(100_000);
    assertThat(assets.echarts().toLowerCase(java.util.Locale.ROOT)).doesNotContain("</script");
  }

  @Test
  void markupEscapesTheFiveCharactersThatEndTextOrAttributes() {
    assertThat(Markup.escape("<a href=\"x\" title='y'>&</a>"))
        .isEqualTo("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
    assertThat(new Markup().el("td", "<b>", "title", "\"><script>").toString())
        .isEqualTo("<td title=\"&quot;&gt;&lt;script&gt;\">&lt;b&gt;</td>");
  }
}
