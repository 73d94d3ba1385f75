package io.gpubench.history.record;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * What git says about a work tree: its commit, its branch and whether it has uncommitted changes. Asked through the
 * {@code git} command (what every CI machine has), each question with a timeout; where git is absent or the folder is
 * no work tree, nothing is known and nothing fails.
 */
public final class Git {

  private static final long TIMEOUT_SECONDS = 10;

  private Git() {}

  /**
   * The provenance of a work tree.
   *
   * @param dir a folder inside the work tree
   * @return what git tells; {@link Provenance#UNKNOWN} outside a work tree
   */
  public static Provenance of(Path dir) {
    Optional<String> commit = run(dir, "rev-parse", "HEAD");
    if (commit.isEmpty()) {
      return Provenance.UNKNOWN;
    }
    // A detached HEAD (what CI checks out) answers "HEAD": no branch is known from git.
    String branch = run(dir, "rev-parse", "--abbrev-ref", "HEAD").filter(b -> !b.equals("HEAD")).orElse(null);
    Boolean dirty = run(dir, "status", "--porcelain", "--untracked-files=no").map(s -> !s.isEmpty()).orElse(null);
    return new Provenance(commit.get(), branch, dirty, null, null, null);
  }

  private static Optional<String> run(Path dir, String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add("git");
    cmd.addAll(List.of(args));
    try {
      Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(false)
          .redirectError(ProcessBuilder.Redirect.DISCARD).start();
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return Optional.empty();
      }
      return p.exitValue() == 0 ? Optional.of(new String(out, StandardCharsets.UTF_8).strip()) : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }
}
