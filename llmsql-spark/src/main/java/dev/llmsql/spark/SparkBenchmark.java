package dev.llmsql.spark;

import static java.util.Objects.requireNonNull;

import dev.llmsql.benchmark.BenchmarkFiles;
import dev.llmsql.benchmark.BenchmarkSource;
import dev.llmsql.benchmark.Benchmarks;
import java.io.Serializable;
import java.nio.file.Path;

/**
 * One benchmark of a Spark evaluation: a questions JSONL and either one SQLite database for every question or a
 * directory laid out {@code {dir}/{db_id}/{db_id}.sqlite} (Spider, BIRD). Paths are as the driver sees them; each
 * executor sees the same paths on a shared filesystem, or its own copies when the evaluation distributes the files
 * ({@link SparkEvaluation.Builder#distributeFiles}).
 *
 * <pre>{@code
 * SparkBenchmark spider = SparkBenchmark.databasesDir("spider", Path.of("dev.jsonl"), Path.of("database"));
 * }</pre>
 *
 * @param name how reports and result rows name the benchmark; the {@code benchmark} column of the predictions
 *     selects it when an evaluation has several
 * @param questions the questions JSONL, as a path string (records of Spark jobs hold no {@link Path})
 * @param database the database file, or the databases directory when {@code directory}
 * @param directory whether {@code database} is a directory of databases, one per {@code db_id}
 */
public record SparkBenchmark(String name, String questions, String database, boolean directory)
    implements Serializable {

  private static final long serialVersionUID = 1L;

  public SparkBenchmark {
    requireNonNull(name, "name");
    requireNonNull(questions, "questions");
    requireNonNull(database, "database");
    if (name.isBlank()) {
      throw new IllegalArgumentException("a benchmark name must not be blank");
    }
  }

  /** A benchmark whose questions all run on one SQLite database (LLMSQL). */
  public static SparkBenchmark singleDatabase(String name, Path questions, Path database) {
    return new SparkBenchmark(name, questions.toAbsolutePath().normalize().toString(),
        database.toAbsolutePath().normalize().toString(), false);
  }

  /** A benchmark with one database per {@code db_id}, laid out {@code {dir}/{db_id}/{db_id}.sqlite} (Spider). */
  public static SparkBenchmark databasesDir(String name, Path questions, Path databasesDir) {
    return new SparkBenchmark(name, questions.toAbsolutePath().normalize().toString(),
        databasesDir.toAbsolutePath().normalize().toString(), true);
  }

  /** The benchmark source over these paths, or over the given local copies of them. */
  BenchmarkSource source(Path questionsFile, Path databaseFile) {
    return directory ? Benchmarks.localDatabases(questionsFile, databaseFile)
        : Benchmarks.local(questionsFile, databaseFile);
  }

  /** The benchmark source over the driver's paths. */
  BenchmarkSource source() {
    return source(Path.of(questions), Path.of(database));
  }

  /** The files of the driver's paths, resolved (they are local: nothing is downloaded). */
  BenchmarkFiles files() {
    try {
      return source().resolve((uri, done, total) -> { });
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("benchmark " + name + " cannot be read: " + e.getMessage(), e);
    }
  }
}
