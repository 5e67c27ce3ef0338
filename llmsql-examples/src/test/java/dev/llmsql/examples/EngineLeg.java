package dev.llmsql.examples;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.QueryEngine;
import dev.llmsql.execution.QueryEngines;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.jdbc.PostgresServer;
import dev.llmsql.jdbc.load.JdbcImport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** One engine the conformance tests run on: the demo database loaded into it, and a digest of its contents. */
interface EngineLeg extends AutoCloseable {

  String name();

  QueryEngine engine();

  /** The demo database in this engine. */
  Database database();

  /** A digest of the database's schema and contents, to show that nothing changed it. */
  String snapshot() throws Exception;

  /**
   * Per judge, the questions whose verdict differs from SQLite's as {@code id:SQLITE->HERE}, each explained in
   * docs/ENGINES.md.
   */
  Map<String, List<String>> expectedDifferences();

  @Override
  default void close() throws java.io.IOException {
  }

  /** Every engine on the class path, with the demo loaded into a copy under {@code dir}. */
  static List<EngineLeg> all(Path dir) throws Exception {
    List<EngineLeg> legs = new ArrayList<>();
    Path sqlite = Files.copy(Path.of("demo", "demo.sqlite"), dir.resolve("demo.sqlite"));
    legs.add(new Sqlite(sqlite));
    legs.add(new Other("duckdb", JdbcImport.toDuckDb(sqlite, dir.resolve("demo.duckdb")), DIALECT_DIFFERENCES));
    legs.add(new Other("postgresql", JdbcImport.toPostgres(sqlite, PostgresServer.adminUrl(), PostgresServer.admin(),
        "demo", "llmsql_reader", "reader-secret"), DIALECT_DIFFERENCES));
    return legs;
  }

  /**
   * Where DuckDB's and PostgreSQL's verdicts differ from SQLite's on the demo, the same on both (docs/ENGINES.md):
   * 2, "Priya Nair" in double quotes is a string to SQLite when no column has that name, a column to the others;
   * 14, PERCENTILE_CONT ... WITHIN GROUP exists in both but not in SQLite (and gives a real where the gold's is an
   * integer, which only {@code strict} tells apart); 15, SUM/COUNT divides integers in SQLite (a whole number
   * against AVG's real, which only {@code strict} tells apart) but not in DuckDB (a double) or PostgreSQL (SUM of
   * integers is numeric); 23, ascending order puts NULL first in SQLite and last in both others, so ORDER BY ...
   * LIMIT 1 gives MIN's answer there.
   */
  Map<String, List<String>> DIALECT_DIFFERENCES = differences();

  private static Map<String, List<String>> differences() {
    List<String> common = List.of("2:MATCH->ERROR", "14:ERROR->MATCH", "23:MISMATCH->MATCH");
    Map<String, List<String>> all = new java.util.TreeMap<>();
    for (String judge : List.of("bird", "defog", "falcon", "llmsql", "llmsql-rs")) {
      all.put(judge, common);
    }
    all.put("strict", List.of("2:MATCH->ERROR", "14:ERROR->MISMATCH", "15:MISMATCH->MATCH", "23:MISMATCH->MATCH"));
    return Map.copyOf(all);
  }

  /** DuckDB or PostgreSQL with the demo imported; its snapshot is its executor's fingerprint, read afresh. */
  record Other(String name, Database database, Map<String, List<String>> expectedDifferences) implements EngineLeg {
    @Override
    public QueryEngine engine() {
      return QueryEngines.named(name);
    }

    @Override
    public String snapshot() {
      try (QueryExecutor executor = engine().open(database,
          new ExecutionLimits(java.time.Duration.ofSeconds(30), 1_000, 1))) {
        return executor.fingerprint();
      }
    }
  }

  /** SQLite, the reference: the demo file itself (a copy, so a failure could not touch the bundled one). */
  record Sqlite(Path file) implements EngineLeg {
    @Override
    public String name() {
      return "sqlite";
    }

    @Override
    public QueryEngine engine() {
      return QueryEngines.named("sqlite");
    }

    @Override
    public Database database() {
      return Database.file(file);
    }

    @Override
    public String snapshot() throws Exception {
      return DemoBenchmarkTest.sha256(file);
    }

    @Override
    public Map<String, List<String>> expectedDifferences() {
      return Map.of();
    }
  }
}
