package dev.llmsql.examples;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.QueryEngine;
import dev.llmsql.execution.QueryEngines;
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
    legs.add(new Sqlite(Files.copy(Path.of("demo", "demo.sqlite"), dir.resolve("demo.sqlite"))));
    return legs;
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
