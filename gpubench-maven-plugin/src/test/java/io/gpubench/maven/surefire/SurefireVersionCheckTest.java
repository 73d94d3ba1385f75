package io.gpubench.maven.surefire;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.maven.model.Plugin;
import org.junit.jupiter.api.Test;

class SurefireVersionCheckTest {

  private static Plugin plugin(String groupId, String artifactId, String version) {
    Plugin p = new Plugin();
    p.setGroupId(groupId);
    p.setArtifactId(artifactId);
    p.setVersion(version);
    return p;
  }

  private static Plugin surefire(String version) {
    return plugin("org.apache.maven.plugins", "maven-surefire-plugin", version);
  }

  @Test
  void mavenThreeEightsDefaultSurefireIsRefusedNamingTheMinimumAndTheFix() {
    assertThat(SurefireVersionCheck.problem(List.of(plugin("org.apache.maven.plugins", "maven-compiler-plugin", "3.1"),
        surefire("2.12.4")))).contains("maven-surefire-plugin 2.12.4 cannot run JUnit Platform engines: every gpubench"
            + " class would report \"Tests run: 0\" and there would be no new results to judge (2.12.4 is what Maven"
            + " 3.8 uses when the pom names no version). Pin maven-surefire-plugin 3.0.0 or newer in <build><plugins>"
            + " (the gpubench README's Surefire block uses 3.6.1)");
  }

  @Test
  void olderSurefiresAndMilestonesBeforeThreeAreRefused() {
    assertThat(SurefireVersionCheck.problem("2.22.2")).isPresent();
    assertThat(SurefireVersionCheck.problem("3.0.0-M9")).isPresent();
  }

  @Test
  void threeAndNewerPass() {
    assertThat(SurefireVersionCheck.problem("3.0.0")).isEmpty();
    assertThat(SurefireVersionCheck.problem("3.6.1")).isEmpty();
    assertThat(SurefireVersionCheck.problem(List.of(surefire("3.5.2")))).isEmpty();
  }

  @Test
  void aBuildWithoutSurefireOrAVersionThatCannotBeReadIsNotJudged() {
    assertThat(SurefireVersionCheck.problem(List.of(plugin("org.apache.maven.plugins", "maven-jar-plugin", "3.4.2"))))
        .isEmpty();
    assertThat(SurefireVersionCheck.problem((String) null)).isEmpty();
    assertThat(SurefireVersionCheck.problem("${surefire.version}")).isEmpty();
  }
}
