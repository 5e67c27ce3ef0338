package dev.llmsql.execution;

import java.util.ServiceLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the {@link QueryExecutor} on the class path.
 *
 * <pre>{@code
 * QueryExecutor executor = QueryExecutors.discover(new ExecutionLimits(Duration.ofSeconds(10), 100_000, 2));
 * }</pre>
 */
public final class QueryExecutors {

  private static final Logger LOG = LoggerFactory.getLogger(QueryExecutors.class);

  private QueryExecutors() {
  }

  /**
   * The first {@link QueryExecutorFactory} found by {@link ServiceLoader}.
   *
   * @throws IllegalStateException when none is on the class path, naming the module to add
   */
  public static QueryExecutor discover(ExecutionLimits limits) {
    QueryExecutorFactory factory = ServiceLoader.load(QueryExecutorFactory.class).findFirst()
        .orElseThrow(() -> new IllegalStateException(
            "No QueryExecutor on the classpath: add llmsql-sqlite or call builder().executor(...)"));
    LOG.debug("Using query executor factory {}", factory.getClass().getName());
    return factory.create(limits);
  }
}
