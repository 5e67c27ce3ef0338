package dev.llmsql.testsupport;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What a test class or method needs beyond the build: files of {@code ../shared} (the team's read-only reference
 * data, beside the project root in the team's workspace and on CI, never in a clone) and programs on the PATH.
 * Checked by {@link RequirementCondition} before anything of the test runs: in a user's clone a missing part
 * skips the class or method with one message naming it (a class shows as skipped, never as 0 tests); under
 * {@code CI=true} (and, for Chromium, {@code -Dllmsql.requireChromium=true}) it fails instead, so a green CI run
 * never hides a test that did not run. PostgreSQL and Spark are not parts: their tests start an embedded
 * server or a local session from the build's own dependencies and fail, everywhere, when that does not start.
 *
 * <pre>{@code
 * @Requires(shared = "data/llmsql2-fixture", programs = Program.PYTHON3)
 * class Llmsql2ExamplesTest {
 *   @BeforeAll
 *   static void setUp() throws Exception {
 *     database = Llmsql2Fixture.database();   // runs build_db.py from ../shared with python3
 *   }
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@ExtendWith(RequirementCondition.class)
public @interface Requires {

  /** Paths under {@code ../shared} the test reads, e.g. {@code "data/spider-dev-sample"}. */
  String[] shared() default {};

  /** Programs the test starts. */
  Program[] programs() default {};
}
