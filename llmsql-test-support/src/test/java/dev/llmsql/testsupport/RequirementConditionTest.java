package dev.llmsql.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * {@link Requires}: in a clone a missing part skips (a class as one skipped entry with the reason, before its
 * {@code @BeforeAll}); under {@code CI=true}, and for Chromium under {@code -Dllmsql.requireChromium=true}, it
 * fails with the same reason. The nested classes are run through the JUnit Launcher as Surefire runs a class
 * (Surefire itself never runs them: it leaves out nested classes).
 */
class RequirementConditionTest {

  private static final String NO_DATA = "../shared/no/such/data is not beside the project root (it ships with the "
      + "team's workspace and CI, not with a clone)";
  private static final String NO_PYTHON = "python3 is not on the PATH; install it (apt-get install python3; "
      + ".ci/run does)";
  private static final String NO_CHROMIUM = "Chromium is not on the PATH (chromium, chromium-browser, "
      + "google-chrome) and LLMSQL_CHROMIUM is not set; install it (apt-get install chromium; .ci/run does) or "
      + "set LLMSQL_CHROMIUM to its path";

  @TempDir
  Path dir;

  @Requires(shared = "no/such/data")
  static class NeedsMissingData {
    static boolean beforeAllRan;

    @BeforeAll
    static void readTheData() {
      beforeAllRan = true;
    }

    @Test
    void readsIt() {
    }

    @Test
    void readsItAgain() {
    }
  }

  static class OneMethodNeedsMissingData {
    @Test
    @Requires(shared = "no/such/data")
    void readsIt() {
    }

    @Test
    void needsNothing() {
    }
  }

  @Requires(shared = "data/bench", programs = {Program.PYTHON3, Program.CHROMIUM})
  static class NeedsEverything {
  }

  @Requires(programs = Program.CHROMIUM)
  static class NeedsChromium {
  }

  @Requires(programs = Program.PYTHON3)
  static class NeedsPython {
  }

  static class AssumesInBeforeAll {
    @BeforeAll
    static void assume() {
      assumeTrue(false, "no data here");
    }

    @Test
    void neverRuns() {
    }
  }

  private static RequirementCondition.Decision decide(Class<?> annotated, Map<String, String> env,
                                                      Map<String, String> parameters, Path workingDirectory) {
    return RequirementCondition.decide(annotated.getAnnotation(Requires.class), env,
        key -> Optional.ofNullable(parameters.get(key)), workingDirectory);
  }

  @Test
  void decide_missingShared_skipsWithTheReasonInAClone() {
    RequirementCondition.Decision decision = decide(NeedsMissingData.class, Map.of("PATH", ""), Map.of(), dir);

    assertThat(decision.skipReason()).contains("skipped: " + NO_DATA);
    assertThat(decision.failure()).isEmpty();
  }

  @Test
  void decide_missingShared_failsUnderCi() {
    RequirementCondition.Decision decision = decide(NeedsMissingData.class, Map.of("CI", "true"), Map.of(), dir);

    assertThat(decision.skipReason()).isEmpty();
    assertThat(decision.failure()).contains(NO_DATA + "; CI=true, so this fails instead of skipping");
  }

  @Test
  void decide_everythingMissing_namesEachPartInOneLine() {
    RequirementCondition.Decision decision = decide(NeedsEverything.class, Map.of("PATH", dir.toString()),
        Map.of(), dir);

    assertThat(decision.skipReason()).contains("skipped: ../shared/data/bench is not beside the project root (it "
        + "ships with the team's workspace and CI, not with a clone); " + NO_PYTHON + "; " + NO_CHROMIUM);
  }

  @Test
  void decide_everythingPresent_runs() throws Exception {
    // shared/ beside the project, the test running in a module two levels below it, programs on PATH
    Files.createDirectories(dir.resolve("shared/data/bench"));
    Path module = Files.createDirectories(dir.resolve("project/llmsql-x"));
    Path bin = Files.createDirectories(dir.resolve("bin"));
    for (String program : List.of("python3", "chromium-browser")) {
      Files.writeString(bin.resolve(program), "#!/bin/sh\n").toFile().setExecutable(true);
    }
    RequirementCondition.Decision decision = decide(NeedsEverything.class,
        Map.of("PATH", "/nonexistent:" + bin, "CI", "true"), Map.of(), module);

    assertThat(decision.missing()).isEmpty();
    assertThat(decision.skipReason()).isEmpty();
    assertThat(decision.failure()).isEmpty();
  }

  @Test
  void decide_chromiumFromItsVariable_isFound() throws Exception {
    Path browser = Files.writeString(dir.resolve("my-chrome"), "#!/bin/sh\n");
    browser.toFile().setExecutable(true);

    assertThat(decide(NeedsChromium.class, Map.of("LLMSQL_CHROMIUM", browser.toString()), Map.of(), dir).missing())
        .isEmpty();
    assertThat(Program.CHROMIUM.find(Map.of("LLMSQL_CHROMIUM", browser.toString()))).contains(browser);
  }

  @Test
  void decide_requireChromium_makesOnlyAMissingChromiumAFailure() {
    Map<String, String> requireChromium = Map.of("llmsql.requireChromium", "true");

    assertThat(decide(NeedsChromium.class, Map.of(), requireChromium, dir).failure())
        .contains(NO_CHROMIUM + "; -Dllmsql.requireChromium=true, so this fails instead of skipping");
    assertThat(decide(NeedsPython.class, Map.of(), requireChromium, dir).skipReason())
        .contains("skipped: " + NO_PYTHON);
  }

  @Test
  void decide_ciParameter_standsForTheVariable() {
    assertThat(decide(NeedsPython.class, Map.of("CI", "true"), Map.of("llmsql.ci", "false"), dir).skipReason())
        .contains("skipped: " + NO_PYTHON);
    assertThat(decide(NeedsPython.class, Map.of(), Map.of("llmsql.ci", "true"), dir).failure())
        .contains(NO_PYTHON + "; CI=true, so this fails instead of skipping");
  }

  @Test
  void sharedFiles_undeclaredMissingPath_failsNamingTheAnnotation() {
    assertThatThrownBy(() -> SharedFiles.path("no/such/data"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(NO_DATA + "; declare @Requires(shared = \"no/such/data\") on the test so that a clone skips it");
  }

  @Test
  void launcher_classMissingShared_isOneSkippedClassWithTheReason_beforeItsBeforeAll() {
    List<String> events = run(NeedsMissingData.class, "false");

    assertThat(events).containsExactly("skipped RequirementConditionTest$NeedsMissingData: skipped: " + NO_DATA);
    assertThat(NeedsMissingData.beforeAllRan).isFalse();
  }

  @Test
  void launcher_classMissingSharedUnderCi_failsBeforeItsBeforeAll() {
    List<String> events = run(NeedsMissingData.class, "true");

    assertThat(events).containsExactly(
        "FAILED RequirementConditionTest$NeedsMissingData: " + NO_DATA + "; CI=true, so this fails instead of skipping");
    assertThat(NeedsMissingData.beforeAllRan).isFalse();
  }

  @Test
  void launcher_methodMissingShared_skipsThatMethodOnly() {
    assertThat(run(OneMethodNeedsMissingData.class, "false")).containsExactlyInAnyOrder(
        "skipped readsIt(): skipped: " + NO_DATA, "SUCCESSFUL needsNothing()", "SUCCESSFUL RequirementConditionTest$OneMethodNeedsMissingData");
    assertThat(run(OneMethodNeedsMissingData.class, "true")).containsExactlyInAnyOrder(
        "FAILED readsIt(): " + NO_DATA + "; CI=true, so this fails instead of skipping", "SUCCESSFUL needsNothing()",
        "SUCCESSFUL RequirementConditionTest$OneMethodNeedsMissingData");
  }

  @Test
  void launcher_assumptionInBeforeAll_failsTheClassInsteadOfShowingNoTests() {
    assertThat(run(AssumesInBeforeAll.class, "false")).containsExactly("FAILED RequirementConditionTest$AssumesInBeforeAll: "
        + "an assumption failed in @BeforeAll of RequirementConditionTest$AssumesInBeforeAll, which would show as a class of 0 tests; declare what the "
        + "class needs with @Requires so it shows as skipped: Assumption failed: no data here");
  }

  /** Runs {@code testClass} as Surefire does (auto-detected extensions on), {@code llmsql.ci} set to {@code ci}. */
  private static List<String> run(Class<?> testClass, String ci) {
    List<String> events = new ArrayList<>();
    TestExecutionListener listener = new TestExecutionListener() {
      @Override
      public void executionSkipped(TestIdentifier id, String reason) {
        events.add("skipped " + id.getDisplayName() + ": " + reason);
      }

      @Override
      public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        if (id.getSource().isPresent()) {
          events.add(result.getStatus() + " " + id.getDisplayName()
              + result.getThrowable().map(t -> ": " + t.getMessage()).orElse(""));
        }
      }
    };
    LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(testClass))
        .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "true")
        .configurationParameter("llmsql.ci", ci)
        .configurationParameter("llmsql.requireChromium", "false")
        .build(), listener);
    return events;
  }
}
