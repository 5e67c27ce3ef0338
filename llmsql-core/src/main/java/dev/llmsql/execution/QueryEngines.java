package dev.llmsql.execution;

import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/**
 * The {@link QueryEngine}s on the class path, found with {@link ServiceLoader}.
 *
 * <pre>{@code
 * QueryEngine sqlite = QueryEngines.named("sqlite");
 * QueryEngine forUrl = QueryEngines.forDatabase(Database.jdbc("jdbc:duckdb:/data/spider.duckdb"));
 * }</pre>
 */
public final class QueryEngines {

  private QueryEngines() {
  }

  /** Every engine on the class path, in {@link ServiceLoader} order. */
  public static List<QueryEngine> all() {
    return ServiceLoader.load(QueryEngine.class, QueryEngines.class.getClassLoader()).stream()
        .map(ServiceLoader.Provider::get).toList();
  }

  /**
   * The engine called {@code name}.
   *
   * @throws IllegalArgumentException naming the engines there are and the module that adds the one asked for
   */
  public static QueryEngine named(String name) {
    List<QueryEngine> all = all();
    return all.stream().filter(e -> e.name().equalsIgnoreCase(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no query engine \"" + name + "\" on the class path ("
            + names(all) + "); add llmsql-sqlite for sqlite, llmsql-jdbc for duckdb and postgresql"));
  }

  /**
   * The first engine that accepts {@code database}.
   *
   * @throws IllegalArgumentException when none does, naming the engines there are
   */
  public static QueryEngine forDatabase(Database database) {
    List<QueryEngine> all = all();
    return all.stream().filter(e -> e.accepts(database)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no query engine on the class path runs "
            + database.describe() + " (" + names(all) + "); add llmsql-sqlite for SQLite files, llmsql-jdbc for "
            + "DuckDB and PostgreSQL, or name the engine with engine(...) / --engine"));
  }

  private static String names(List<QueryEngine> engines) {
    return engines.isEmpty() ? "none found"
        : "found: " + engines.stream().map(QueryEngine::name).collect(Collectors.joining(", "));
  }
}
