package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.llmsql.execution.Database;
import dev.llmsql.execution.QueryEngines;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Engines are plug-ins (issue 23): a module that registers a {@code QueryEngine} depends on llmsql-core and its
 * drivers, never on another engine module, so adding or dropping one engine touches no other; and the modules
 * below the facade (core's own packages, the engines, the judges, the AssertJ assertions) never use
 * {@code dev.llmsql.Evaluator}, which sits on top of them. Checked on the compiled classes, so an import that
 * only a Javadoc link makes does not count and a fully qualified name in code does.
 */
class EngineModulesTest {

  private static final JavaClasses CLASSES = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.llmsql");

  /** The module a class or resource comes from: its reactor directory or its jar. */
  private static final Pattern MODULE = Pattern.compile(".*/(llmsql-[a-z-]+?)(?:/target/|-\\d)");

  /**
   * Modules that sit on top of the facade and run evaluations through it, as the command line does: the model
   * runs (Falcon's tables) and Spark's distributed evaluation.
   */
  private static final Set<String> ABOVE_THE_FACADE = Set.of("llmsql-models", "llmsql-spark", "llmsql-cli",
      "llmsql-examples");

  @Test
  void engineModules_areTheOnesRegisteringAQueryEngine() throws IOException {
    assertThat(engineModules()).containsExactly("llmsql-jdbc", "llmsql-sqlite");
  }

  @Test
  void withEveryEngineModule_eachDatabaseFindsItsEngine() {
    assertThat(QueryEngines.forDatabase(Database.file(Path.of("x.sqlite"))).name()).isEqualTo("sqlite");
    assertThat(QueryEngines.forDatabase(Database.file(Path.of("x.duckdb"))).name()).isEqualTo("duckdb");
    assertThat(QueryEngines.forDatabase(Database.jdbc("jdbc:postgresql://h/db")).name()).isEqualTo("postgresql");
  }

  @Test
  void noEngineModule_dependsOnAnother() throws IOException {
    Set<String> engines = engineModules();
    List<String> problems = CLASSES.stream()
        .filter(c -> engines.contains(module(c)))
        .flatMap(c -> c.getDirectDependenciesFromSelf().stream())
        .filter(d -> engines.contains(module(d.getTargetClass())) && !module(d.getTargetClass()).equals(
            module(d.getOriginClass())))
        .map(Dependency::getDescription).distinct().sorted().toList();

    assertThat(problems).as("engine modules depending on other engine modules").isEmpty();
  }

  @Test
  void noLibraryModuleBelowTheFacade_usesIt() {
    List<String> problems = CLASSES.stream()
        .filter(c -> !ABOVE_THE_FACADE.contains(module(c)) && !c.getPackageName().equals("dev.llmsql"))
        .flatMap(c -> c.getDirectDependenciesFromSelf().stream())
        .filter(d -> d.getTargetClass().getName().equals("dev.llmsql.Evaluator")
            || d.getTargetClass().getName().startsWith("dev.llmsql.Evaluator$"))
        .map(Dependency::getDescription).distinct().sorted().toList();

    assertThat(problems).as("library code using the facade dev.llmsql.Evaluator").isEmpty();
  }

  @Test
  void everyLibraryModulesClasses_areImported() {
    Set<String> modules = new TreeSet<>();
    CLASSES.stream().map(EngineModulesTest::module).forEach(modules::add);

    // a module missing from the class path would pass the rules above unchecked (llmsql-spark is not on it: it
    // runs evaluations through the facade, as llmsql-models and the command line do)
    assertThat(modules).contains("llmsql-core", "llmsql-sqlite", "llmsql-jdbc", "llmsql-judge", "llmsql-assertj",
        "llmsql-models", "llmsql-cli");
  }

  /** The modules whose {@code META-INF/services} register a {@code QueryEngine}. */
  private static Set<String> engineModules() throws IOException {
    Set<String> modules = new TreeSet<>();
    for (URL url : Collections.list(EngineModulesTest.class.getClassLoader()
        .getResources("META-INF/services/dev.llmsql.execution.QueryEngine"))) {
      modules.add(module(url.toString()));
    }
    return modules;
  }

  private static String module(JavaClass c) {
    return c.getSource().map(s -> module(s.getUri().toString())).orElse("?");
  }

  private static String module(String location) {
    Matcher m = MODULE.matcher(location);
    return m.lookingAt() ? m.group(1) : "?";
  }
}
