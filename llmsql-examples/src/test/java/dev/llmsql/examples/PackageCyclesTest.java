package dev.llmsql.examples;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * No two {@code dev.llmsql} packages depend on each other, directly or through others, across every module's
 * main classes (this module depends on all of them): a cycle means neither package can be understood, tested or
 * moved without the other, as scoring and report, or benchmark and the engine, once were.
 */
class PackageCyclesTest {

  private static final JavaClasses CLASSES = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.llmsql");

  @Test
  void everyModulesClasses_areImported() {
    Set<String> packages = new TreeSet<>();
    CLASSES.stream().map(JavaClass::getPackageName).forEach(packages::add);

    // one package of each module: a module missing from the class path would pass the rule below unchecked
    assertThat(packages).contains("dev.llmsql", "dev.llmsql.engine", "dev.llmsql.sqlite", "dev.llmsql.jdbc",
        "dev.llmsql.judge.resultset", "dev.llmsql.models.inference", "dev.llmsql.assertj", "dev.llmsql.cli",
        "dev.llmsql.examples");
  }

  @Test
  void packages_areFreeOfCycles() {
    // one slice per package, dev.llmsql itself included (slices().matching("dev.llmsql.(**)") leaves it out):
    // dev.llmsql.report and dev.llmsql.report.html are two slices
    slices().assignedFrom(PER_PACKAGE).should().beFreeOfCycles().check(CLASSES);
  }

  private static final SliceAssignment PER_PACKAGE = new SliceAssignment() {
    @Override
    public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
      return javaClass.getPackageName().startsWith("dev.llmsql") ? SliceIdentifier.of(javaClass.getPackageName())
          : SliceIdentifier.ignore();
    }

    @Override
    public String getDescription() {
      return "dev.llmsql packages";
    }
  };
}
