package dev.llmsql.benchmark;

import static java.util.Objects.requireNonNull;

import dev.llmsql.execution.Database;
import java.nio.file.Path;

/**
 * What a benchmark consists of once it is resolved: the questions JSONL and either one database (LLMSQL's
 * SQLite file, or any {@link Database}: a JDBC URL whose {@code {db_id}} each question fills in maps Spider's
 * layout onto a server) or a directory of SQLite databases (Spider/BIRD: {@code {dir}/{db_id}/{db_id}.sqlite}).
 *
 * <pre>{@code
 * BenchmarkFiles files = BenchmarkFiles.singleDatabase(Path.of("questions.jsonl"), Path.of("sqlite_tables.db"));
 * Question question = Evaluator.readQuestions(files.questions()).get(1);
 * Database db = files.databaseFor(question);
 * BenchmarkFiles onServer = BenchmarkFiles.of(Path.of("dev.jsonl"), Database.jdbc("jdbc:postgresql://h/{db_id}"));
 * }</pre>
 *
 * @param questions the questions JSONL file
 * @param database the single database (or URL template), or null when {@code databasesDir} is set
 * @param databasesDir the directory of per-question databases, or null when {@code database} is set
 */
public record BenchmarkFiles(Path questions, Database database, Path databasesDir) {

  public BenchmarkFiles {
    requireNonNull(questions, "questions");
    if ((database == null) == (databasesDir == null)) {
      throw new IllegalArgumentException(
          "give exactly one of database (one SQLite file) or databasesDir ({dir}/{db_id}/{db_id}.sqlite)");
    }
  }

  /** Questions and the one database they all run on (the LLMSQL layout). */
  public static BenchmarkFiles singleDatabase(Path questions, Path database) {
    return new BenchmarkFiles(questions, Database.file(requireNonNull(database, "database")), null);
  }

  /** Questions and the database they run on, any engine; a URL's {@code {db_id}} is filled per question. */
  public static BenchmarkFiles of(Path questions, Database database) {
    return new BenchmarkFiles(questions, requireNonNull(database, "database"), null);
  }

  /** The single database's file, or null when there is none or it is not a file. */
  public Path databaseFile() {
    return database instanceof Database.File f ? f.path() : null;
  }

  /** Questions whose {@code db_id} picks {@code {databasesDir}/{db_id}/{db_id}.sqlite}. */
  public static BenchmarkFiles databaseDirectory(Path questions, Path databasesDir) {
    return new BenchmarkFiles(questions, null, requireNonNull(databasesDir, "databasesDir"));
  }

  /**
   * The database a question runs on. With a single database a question's {@code db_id} is ignored unless the
   * database is a URL holding {@code {db_id}}; with a directory, a question without {@code db_id}, or whose
   * {@code db_id} is not a plain name (see {@link #outsideDirectory}), is an error the caller reports.
   *
   * @throws IllegalArgumentException for such a {@code db_id}, naming the fix
   */
  public Database databaseFor(Question question) {
    if (database != null) {
      return database.forDbId(question.dbId());
    }
    String dbId = question.dbId();
    if (dbId == null) {
      throw new IllegalArgumentException("question " + question.id()
          + " has no db_id, but the benchmark uses a databases directory (" + databasesDir
          + "); add \"db_id\" to the question or pass a single database with dbPath");
    }
    String outside = outsideDirectory(question);
    if (outside != null) {
      throw new IllegalArgumentException(outside);
    }
    return Database.file(databasesDir.resolve(dbId).resolve(dbId + ".sqlite"));
  }

  /**
   * Why a question's {@code db_id} is not a plain database name, or null when it is (or there is no
   * directory, or no {@code db_id}). A {@code db_id} must be one plain name: not empty, not {@code .} or
   * {@code ..}, no {@code /} or {@code \}, no NUL, no {@code :} (a drive letter such as {@code C:x}), so it
   * cannot be absolute. Only the text is confined: the questions file is input, and a crafted {@code db_id}
   * must not name a database elsewhere, but the databases directory is the user's, so links they made inside
   * it ({@code DIR/car_1 -> /data/spider/car_1}) are followed.
   */
  public String outsideDirectory(Question question) {
    String dbId = question.dbId();
    if (databasesDir == null || dbId == null) {
      return null;
    }
    String why = dbId.isEmpty() ? "is empty"
        : dbId.equals(".") || dbId.equals("..") ? "is '" + dbId + "'"
        : dbId.indexOf('/') >= 0 || dbId.indexOf('\\') >= 0 ? "holds a path separator"
        : dbId.indexOf('\0') >= 0 ? "holds a NUL character"
        : dbId.indexOf(':') >= 0 ? "holds ':' (a drive letter)"
        : null;
    if (why == null) {
      return null;
    }
    return "db_id \"" + dbId.replace("\0", "\\0") + "\" is not a plain database name: it " + why
        + "; a db_id names a folder {dir}/{db_id}/{db_id}.sqlite inside the databases directory " + databasesDir;
  }
}
