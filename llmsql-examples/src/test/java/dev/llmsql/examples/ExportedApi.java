package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The exported API as the sources declare it: the packages each library module's {@code module-info.java}
 * exports, and the public top-level types in them. Read from ../llmsql-* rather than from the class path so a
 * module this one does not depend on counts too.
 */
final class ExportedApi {

  /**
   * Unqualified exports only: a package exported {@code to} named modules (core's engine, to llmsql-sqlite's
   * dataset import) is readable by those modules alone, never by a user's, so it is no API.
   */
  private static final Pattern EXPORTS = Pattern.compile("^\\s*exports\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);

  /** The Javadoc comment, annotations, then the public top-level declaration. */
  private static final Pattern PUBLIC_TYPE = Pattern.compile(
      "(/\\*\\*(?:(?!\\*/).)*\\*/)?\\s*(?:@[\\w.]+(?:\\([^)]*\\))?\\s*)*"
          + "^public\\s+(?:(?:final|abstract|sealed|non-sealed|static)\\s+)*(?:class|interface|record|enum|@interface)"
          + "\\s+(\\w+)",
      Pattern.DOTALL | Pattern.MULTILINE);

  /**
   * A public top-level type of an exported package.
   *
   * @param name the fully qualified name
   * @param javadoc its Javadoc comment, null when it has none
   */
  record PublicType(String name, String javadoc) { }

  private ExportedApi() {
  }

  /** The checkout's root: the parent of this module's directory, where the tests run. */
  static Path root() {
    return Path.of("").toAbsolutePath().getParent();
  }

  /** Exported package name to its source directory, over every library module of the build. */
  static Map<String, Path> packages() throws IOException {
    Map<String, Path> packages = new TreeMap<>();
    for (Path descriptor : descriptors()) {
      Path sources = descriptor.getParent();
      Matcher m = EXPORTS.matcher(Files.readString(descriptor));
      while (m.find()) {
        Path dir = sources.resolve(m.group(1).replace('.', '/'));
        assertThat(dir).as("source directory of exported " + m.group(1)).isDirectory();
        packages.put(m.group(1), dir);
      }
    }
    return packages;
  }

  /** Every public top-level type of every exported package, ordered by name. */
  static List<PublicType> publicTypes() throws IOException {
    List<PublicType> types = new ArrayList<>();
    for (Map.Entry<String, Path> e : packages().entrySet()) {
      try (Stream<Path> files = Files.list(e.getValue())) {
        for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
          if (file.getFileName().toString().equals("package-info.java")) {
            continue;
          }
          Matcher m = PUBLIC_TYPE.matcher(Files.readString(file));
          if (m.find()) {
            types.add(new PublicType(e.getKey() + "." + m.group(2), m.group(1)));
          }
        }
      }
    }
    types.sort((a, b) -> a.name().compareTo(b.name()));
    return types;
  }

  private static List<Path> descriptors() throws IOException {
    Path root = root();
    try (Stream<Path> modules = Files.list(root)) {
      List<Path> found = modules.filter(d -> d.getFileName().toString().startsWith("llmsql-"))
          .map(d -> d.resolve("src/main/java/module-info.java"))
          .filter(Files::isRegularFile)
          .sorted()
          .toList();
      assertThat(found).as("module-info.java files under " + root).hasSizeGreaterThanOrEqualTo(6);
      return found;
    }
  }
}
