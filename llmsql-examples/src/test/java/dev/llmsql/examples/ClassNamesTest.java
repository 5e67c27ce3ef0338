package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No simple class name twice in the project, across every module's main and test sources: two {@code Cells} or
 * two {@code PythonText} in two packages leave a reader (and an IDE's "open type") guessing which one a file
 * means, and are usually a copy that has started to drift. One file per top-level type, so the file names are the
 * class names.
 */
class ClassNamesTest {

  @Test
  void simpleClassNames_areUniqueAcrossModulesMainAndTest() throws IOException {
    Map<String, List<String>> byName = new TreeMap<>();
    Path root = Path.of("..").toAbsolutePath().normalize();
    try (Stream<Path> modules = Files.list(root)) {
      for (Path module : modules.filter(m -> m.getFileName().toString().startsWith("llmsql-")).sorted().toList()) {
        for (String tree : List.of("src/main/java", "src/test/java")) {
          Path sources = module.resolve(tree);
          if (!Files.isDirectory(sources)) {
            continue;
          }
          try (Stream<Path> files = Files.walk(sources)) {
            for (Path file : files.filter(ClassNamesTest::isTypeFile).sorted().toList()) {
              String name = file.getFileName().toString().replaceFirst("\\.java$", "");
              byName.computeIfAbsent(name, n -> new ArrayList<>()).add(root.relativize(file).toString());
            }
          }
        }
      }
    }
    List<String> twice = new ArrayList<>();
    byName.forEach((name, files) -> {
      if (files.size() > 1) {
        twice.add(name + " in " + String.join(" and ", files));
      }
    });

    // a module missing from the walk would pass unchecked: one class of the core, a plug-in module and a test
    assertThat(byName).containsKeys("Evaluator", "SqliteQueryEngine", "ClassNamesTest");
    assertThat(twice).as("simple class names given twice; rename one to say what it is, or merge the copies")
        .isEmpty();
  }

  private static boolean isTypeFile(Path file) {
    String name = file.getFileName().toString();
    return name.endsWith(".java") && !name.equals("package-info.java") && !name.equals("module-info.java");
  }
}
