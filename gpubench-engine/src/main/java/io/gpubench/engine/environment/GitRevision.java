package io.gpubench.engine.environment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The git revision of a working directory, read from the {@code .git} folder rather than by running git, which a
 * GPU box may not have.
 */
final class GitRevision {

  private GitRevision() {}

  static Optional<String> of(Path start) {
    for (Path dir = start; dir != null; dir = dir.getParent()) {
      Path git = dir.resolve(".git");
      try {
        if (Files.isRegularFile(git)) {
          // A worktree: ".git" is a file naming the real git folder.
          String line = Files.readString(git).trim();
          if (line.startsWith("gitdir:")) {
            git = dir.resolve(line.substring(7).trim());
          }
        }
        if (Files.isDirectory(git)) {
          return head(git);
        }
      } catch (IOException | RuntimeException e) {
        return Optional.empty();
      }
    }
    return Optional.empty();
  }

  private static Optional<String> head(Path git) throws IOException {
    String head = Files.readString(git.resolve("HEAD")).trim();
    if (!head.startsWith("ref:")) {
      return Optional.of(head);
    }
    String ref = head.substring(4).trim();
    Path common = git;
    Path commonDir = git.resolve("commondir");
    if (Files.isRegularFile(commonDir)) {
      common = git.resolve(Files.readString(commonDir).trim()).normalize();
    }
    for (Path base : new Path[] {git, common}) {
      Path loose = base.resolve(ref);
      if (Files.isRegularFile(loose)) {
        return Optional.of(Files.readString(loose).trim());
      }
      Path packed = base.resolve("packed-refs");
      if (Files.isRegularFile(packed)) {
        for (String line : Files.readAllLines(packed)) {
          if (line.endsWith(" " + ref)) {
            return Optional.of(line.substring(0, line.indexOf(' ')));
          }
        }
      }
    }
    return Optional.empty();
  }
}
