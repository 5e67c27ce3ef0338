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
import org.junit.jupiter.api.Test;

/**
 * The exported API as its sources show it: every public top-level type of a package a library module exports has
 * a Javadoc comment holding an example ({@code <pre>{@code ...}</pre>}). The examples themselves are compiled
 * and run by the modules' {@code *JavadocExamplesTest}s; this test keeps a new public type from arriving without
 * one.
 */
class ApiDocumentationTest {

  private static final Pattern EXPORTS = Pattern.compile("^\\s*exports\\s+([\\w.]+)\\s*(?:to\\s[^;]+)?;",
      Pattern.MULTILINE);

  /** The Javadoc comment, annotations, then the public top-level declaration. */
  private static final Pattern PUBLIC_TYPE = Pattern.compile(
      "(/\\*\\*(?:(?!\\*/).)*\\*/)?\\s*(?:@[\\w.]+(?:\\([^)]*\\))?\\s*)*"
          + "^public\\s+(?:(?:final|abstract|sealed|non-sealed|static)\\s+)*(?:class|interface|record|enum|@interface)"
          + "\\s+(\\w+)",
      Pattern.DOTALL | Pattern.MULTILINE);

  @Test
  void everyPublicTypeOfAnExportedPackage_hasJavadocWithAnExample() throws IOException {
    List<String> undocumented = new ArrayList<>();
    Map<String, Path> packages = exportedPackages();
    for (Map.Entry<String, Path> e : packages.entrySet()) {
      try (Stream<Path> files = Files.list(e.getValue())) {
        for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
          if (file.getFileName().toString().equals("package-info.java")) {
            continue;
          }
          Matcher m = PUBLIC_TYPE.matcher(Files.readString(file));
          if (m.find() && (m.group(1) == null || !(m.group(1).contains("<pre>") || m.group(1).contains("{@snippet")))) {
            undocumented.add(e.getKey() + "." + m.group(2));
          }
        }
      }
    }

    assertThat(packages).as("exported packages found").hasSizeGreaterThan(20);
    assertThat(undocumented).as("public types without a Javadoc example").isEmpty();
  }

  /** Exported package name to its source directory, over every library module of the build. */
  private static Map<String, Path> exportedPackages() throws IOException {
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

  private static List<Path> descriptors() throws IOException {
    Path root = Path.of("").toAbsolutePath().getParent();
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
