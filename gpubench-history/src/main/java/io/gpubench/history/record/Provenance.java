package io.gpubench.history.record;

import java.util.Map;

/**
 * Where a run comes from: its commit, branch and whether the work tree had changes, and the CI build that ran it.
 * A value the CI or git did not tell is null.
 *
 * @param commit the git commit, full or abbreviated
 * @param branch the branch the commit was built on ({@code main}, a pull request's source branch)
 * @param dirty whether the work tree had uncommitted changes, or null when unknown
 * @param ciProvider {@code github}, {@code gitlab}, {@code jenkins} or another CI's name
 * @param ciBuildId the CI's id of the build
 * @param ciBuildUrl a link to the build
 */
public record Provenance(String commit, String branch, Boolean dirty, String ciProvider, String ciBuildId,
    String ciBuildUrl) {

  /** Nothing known. */
  public static final Provenance UNKNOWN = new Provenance(null, null, null, null, null, null);

  /**
   * What the CI's environment variables say: GitHub Actions ({@code GITHUB_*}), GitLab ({@code CI_*}), Jenkins and
   * others that set {@code BUILD_URL}.
   *
   * @param env the environment
   * @return what it says; {@link #UNKNOWN} outside CI
   */
  public static Provenance fromCi(Map<String, String> env) {
    if ("true".equals(env.get("GITHUB_ACTIONS"))) {
      String server = env.getOrDefault("GITHUB_SERVER_URL", "https://github.com");
      String repo = env.get("GITHUB_REPOSITORY");
      String id = env.get("GITHUB_RUN_ID");
      String attempt = env.get("GITHUB_RUN_ATTEMPT");
      String url = repo == null || id == null ? null : server + "/" + repo + "/actions/runs/" + id
          + (attempt == null || attempt.equals("1") ? "" : "/attempts/" + attempt);
      // A pull request builds refs/pull/N/merge; its branch is the head ref.
      String branch = blankToNull(env.get("GITHUB_HEAD_REF"));
      return new Provenance(env.get("GITHUB_SHA"), branch != null ? branch : env.get("GITHUB_REF_NAME"), null,
          "github", id == null ? null : id + (attempt == null ? "" : "." + attempt), url);
    }
    if (env.containsKey("GITLAB_CI")) {
      String branch = blankToNull(env.get("CI_MERGE_REQUEST_SOURCE_BRANCH_NAME"));
      String url = env.get("CI_JOB_URL") != null ? env.get("CI_JOB_URL") : env.get("CI_PIPELINE_URL");
      String id = env.get("CI_JOB_ID") != null ? env.get("CI_JOB_ID") : env.get("CI_PIPELINE_ID");
      return new Provenance(env.get("CI_COMMIT_SHA"), branch != null ? branch : env.get("CI_COMMIT_REF_NAME"), null,
          "gitlab", id, url);
    }
    if (env.containsKey("BUILD_URL") || env.containsKey("JENKINS_URL")) {
      String branch = env.get("BRANCH_NAME") != null ? env.get("BRANCH_NAME") : env.get("GIT_BRANCH");
      return new Provenance(env.get("GIT_COMMIT"), stripRemote(branch), null,
          env.containsKey("JENKINS_URL") ? "jenkins" : "ci", env.get("BUILD_ID") != null ? env.get("BUILD_ID")
          : env.get("BUILD_NUMBER"), env.get("BUILD_URL"));
    }
    return UNKNOWN;
  }

  /**
   * This provenance with the gaps filled from another: values here win.
   *
   * @param other the fallback
   * @return the combined provenance
   */
  public Provenance orElse(Provenance other) {
    return new Provenance(commit != null ? commit : other.commit, branch != null ? branch : other.branch,
        dirty != null ? dirty : other.dirty, ciProvider != null ? ciProvider : other.ciProvider,
        ciBuildId != null ? ciBuildId : other.ciBuildId, ciBuildUrl != null ? ciBuildUrl : other.ciBuildUrl);
  }

  /**
   * This provenance with the branch set.
   *
   * @param name the branch, or null to keep this one's
   * @return the provenance
   */
  public Provenance withBranch(String name) {
    return name == null || name.isBlank() ? this
        : new Provenance(commit, name.strip(), dirty, ciProvider, ciBuildId, ciBuildUrl);
  }

  /**
   * This provenance with the commit set.
   *
   * @param sha the commit, or null to keep this one's
   * @return the provenance
   */
  public Provenance withCommit(String sha) {
    return sha == null || sha.isBlank() ? this
        : new Provenance(sha.strip(), branch, dirty, ciProvider, ciBuildId, ciBuildUrl);
  }

  // Jenkins' GIT_BRANCH is origin/main: the remote is not part of the branch's name.
  private static String stripRemote(String branch) {
    if (branch == null) {
      return null;
    }
    return branch.startsWith("origin/") ? branch.substring("origin/".length()) : branch;
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }
}
