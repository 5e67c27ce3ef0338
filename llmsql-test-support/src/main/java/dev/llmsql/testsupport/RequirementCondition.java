package dev.llmsql.testsupport;

import java.lang.reflect.AnnotatedElement;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Checks a {@link Requires} before the class or method runs. Missing parts disable it with the reason
 * ({@code skipped: ...}), which Surefire reports as skipped, a whole class as one skipped entry; in strict mode
 * the condition lets it start and {@code beforeAll} / {@code beforeEach} fail it with the same reason, before
 * any {@code @BeforeAll} of the test reads the missing part. Strict is {@code CI=true} for every part, and
 * {@code -Dllmsql.requireChromium=true} for Chromium. The JUnit configuration parameter {@code llmsql.ci}, when
 * given, stands for the variable {@code CI} (for the tests of this mechanism, which run on CI too).
 *
 * <pre>{@code
 * // registered by @Requires itself; a test never names this class
 * @Requires(programs = Program.CHROMIUM)
 * class HtmlReportBrowserTest { }
 * }</pre>
 */
public final class RequirementCondition implements ExecutionCondition, BeforeAllCallback, BeforeEachCallback {

  /** Configuration parameter that, when set, replaces the environment variable {@code CI}. */
  static final String CI_PARAMETER = "llmsql.ci";

  /** Makes a missing Chromium a failure (set by .ci/run). */
  static final String REQUIRE_CHROMIUM = "llmsql.requireChromium";

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    Optional<String> skip = decide(context).skipReason();
    return skip.isPresent() ? ConditionEvaluationResult.disabled(skip.get())
        : ConditionEvaluationResult.enabled("every part it @Requires is here, or missing ones fail it");
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    failIfStrict(context);
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    failIfStrict(context);
  }

  private static void failIfStrict(ExtensionContext context) {
    Optional<String> failure = decide(context).failure();
    if (failure.isPresent()) {
      throw new AssertionError(failure.get());
    }
  }

  /** The decision for the context's own element: a class's annotation at class level, a method's at its own. */
  private static Decision decide(ExtensionContext context) {
    Optional<AnnotatedElement> element = context.getElement();
    Optional<Requires> requires = element.flatMap(e -> AnnotationSupport.findAnnotation(e, Requires.class));
    if (requires.isEmpty()) {
      return new Decision(List.of(), null);
    }
    return decide(requires.get(), System.getenv(), context::getConfigurationParameter, Path.of(""));
  }

  /**
   * What {@code requires} lacks in this environment ({@code env} the process environment, {@code parameter} the
   * JUnit configuration parameters and system properties, {@code workingDirectory} where {@code ../shared} is
   * looked for), and whether that is a failure rather than a skip.
   */
  static Decision decide(Requires requires, Map<String, String> env, Function<String, Optional<String>> parameter,
                         Path workingDirectory) {
    List<String> missing = new ArrayList<>();
    for (String relative : requires.shared()) {
      if (SharedFiles.find(relative, workingDirectory).isEmpty()) {
        missing.add(SharedFiles.missing(relative));
      }
    }
    boolean chromiumMissing = false;
    for (Program program : requires.programs()) {
      if (program.find(env).isEmpty()) {
        missing.add(program.missing());
        chromiumMissing |= program == Program.CHROMIUM;
      }
    }
    String strictBy = null;
    if ("true".equalsIgnoreCase(parameter.apply(CI_PARAMETER).orElse(env.get("CI")))) {
      strictBy = "CI=true";
    } else if (chromiumMissing && parameter.apply(REQUIRE_CHROMIUM).map(Boolean::parseBoolean).orElse(false)) {
      strictBy = "-D" + REQUIRE_CHROMIUM + "=true";
    }
    return new Decision(missing, strictBy);
  }

  /** The parts missing and, in strict mode, what made it strict ({@code null} otherwise). */
  record Decision(List<String> missing, String strictBy) {

    Optional<String> skipReason() {
      return missing.isEmpty() || strictBy != null ? Optional.empty()
          : Optional.of("skipped: " + String.join("; ", missing));
    }

    Optional<String> failure() {
      return missing.isEmpty() || strictBy == null ? Optional.empty()
          : Optional.of(String.join("; ", missing) + "; " + strictBy + ", so this fails instead of skipping");
    }
  }
}
