package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaConstructor;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * No public constructor (a record's canonical one included) of the exported API takes more than
 * {@value #MAX_PARAMETERS} parameters: past that, a call is a row of positional values nobody can read or
 * review ({@code new X(1, null, 0, "a", null, ...)}), and adding one breaks every caller. Such a type takes a
 * builder, or groups its components into small records (as {@code PairedComparison.Side} or
 * {@code AuditReport.Limits} do).
 */
class ConstructorParametersTest {

  static final int MAX_PARAMETERS = 8;

  /**
   * Types left past the limit for now, each to be given a builder; remove a line when its type is done. Empty:
   * issue 23 gave {@code EvaluationReport} and {@code QuestionResult} theirs.
   */
  private static final Set<String> NOT_YET = Set.of();

  private static final JavaClasses CLASSES = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.llmsql");

  @Test
  void exportedPublicConstructors_takeAtMostEightParameters() throws IOException {
    Set<String> exported = ExportedApi.packages().keySet();
    List<String> tooMany = new ArrayList<>();
    int checked = 0;
    for (JavaClass c : CLASSES) {
      if (!exported.contains(c.getPackageName()) || !visible(c)) {
        continue;
      }
      checked++;
      String top = outermost(c).getName();
      for (JavaConstructor k : c.getConstructors()) {
        int n = k.getRawParameterTypes().size();
        if (k.getModifiers().contains(JavaModifier.PUBLIC) && n > MAX_PARAMETERS && !NOT_YET.contains(top)) {
          tooMany.add(c.getName() + " (" + n + " parameters)");
        }
      }
    }

    assertThat(checked).as("exported public types found").isGreaterThan(100);
    assertThat(tooMany).as("public constructors with more than " + MAX_PARAMETERS
        + " parameters; give the type a builder or group its components into small records").isEmpty();
  }

  @Test
  void notYet_namesOnlyTypesThatStillNeedIt() {
    // once a listed type is reshaped, its line goes, so the list never hides a new offender
    List<String> done = new ArrayList<>();
    for (String name : NOT_YET) {
      Optional<JavaClass> c = CLASSES.stream().filter(x -> x.getName().equals(name)).findFirst();
      boolean stillTooMany = c.isPresent() && c.get().getConstructors().stream()
          .anyMatch(k -> k.getModifiers().contains(JavaModifier.PUBLIC)
              && k.getRawParameterTypes().size() > MAX_PARAMETERS);
      if (!stillTooMany) {
        done.add(name);
      }
    }
    assertThat(done).as("types in NOT_YET that no longer need to be there; remove them from the list").isEmpty();
  }

  private static boolean visible(JavaClass c) {
    for (Optional<JavaClass> x = Optional.of(c); x.isPresent(); x = x.get().getEnclosingClass()) {
      if (!x.get().getModifiers().contains(JavaModifier.PUBLIC)) {
        return false;
      }
    }
    return true;
  }

  private static JavaClass outermost(JavaClass c) {
    JavaClass x = c;
    while (x.getEnclosingClass().isPresent()) {
      x = x.getEnclosingClass().get();
    }
    return x;
  }
}
