package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Pins the exported API: the public top-level types of every exported package must be exactly those listed in
 * {@code docs/api/public-types.txt}, so a type becomes public (or stops being public) only on purpose, with
 * the list changed in the same commit. {@code -Dllmsql.updateApi=true} rewrites the list from the sources.
 */
class ApiSurfaceTest {

  static final Path LIST = Path.of("docs", "api", "public-types.txt");

  private static final String UPDATE = "./mvnw -o -q -pl llmsql-examples test -Dtest=ApiSurfaceTest "
      + "-Dsurefire.failIfNoSpecifiedTests=false -Dllmsql.updateApi=true";

  @Test
  void publicTypesOfExportedPackages_areTheListedOnes() throws IOException {
    List<String> actual = ExportedApi.publicTypes().stream().map(ExportedApi.PublicType::name).toList();
    Path list = ExportedApi.root().resolve(LIST);
    if (Boolean.getBoolean("llmsql.updateApi")) {
      Files.createDirectories(list.getParent());
      Files.writeString(list, String.join("\n", actual) + "\n");
    }
    assertThat(list).as("the API list; create it with " + UPDATE).isRegularFile();
    List<String> listed = Files.readAllLines(list).stream().filter(l -> !l.isBlank()).toList();

    TreeSet<String> added = new TreeSet<>(actual);
    added.removeAll(listed);
    TreeSet<String> removed = new TreeSet<>(listed);
    removed.removeAll(actual);
    List<String> problems = new ArrayList<>();
    added.forEach(t -> problems.add("+ " + t + " (public now, not in " + LIST + ")"));
    removed.forEach(t -> problems.add("- " + t + " (in " + LIST + ", no longer a public type of an exported "
        + "package)"));
    assertThat(problems)
        .as("the exported API changed; if that is intended, rewrite " + LIST + " with " + UPDATE
            + " and commit it")
        .isEmpty();
    assertThat(listed).as(LIST + " is sorted, one name a line").isEqualTo(actual);
  }
}
