package io.gpubench.maven.ab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class BaselineBuildTest {

  @TempDir Path dir;

  private final BaselineBuild.MavenCommand maven = new BaselineBuild.MavenCommand("mvn", null, null, true);

  @Test
  void aTargetFolderReplacesThisModulesClassFoldersAndNothingElse() throws Exception {
    Path module = Files.createDirectories(dir.resolve("module"));
    Path other = Files.createDirectories(dir.resolve("main-build/target"));
    Files.createDirectories(other.resolve("classes/io/x"));
    Files.createDirectories(other.resolve("test-classes"));
    BaselineBuild b = BaselineBuild.resolve("../main-build/target", module, module.resolve("target/classes"),
        module.resolve("target/test-classes"), dir.resolve("work"), maven, s -> { });
    assertThat(b.description()).isEqualTo("the build in " + other);
    assertThat(b.map(module.resolve("target/test-classes").toString())).isEqualTo(other.resolve("test-classes")
        .toString());
    assertThat(b.map(module.resolve("target/classes").toString())).isEqualTo(other.resolve("classes").toString());
    assertThat(b.map("/m2/junit.jar")).isEqualTo("/m2/junit.jar");
  }

  @Test
  void aFolderThatIsNoBuildIsNamed() throws Exception {
    Path module = Files.createDirectories(dir.resolve("module"));
    Files.createDirectories(dir.resolve("empty"));
    assertThatThrownBy(() -> BaselineBuild.resolve("../empty", module, module, module, dir, maven, s -> { }))
        .hasMessage("baseline " + dir.resolve("empty") + " is a folder without test-classes/: name the target folder"
            + " of a build of the baseline (with classes/ and test-classes/), or a git revision");
  }

  @Test
  void aRevisionOutsideGitOrUnknownToGitIsNamed() throws Exception {
    Path module = Files.createDirectories(dir.resolve("plain"));
    assertThatThrownBy(() -> BaselineBuild.resolve("origin/main", module, module, module, dir, maven, s -> { }))
        .hasMessage("baseline 'origin/main' is not a folder, and " + module + " is not in a git repository to take"
            + " it as a revision");
    Path repo = Files.createDirectories(dir.resolve("repo"));
    git(repo, "init", "-q");
    assertThatThrownBy(() -> BaselineBuild.resolve("no-such-branch", repo, repo, repo, dir, maven, s -> { }))
        .hasMessageStartingWith("baseline 'no-such-branch' is neither a folder nor a revision of the git repository");
  }

  @Test
  void anEntryTheBaselineLacksIsNamed() throws Exception {
    Files.createDirectories(dir.resolve("here/new-module/target/classes"));
    BaselineBuild b = new BaselineBuild("revision x", List.of(dir.resolve("here")), List.of(dir.resolve("there")));
    assertThatThrownBy(() -> b.map(dir.resolve("here/new-module/target/classes").toString()))
        .hasMessage("the baseline build (revision x) has no " + dir.resolve("there/new-module/target/classes")
            + " for this build's " + dir.resolve("here/new-module/target/classes"));
    // Missing on both sides (no main sources): no difference.
    assertThat(b.map(dir.resolve("here/target/classes").toString())).isEqualTo(dir.resolve("there/target/classes")
        .toString());
  }

  @Test
  void theBaselineIsBuiltWithThisMavensSettingsWithoutTests() {
    BaselineBuild.MavenCommand m = new BaselineBuild.MavenCommand("/opt/maven/bin/mvn", null, "/repo", true);
    assertThat(m.command("libs/core")).containsExactly("/opt/maven/bin/mvn", "-q", "-B", "-o",
        "-Dmaven.repo.local=/repo", "-DskipTests", "-pl", "libs/core", "-am", "test-compile");
    assertThat(m.command("")).doesNotContain("-pl");
  }

  @Test
  void runsAlternateSoThatEachBuildIsFirstAsOftenAsLast() {
    assertThat(Interleaving.order(2)).containsExactly("A", "B", "B", "A", "A", "B", "B", "A");
    assertThatThrownBy(() -> Interleaving.order(0)).hasMessageContaining("rounds 0 must be at least 1");
  }

  private static void git(Path dir, String... args) throws Exception {
    List<String> cmd = new java.util.ArrayList<>(List.of("git", "-C", dir.toString()));
    cmd.addAll(List.of(args));
    assertThat(new ProcessBuilder(cmd).inheritIO().start().waitFor()).isZero();
  }
}
