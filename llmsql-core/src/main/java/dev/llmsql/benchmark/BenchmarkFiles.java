package dev.llmsql.benchmark;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;

/**
 * The local files a benchmark consists of once it is resolved: the questions JSONL and either one
 * SQLite database (LLMSQL) or a directory of databases (Spider/BIRD: {@code {dir}/{db_id}/{db_id}.sqlite}).
 *
 * <pre>{@code
 * BenchmarkFiles files = BenchmarkFiles.singleDatabase(Path.of("questions.jsonl"), Path.of("sqlite_tables.db"));
 * Path db = files.databaseFor(question);
 * }</pre>
 *
 * @param questions the questions JSONL file
 * @param database the single database, or null when {@code databasesDir} is set
 * @param databasesDir the directory of per-question databases, or null when {@code database} is set
 */
public record BenchmarkFiles(Path questions, Path database, Path databasesDir) {

  public BenchmarkFiles {
    requireNonNull(questions, "questions");
    if ((database == null) == (databasesDir == null)) {
      throw new IllegalArgumentException(
          "give exactly one of database (one SQLite file) or databasesDir ({dir}/{db_id}/{db_id}.sqlite)");
    }
  }

  /** Questions and the one database they all run on (the LLMSQL layout). */
  public static BenchmarkFiles singleDatabase(Path questions, Path database) {
    return new BenchmarkFiles(questions, requireNonNull(database, "database"), null);
  }

  /** Questions whose {@code db_id} picks {@code {databasesDir}/{db_id}/{db_id}.sqlite}. */
  public static BenchmarkFiles databaseDirectory(Path questions, Path databasesDir) {
    return new BenchmarkFiles(questions, null, requireNonNull(databasesDir, "databasesDir"));
  }

  /**
   * The database file a question runs on. With a single database a question's {@code db_id} is ignored;
   * with a directory, a question without {@code db_id} is an error the caller reports.
   */
  public Path databaseFor(Question question) {
    if (database != null) {
      return database;
    }
    String dbId = question.dbId();
    if (dbId == null) {
      throw new IllegalArgumentException("question " + question.id()
          + " has no db_id, but the benchmark uses a databases directory (" + databasesDir
          + "); add \"db_id\" to the question or pass a single database with dbPath");
    }
    return databasesDir.resolve(dbId).resolve(dbId + ".sqlite");
  }
}
