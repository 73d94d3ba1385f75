package io.gpubench.history.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a run comes from, as the CIs' variables and git tell it. */
class ProvenanceTest {

  @TempDir
  Path dir;

  @TempDir
  Path plain;

  @Test
  void githubActionsPullRequestsAreTheirHeadBranchWithALinkToTheRunAttempt() {
    Provenance p = Provenance.fromCi(Map.of("GITHUB_ACTIONS", "true", "GITHUB_SHA", "abc123", "GITHUB_REF_NAME",
        "42/merge", "GITHUB_HEAD_REF", "fix/gemm", "GITHUB_SERVER_URL", "https://github.com", "GITHUB_REPOSITORY",
        "acme/kernels", "GITHUB_RUN_ID", "9001", "GITHUB_RUN_ATTEMPT", "2"));
    assertThat(p).isEqualTo(new Provenance("abc123", "fix/gemm", null, "github", "9001.2",
        "https://github.com/acme/kernels/actions/runs/9001/attempts/2"));
    assertThat(Provenance.fromCi(Map.of("GITHUB_ACTIONS", "true", "GITHUB_REF_NAME", "main", "GITHUB_HEAD_REF", ""))
        .branch()).isEqualTo("main");
  }

  @Test
  void gitlabAndJenkinsSayTheirsAndOutsideCiNothingIsKnown() {
    assertThat(Provenance.fromCi(Map.of("GITLAB_CI", "true", "CI_COMMIT_SHA", "def", "CI_COMMIT_REF_NAME", "main",
        "CI_JOB_ID", "77", "CI_JOB_URL", "https://gitlab.example/j/77")))
        .isEqualTo(new Provenance("def", "main", null, "gitlab", "77", "https://gitlab.example/j/77"));
    assertThat(Provenance.fromCi(Map.of("JENKINS_URL", "https://ci/", "BUILD_URL", "https://ci/job/x/5/",
        "BUILD_NUMBER", "5", "GIT_COMMIT", "fed", "GIT_BRANCH", "origin/main")))
        .isEqualTo(new Provenance("fed", "main", null, "jenkins", "5", "https://ci/job/x/5/"));
    assertThat(Provenance.fromCi(Map.of("HOME", "/root"))).isEqualTo(Provenance.UNKNOWN);
  }

  @Test
  void gitTellsTheCommitTheBranchAndUncommittedChanges() throws Exception {
    git("init", "-q", "-b", "main");
    git("-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "first");
    Provenance clean = Git.of(dir);
    assertThat(clean.commit()).matches("[0-9a-f]{40}");
    assertThat(clean.branch()).isEqualTo("main");
    Files.writeString(dir.resolve("f.txt"), "x");
    git("add", "f.txt");
    assertThat(Git.of(dir).dirty()).isTrue();
    assertThat(clean.dirty()).isFalse();
    // No work tree: nothing is known, nothing fails.
    assertThat(Git.of(plain)).isEqualTo(Provenance.UNKNOWN);
  }

  private void git(String... args) throws Exception {
    List<String> cmd = new java.util.ArrayList<>(List.of("git"));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
  }
}
