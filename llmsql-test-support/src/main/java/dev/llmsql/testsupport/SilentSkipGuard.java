package dev.llmsql.testsupport;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.LifecycleMethodExecutionExceptionHandler;
import org.opentest4j.TestAbortedException;

/**
 * Turns an assumption that fails in {@code @BeforeAll} into a failure: JUnit then aborts the whole class, and
 * Surefire reports it as a class of 0 tests, neither run nor skipped, which is how a clone once hid three test
 * classes. What a class needs is declared with {@link Requires} instead, whose skip Surefire shows. Registered
 * for every test of the build by JUnit's extension auto-detection (the parent pom turns it on for Surefire).
 *
 * <pre>{@code
 * @BeforeAll
 * static void load() {
 *   assumeTrue(Files.exists(data));   // fails the class here: use @Requires(shared = ...) on it instead
 * }
 * }</pre>
 */
public final class SilentSkipGuard implements LifecycleMethodExecutionExceptionHandler {

  @Override
  public void handleBeforeAllMethodExecutionException(ExtensionContext context, Throwable throwable)
      throws Throwable {
    if (throwable instanceof TestAbortedException) {
      throw new AssertionError("an assumption failed in @BeforeAll of " + context.getDisplayName()
          + ", which would show as a class of 0 tests; declare what the class needs with @Requires so it shows "
          + "as skipped: " + throwable.getMessage(), throwable);
    }
    throw throwable;
  }
}
