package io.gpubench.results.html;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Properties;

/**
 * The scripts and styles inlined into every report: ECharts from its WebJar (the version the build resolved, read
 * from the WebJar's own Maven metadata so the pom is the one place it is set), and the report's own script and
 * style from this package's resources. Inlining is what lets a report open from disk with no network.
 */
final class Assets {

  private static final String ECHARTS_POM = "/META-INF/maven/org.webjars.npm/echarts/pom.properties";
  private static final String ECHARTS_JS = "/META-INF/resources/webjars/echarts/%s/dist/echarts.min.js";

  private static volatile Assets loaded;

  private final String echarts;
  private final String echartsVersion;
  private final String script;
  private final String style;

  private Assets(String echarts, String echartsVersion, String script, String style) {
    this.echarts = echarts;
    this.echartsVersion = echartsVersion;
    this.script = script;
    this.style = style;
  }

  /**
   * The assets, read once per JVM (ECharts is a megabyte; a run writing several reports reads it once).
   *
   * @return the assets
   * @throws IllegalStateException naming the missing resource when the WebJar is not on the class path
   */
  static Assets get() {
    Assets a = loaded;
    if (a == null) {
      synchronized (Assets.class) {
        a = loaded;
        if (a == null) {
          String version = readEchartsVersion();
          a = new Assets(safeScript(read(String.format(Locale.ROOT, ECHARTS_JS, version))), version,
              safeScript(read("report.js")), read("report.css"));
          loaded = a;
        }
      }
    }
    return a;
  }

  String echarts() {
    return echarts;
  }

  String echartsVersion() {
    return echartsVersion;
  }

  String script() {
    return script;
  }

  String style() {
    return style;
  }

  /**
   * Makes script text safe to inline in a {@code <script>} element. Only {@code </script} ends the element (and
   * {@code <!--} changes how the parser looks for that end); a backslash before the slash or the bang means the same
   * in every JavaScript context where these can appear (strings, regular expressions, comments).
   *
   * @param js the script
   * @return the script, safe between script tags
   */
  static String safeScript(String js) {
    // from one '<' to the next (indexOf is an intrinsic): a test at every character of ECharts' megabyte took some
    // 80 ms of a cold JVM, on the path of the run's last report
    StringBuilder b = new StringBuilder(js.length() + 16);
    int copied = 0;
    for (int i = js.indexOf('<'); i >= 0; i = js.indexOf('<', i + 1)) {
      if (js.regionMatches(true, i, "</script", 0, 8)) {
        b.append(js, copied, i).append("<\\/").append(js, i + 2, i + 8);
        copied = i + 8;
        i += 7;
      } else if (js.startsWith("<!--", i)) {
        b.append(js, copied, i).append("<\\!--");
        copied = i + 4;
        i += 3;
      }
    }
    return b.append(js, copied, js.length()).toString();
  }

  private static String readEchartsVersion() {
    Properties p = new Properties();
    try (InputStream in = Assets.class.getResourceAsStream(ECHARTS_POM)) {
      if (in == null) {
        throw new IllegalStateException("the HTML report needs the ECharts WebJar (org.webjars.npm:echarts) on the "
            + "class path: " + ECHARTS_POM + " not found");
      }
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + ECHARTS_POM + ": " + e.getMessage(), e);
    }
    return p.getProperty("version");
  }

  private static String read(String resource) {
    try (InputStream in = Assets.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("resource " + resource + " of the HTML report is missing from the class path");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read resource " + resource + ": " + e.getMessage(), e);
    }
  }
}
