package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Modules and packages line up: each module's packages (main and test sources) sit under the one root named after
 * it, and no module has a package under another module's root. llmsql-core holds {@code dev.llmsql} itself and
 * its subpackages that are no other module's root. So a package name says which module (and which jar) a class
 * is in, and a reader looking for {@code dev.llmsql.judge...} looks in llmsql-judge alone.
 */
class ModulePackagesTest {

  /** Each module and its one package root; a new module adds a line here. */
  static final Map<String, String> ROOTS = new LinkedHashMap<>();

  static {
    ROOTS.put("llmsql-core", "dev.llmsql");
    ROOTS.put("llmsql-assertj", "dev.llmsql.assertj");
    ROOTS.put("llmsql-sqlite", "dev.llmsql.sqlite");
    ROOTS.put("llmsql-jdbc", "dev.llmsql.jdbc");
    ROOTS.put("llmsql-judge", "dev.llmsql.judge");
    ROOTS.put("llmsql-models", "dev.llmsql.models");
    ROOTS.put("llmsql-spark", "dev.llmsql.spark");
    ROOTS.put("llmsql-cli", "dev.llmsql.cli");
    ROOTS.put("llmsql-examples", "dev.llmsql.examples");
    ROOTS.put("llmsql-test-support", "dev.llmsql.testsupport");
  }

  private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;");

  @Test
  void eachModulesPackages_sitUnderItsOneRoot() throws IOException {
    Path root = Path.of("..").toAbsolutePath().normalize();
    List<String> problems = new ArrayList<>();
    TreeSet<String> modulesWithSources = new TreeSet<>();
    try (Stream<Path> modules = Files.list(root)) {
      for (Path module : modules.filter(m -> m.getFileName().toString().startsWith("llmsql-")).sorted().toList()) {
        String name = module.getFileName().toString();
        for (String tree : List.of("src/main/java", "src/test/java")) {
          Path sources = module.resolve(tree);
          if (!Files.isDirectory(sources)) {
            continue;
          }
          modulesWithSources.add(name);
          try (Stream<Path> files = Files.walk(sources)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
              if (file.getFileName().toString().equals("module-info.java")) {
                continue;
              }
              String pkg = packageOf(file);
              String owner = ownerOf(pkg);
              if (!name.equals(owner)) {
                problems.add(root.relativize(file) + ": package " + pkg + " belongs under "
                    + (owner == null ? "no module's root" : owner + "'s root " + ROOTS.get(owner))
                    + "; " + name + "'s root is " + ROOTS.get(name));
              }
            }
          }
        }
      }
    }

    assertThat(ROOTS.keySet()).as("every module with sources has a root in ROOTS")
        .containsAll(modulesWithSources);
    assertThat(modulesWithSources).as("the walk found the modules").contains("llmsql-core", "llmsql-models");
    assertThat(problems).as("packages outside their module's root; move them (and say so in CHANGELOG.md)")
        .isEmpty();
  }

  /** The module whose root is the longest prefix of {@code pkg}: llmsql-core for dev.llmsql.report. */
  static String ownerOf(String pkg) {
    String owner = null;
    int longest = -1;
    for (Map.Entry<String, String> e : ROOTS.entrySet()) {
      String r = e.getValue();
      if ((pkg.equals(r) || pkg.startsWith(r + ".")) && r.length() > longest) {
        owner = e.getKey();
        longest = r.length();
      }
    }
    return owner;
  }

  private static String packageOf(Path file) throws IOException {
    Matcher m = PACKAGE.matcher(Files.readString(file, StandardCharsets.UTF_8));
    return m.find() ? m.group(1) : "";
  }

  @Test
  void owner_isTheLongestRoot() {
    assertThat(ownerOf("dev.llmsql.report.html")).isEqualTo("llmsql-core");
    assertThat(ownerOf("dev.llmsql")).isEqualTo("llmsql-core");
    assertThat(ownerOf("dev.llmsql.judge.resultset")).isEqualTo("llmsql-judge");
    assertThat(ownerOf("dev.llmsql.judgement")).isEqualTo("llmsql-core");
    assertThat(ownerOf("dev.llmsql.models.suite")).isEqualTo("llmsql-models");
    assertThat(ownerOf("com.example")).isNull();
  }
}
