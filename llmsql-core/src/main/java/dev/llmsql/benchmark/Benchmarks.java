package dev.llmsql.benchmark;

import static java.util.Objects.requireNonNull;

import dev.llmsql.config.EvaluatorSettings;
import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Stock {@link BenchmarkSource}s over local files. The LLMSQL download lives in {@code llmsql-sqlite}
 * ({@code dev.llmsql.sqlite.download.LlmsqlHub}).
 *
 * <pre>{@code
 * Evaluator.builder().benchmark(Benchmarks.local(Path.of("q.jsonl"), Path.of("db.sqlite")));
 * Evaluator.builder().benchmark(Benchmarks.localDatabases(Path.of("dev.jsonl"), Path.of("database")));
 * }</pre>
 */
public final class Benchmarks {

  /** The LLMSQL release downloaded when no benchmark is given (declared as {@code EvaluatorSettings.VERSION}). */
  public static final String DEFAULT_LLMSQL_VERSION = EvaluatorSettings.VERSION.defaultValue();
  /**
   * Where downloads live by default: {@code llmsql_workdir} in the working directory, or the
   * {@code llmsql.workdir} system property when set (CI caches, test builds); declared as
   * {@code EvaluatorSettings.WORKDIR_PATH}.
   */
  public static final Path DEFAULT_WORKDIR = EvaluatorSettings.WORKDIR_PATH.defaultValue();

  private Benchmarks() {
  }

  /**
   * {@code version} when it names an LLMSQL release ({@code "1.0"} or {@code "2.0"}); the one check both the
   * evaluator and the downloader apply.
   *
   * @throws IllegalArgumentException naming the versions there are
   */
  public static String requireLlmsqlVersion(String version) {
    requireNonNull(version, "version");
    if (!version.equals("1.0") && !version.equals("2.0")) {
      throw new IllegalArgumentException("version must be \"1.0\" or \"2.0\", but was \"" + version + "\"");
    }
    return version;
  }

  /** Questions and one SQLite database, as LLMSQL's {@code questions_path} and {@code db_path}. */
  public static BenchmarkSource local(Path questions, Path database) {
    requireNonNull(questions, "questions");
    requireNonNull(database, "database");
    return new LocalSource(BenchmarkFiles.singleDatabase(questions, database));
  }

  /**
   * Questions and a database of any engine: a file, or a JDBC URL in which {@code {db_id}} is filled in per
   * question (one database or schema per {@code db_id} on a server).
   */
  public static BenchmarkSource local(Path questions, dev.llmsql.execution.Database database) {
    requireNonNull(questions, "questions");
    requireNonNull(database, "database");
    return new LocalSource(BenchmarkFiles.of(questions, database));
  }

  /** Questions with {@code db_id}s and a directory {@code {dir}/{db_id}/{db_id}.sqlite}. */
  public static BenchmarkSource localDatabases(Path questions, Path databasesDir) {
    requireNonNull(questions, "questions");
    requireNonNull(databasesDir, "databasesDir");
    return new LocalSource(BenchmarkFiles.databaseDirectory(questions, databasesDir));
  }

  private record LocalSource(BenchmarkFiles files) implements BenchmarkSource {

    @Override
    public BenchmarkFiles resolve(DownloadListener listener) throws FileNotFoundException {
      // as for the database below: a questions path that exists but is no file (a directory, a device, a FIFO)
      // is an input error the questions reader names; only a missing one means the benchmark is unavailable
      if (!Files.exists(files.questions())) {
        requireRegularFile(files.questions(), "questions file", "--questions-path");
      }
      if (files.database() != null) {
        // A path that exists but is no database (a directory, a device) is an input error the executor names
        // before any work; only a missing one means the benchmark is unavailable. A server is checked when opened.
        if (files.databaseFile() != null && !Files.exists(files.databaseFile())) {
          requireRegularFile(files.databaseFile(), "database file", "--db-path");
        }
      } else if (!Files.isDirectory(files.databasesDir())) {
        throw new FileNotFoundException("databases directory not found: " + files.databasesDir()
            + "; pass an existing directory laid out as {dir}/{db_id}/{db_id}.sqlite (--databases-dir)");
      }
      return files;
    }

    private static void requireRegularFile(Path file, String what, String option)
        throws FileNotFoundException {
      if (!Files.isRegularFile(file)) {
        throw new FileNotFoundException(what + " not found: " + file.toAbsolutePath()
            + "; check the path given to " + option);
      }
    }

    @Override
    public String describe() {
      return files.database() != null
          ? "local " + files.questions() + " on " + files.database().describe()
          : "local " + files.questions() + " on databases in " + files.databasesDir();
    }
  }
}
