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
