package io.gpubench.it.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The README and the guides under docs/, read as GitHub reads them: links, heading anchors, commands. */
final class MarkdownFiles {
  private static final Pattern LINK = Pattern.compile("(?<!!)\\[[^\\]]*]\\(([^)\\s]+)\\)|!\\[[^\\]]*]\\(([^)\\s]+)\\)");
  private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.+?)\\s*#*$");
  private static final Pattern CODE_SPAN = Pattern.compile("`([^`]+)`");

  private MarkdownFiles() {}

  /** README.md and every Markdown file under docs/, whoever wrote it. */
  static List<Path> all(Path root) {
    List<Path> files = new ArrayList<>();
    files.add(root.resolve("README.md"));
    try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files;
  }

  static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The text outside fenced code blocks, where links are links. */
  static String prose(String md) {
    StringBuilder out = new StringBuilder();
    boolean fenced = false;
    for (String line : md.split("\n", -1)) {
      if (line.strip().startsWith("```")) {
        fenced = !fenced;
        out.append('\n');
        continue;
      }
      out.append(fenced ? "" : line).append('\n');
    }
    return out.toString();
  }

  /** Every link and image target outside code. */
  static List<String> links(String md) {
    List<String> targets = new ArrayList<>();
    Matcher m = LINK.matcher(prose(md).replaceAll("`[^`\n]*`", ""));
    while (m.find()) {
      targets.add(m.group(1) != null ? m.group(1) : m.group(2));
    }
    return targets;
  }

  /** The anchors GitHub gives the file's headings: lower case, punctuation dropped, spaces as hyphens. */
  static Set<String> anchors(String md) {
    Set<String> anchors = new LinkedHashSet<>();
    for (String line : prose(md).split("\n")) {
      Matcher m = HEADING.matcher(line);
      if (m.matches()) {
        String slug = m.group(1).toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
        String unique = slug;
        for (int i = 1; anchors.contains(unique); i++) {
          unique = slug + "-" + i;
        }
        anchors.add(unique);
      }
    }
    return anchors;
  }

  /**
   * Every Maven command the file quotes: lines of fenced blocks and inline code that start with {@code mvn }, with
   * continuation lines joined and {@code &&} chains split.
   */
  static List<String> mavenCommands(String md) {
    List<String> commands = new ArrayList<>();
    boolean fenced = false;
    StringBuilder pending = null;
    for (String line : md.split("\n", -1)) {
      if (line.strip().startsWith("```")) {
        fenced = !fenced;
        continue;
      }
      if (fenced) {
        String l = line.strip();
        if (pending != null) {
          pending.append(' ').append(l.replaceAll("\\\\$", ""));
          if (!l.endsWith("\\")) {
            add(commands, pending.toString());
            pending = null;
          }
        } else if (l.startsWith("mvn ") || l.startsWith("cd ") && l.contains("mvn ")) {
          if (l.endsWith("\\")) {
            pending = new StringBuilder(l.substring(0, l.length() - 1));
          } else {
            add(commands, l);
          }
        }
      }
    }
    // inline code spans may break across lines in a paragraph: join each paragraph first
    for (String paragraph : prose(md).split("\n\\s*\n")) {
      Matcher m = CODE_SPAN.matcher(paragraph.replace('\n', ' '));
      while (m.find()) {
        if (m.group(1).startsWith("mvn ")) {
          add(commands, m.group(1));
        }
      }
    }
    return commands;
  }

  private static void add(List<String> commands, String line) {
    for (String part : line.split("&&|;")) {
      String p = part.strip();
      int mvn = p.indexOf("mvn ");
      if (mvn >= 0) {
        commands.add(p.substring(mvn).replaceAll("\\s+", " "));
      }
    }
  }
}
