package io.gpubench.maven.ab;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The baseline build of an A/B comparison: where its classes are, and how this build's class path maps onto it.
 * Named one of two ways:
 * <ul>
 *   <li>a folder: the {@code target} folder of a build of the baseline (its {@code classes} and
 *       {@code test-classes}), such as a CI job's artifact from the main branch: this module's two class folders are
 *       replaced by the folder's, everything else on the class path stays;
 *   <li>a git revision ({@code origin/main}, {@code HEAD~1}, a commit id): the revision is checked out into
 *       {@code <work>/baseline-<commit>} (a clone that shares this repository's objects, so nothing in this
 *       repository changes) and built there with this Maven ({@code test-compile -pl <this module> -am}, tests not
 *       run, offline when this build is); every class path entry inside this checkout is replaced by the same path in
 *       that one, so sibling modules of a reactor build are compared at the revision too. A checkout that built once
 *       is reused. Uncommitted changes here belong to the B side, which is what a pre-push A/B wants.
 * </ul>
 *
 * @param description what the baseline is, for messages
 * @param from this build's paths to replace (checkout root, or this module's class folders)
 * @param to what replaces them, in the same order
 */
public record BaselineBuild(String description, List<Path> from, List<Path> to) {

  /**
   * Makes the record, copying the lists.
   *
   * @param description description
   * @param from replaced paths
   * @param to replacements
   */
  public BaselineBuild {
    from = List.copyOf(from);
    to = List.copyOf(to);
  }

  /**
   * Maps a class path entry of this build to the baseline build's.
   *
   * @param entry the entry
   * @return the baseline's entry, or the entry itself when the baseline shares it (a library jar)
   * @throws IllegalStateException naming the entry when the baseline build lacks what this build has
   */
  public String map(String entry) {
    Path p = Path.of(entry).toAbsolutePath().normalize();
    for (int i = 0; i < from.size(); i++) {
      if (p.startsWith(from.get(i))) {
        Path mapped = to.get(i).resolve(from.get(i).relativize(p));
        // An entry missing on both sides (a module without main sources has no classes folder) is no difference.
        if (!Files.exists(mapped) && Files.exists(p)) {
          throw new IllegalStateException("the baseline build (" + description + ") has no " + mapped
              + " for this build's " + entry);
        }
        return mapped.toString();
      }
    }
    return entry;
  }

  /**
   * Resolves a baseline build from how the user named it.
   *
   * @param spec a folder or a git revision
   * @param module this module's folder
   * @param classes this module's main classes folder
   * @param testClasses this module's test classes folder
   * @param work a folder for checkouts
   * @param maven how to run Maven for a revision's build
   * @param log progress
   * @return the build
   * @throws IllegalArgumentException saying what {@code spec} was taken for and why it does not work
   */
  public static BaselineBuild resolve(String spec, Path module, Path classes, Path testClasses, Path work,
      MavenCommand maven, Consumer<String> log) {
    if (spec == null || spec.isBlank()) {
      throw new IllegalArgumentException("no baseline build named: set gpubench.ab.baseline to a git revision "
          + "(origin/main) or to the target folder of a baseline build");
    }
    Path folder = module.resolve(spec).normalize();
    if (Files.isDirectory(folder)) {
      Path c = folder.resolve("classes");
      Path t = folder.resolve("test-classes");
      if (!Files.isDirectory(t)) {
        throw new IllegalArgumentException("baseline " + folder + " is a folder without test-classes/: name the "
            + "target folder of a build of the baseline (with classes/ and test-classes/), or a git revision");
      }
      List<Path> from = new ArrayList<>(List.of(testClasses.toAbsolutePath().normalize()));
      List<Path> to = new ArrayList<>(List.of(t));
      if (Files.isDirectory(c)) {
        from.add(classes.toAbsolutePath().normalize());
        to.add(c);
      }
      return new BaselineBuild("the build in " + folder, from, to);
    }
    String top = git(module, "rev-parse", "--show-toplevel").orElseThrow(() -> new IllegalArgumentException(
        "baseline '" + spec + "' is not a folder, and " + module + " is not in a git repository to take it as a "
            + "revision"));
    String sha = git(module, "rev-parse", "--verify", "--quiet", spec + "^{commit}").orElseThrow(
        () -> new IllegalArgumentException("baseline '" + spec + "' is neither a folder nor a revision of the git "
            + "repository " + top));
    Path root = Path.of(top).toAbsolutePath().normalize();
    Path checkout = work.resolve("baseline-" + sha.substring(0, 12));
    Path built = checkout.resolve(".gpubench-built");
    if (!Files.exists(built)) {
      log.accept("gpubench A/B: building the baseline " + spec + " (" + sha.substring(0, 12) + ") in " + checkout);
      run(work, List.of("git", "clone", "--quiet", "--shared", "--no-checkout", root.toString(), checkout.toString()),
          "clone " + root);
      run(checkout, List.of("git", "checkout", "--quiet", "--detach", sha), "check out " + sha);
      String relative = root.relativize(module.toAbsolutePath().normalize()).toString();
      run(checkout, maven.command(relative), "build the baseline (" + String.join(" ", maven.command(relative))
          + ")");
      write(built, sha);
    } else {
      log.accept("gpubench A/B: the baseline " + spec + " (" + sha.substring(0, 12) + ") was built before in "
          + checkout);
    }
    return new BaselineBuild("revision " + spec + " (" + sha.substring(0, 12) + ") built in " + checkout,
        List.of(root), List.of(checkout));
  }

  private static java.util.Optional<String> git(Path dir, String... args) {
    List<String> cmd = new ArrayList<>(List.of("git", "-C", dir.toString()));
    cmd.addAll(List.of(args));
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      return p.waitFor() == 0 && !out.isEmpty() ? java.util.Optional.of(out) : java.util.Optional.empty();
    } catch (IOException e) {
      return java.util.Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return java.util.Optional.empty();
    }
  }

  private static void run(Path dir, List<String> cmd, String what) {
    try {
      Files.createDirectories(dir);
      Path log = dir.resolve(".gpubench-" + Path.of(cmd.get(0)).getFileName() + ".log");
      Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
          .redirectOutput(log.toFile()).start();
      if (!p.waitFor(3600, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalArgumentException("cannot " + what + ": still running after an hour");
      }
      if (p.exitValue() != 0) {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        throw new IllegalArgumentException("cannot " + what + " in " + dir + ": exit status " + p.exitValue()
            + "; the last lines of " + log + ":\n    "
            + String.join("\n    ", lines.subList(Math.max(0, lines.size() - 15), lines.size())));
      }
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot " + what + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalArgumentException("interrupted while trying to " + what);
    }
  }

  private static void write(Path file, String text) {
    try {
      Files.writeString(file, text);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot write " + file + ": " + e.getMessage());
    }
  }

  /**
   * How to run Maven to build a revision: this Maven, its settings and local repository, offline when this build is.
   *
   * @param executable the {@code mvn} script
   * @param settings the user settings file, or null
   * @param localRepository the local repository folder, or null
   * @param offline whether to build offline
   */
  public record MavenCommand(String executable, File settings, String localRepository, boolean offline) {

    /**
     * The command that builds one module and what it needs, without running tests.
     *
     * @param module the module's path relative to the checkout root, empty for the root
     * @return the command
     */
    public List<String> command(String module) {
      List<String> cmd = new ArrayList<>(List.of(executable, "-q", "-B"));
      if (offline) {
        cmd.add("-o");
      }
      if (settings != null && settings.isFile()) {
        cmd.addAll(List.of("-s", settings.getAbsolutePath()));
      }
      if (localRepository != null && !localRepository.isBlank()) {
        cmd.add("-Dmaven.repo.local=" + localRepository);
      }
      cmd.add("-DskipTests");
      if (!module.isEmpty()) {
        cmd.addAll(List.of("-pl", module, "-am"));
      }
      cmd.add("test-compile");
      return cmd;
    }
  }
}
