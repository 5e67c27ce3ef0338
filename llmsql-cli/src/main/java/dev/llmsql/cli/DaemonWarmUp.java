package dev.llmsql.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.llmsql.benchmark.BoundedLineReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What the evaluation daemon evaluates a few times while nobody waits for it, so that the JIT has compiled the
 * evaluation's hot paths, with the real run's profile, before the first real run: the first
 * {@value #PREDICTIONS} predictions of the run that started the daemon, on its questions and database (a plain
 * {@code --outputs}, {@code --questions-path} and {@code --db-path} run; the pool of that database stays open,
 * schema read, for the next run on it), or else a small LLMSQL-shaped benchmark of its own (tables, questions,
 * completions in the wrappers models use, right, wrong and broken ones). Without it the daemon's first run paid
 * for C2's compilations on the cores the evaluation wanted: 3 to 3.9 s on LLMSQL's full preset, against 1.9 s for
 * a run in its own C1-only JVM (docs/PERFORMANCE.md). Everything lives in one folder the daemon made in its
 * private directory, deleted at the end.
 *
 * <pre>{@code
 * DaemonWarmUp warmUp = DaemonWarmUp.create(privateDir, "warm-up-", launchingArgs);
 * for (int round = 0; round < warmUp.rounds(); round++) warmUp.round(round);
 * warmUp.delete();
 * }</pre>
 */
final class DaemonWarmUp {

  /** Rounds on the built-in benchmark; a launching run's inputs get {@value #RUN_ROUNDS}. */
  static final int ROUNDS = 12;
  /** Rounds on the launching run's predictions: a first run and a repeated one, four times. */
  static final int RUN_ROUNDS = 8;
  static final int TABLES = 40;
  static final int QUESTIONS = 600;
  /**
   * Predictions taken from the launching run's file: short rounds, so that a client coming meanwhile waits
   * little. All 16,000 of LLMSQL's full preset, four rounds, warmed better (a first run after it 1.7 s against
   * 2.1 s) but cost 12 s of CPU and slowed runs that came meanwhile to 2.9 to 3.6 s (docs/PERFORMANCE.md).
   */
  static final int PREDICTIONS = 2_000;
  static final int PREDICTION_BYTES = 4 << 20;
  /**
   * Seconds per statement: the launching run's own limits are not its warm-up's, and predictions that run long
   * (or forever) must not keep the daemon's cores for long: a round of 2,000 that all run into it takes 100 s on
   * two threads, a hundredth of what the launching run spent on them at its default limit, and a round that
   * slow ends the warm-up. A real LLMSQL statement takes well under a millisecond; 0.02 s was too tight for the
   * built-in benchmark's first statements on a loaded machine.
   */
  static final String QUERY_TIMEOUT = "0.1";

  private static final String[] NAMES = {"Ahmed Khan", "Maria Lopez", "Kenji Sato", "Emma Brown", "Lars Berg",
      "Priya Rao", "José Díaz", "Anna Novak"};
  private static final String[] TEAMS = {"Oval", "Harbour", "North End", "Riverside", "Old Mill"};

  private static final JsonFactory JSON = new JsonFactory();

  private final Path dir;
  private final Path questions;
  private final Path database;
  private final int rounds;

  private DaemonWarmUp(Path dir, Path questions, Path database, int rounds) {
    this.dir = dir;
    this.questions = questions;
    this.database = database;
    this.rounds = rounds;
  }

  /** How many rounds to run. */
  int rounds() {
    return rounds;
  }

  /**
   * Writes the predictions (and, without a usable launching run, the database and questions) into a new folder
   * under {@code parent} whose name starts with {@code prefix}.
   *
   * @param launching the command line of the run that started the daemon (may be empty)
   */
  static DaemonWarmUp create(Path parent, String prefix, List<String> launching) throws IOException {
    Path dir = Files.createTempDirectory(parent, prefix);
    try {
      Optional<DaemonWarmUp> fromRun = fromRun(dir, launching);
      return fromRun.isPresent() ? fromRun.get() : synthetic(dir);
    } catch (IOException | RuntimeException e) {
      ScratchFolders.delete(dir);
      throw e;
    }
  }

  /** The launching run's inputs when it names all three and they are regular files. */
  private static Optional<DaemonWarmUp> fromRun(Path dir, List<String> args) throws IOException {
    if (!DaemonAdmission.admits(args)) {
      return Optional.empty();
    }
    Optional<Path> outputs = file(args, "--outputs");
    Optional<Path> questions = file(args, "--questions-path");
    Optional<Path> database = file(args, "--db-path");
    if (outputs.isEmpty() || questions.isEmpty() || database.isEmpty()) {
      return Optional.empty();
    }
    List<String> lines = new ArrayList<>();
    long chars = 0;
    // the project's bounded reader: one hostile line (or /dev/zero behind a name) must not fill the daemon
    try (BoundedLineReader in = BoundedLineReader.open(outputs.get(), PREDICTION_BYTES)) {
      for (String line = in.readLine(); line != null && lines.size() < PREDICTIONS && chars < PREDICTION_BYTES;
          line = in.readLine()) {
        lines.add(line);
        chars += line.length();
      }
    } catch (IOException | RuntimeException e) {
      return Optional.empty();   // not ours to explain: the real run says what is wrong with it
    }
    Files.write(dir.resolve("outputs.jsonl"), lines, StandardCharsets.UTF_8);
    return Optional.of(new DaemonWarmUp(dir, questions.get(), database.get(), RUN_ROUNDS));
  }

  /**
   * The value of {@code option} ({@code --option value} or {@code --option=value}; the last one given, as the
   * command line reads it) when it is a regular file.
   */
  private static Optional<Path> file(List<String> args, String option) {
    String value = null;
    for (int i = 1; i < args.size(); i++) {
      if (args.get(i).equals(option) && i + 1 < args.size()) {
        value = args.get(++i);
      } else if (args.get(i).startsWith(option + "=")) {
        value = args.get(i).substring(option.length() + 1);
      }
    }
    if (value == null) {
      return Optional.empty();
    }
    try {
      Path path = Path.of(value).toAbsolutePath();
      return Files.isRegularFile(path) ? Optional.of(path) : Optional.empty();
    } catch (java.nio.file.InvalidPathException e) {
      return Optional.empty();
    }
  }

  private static DaemonWarmUp synthetic(Path dir) throws IOException {
    writeDatabase(dir.resolve("tables.db"));
    List<String> questions = new ArrayList<>();
    List<String> predictions = new ArrayList<>();
    for (int id = 1; id <= QUESTIONS; id++) {
      String table = table(id % TABLES);
      String name = NAMES[id % NAMES.length];
      String gold = switch (id % 3) {
        case 0 -> "SELECT \"Team\" FROM \"" + table + "\" WHERE \"Name\" = '" + name + "';";
        case 1 -> "SELECT MAX(\"Points\") FROM \"" + table + "\" WHERE \"Team\" = '" + TEAMS[id % TABLES % 5]
            + "';";
        default -> "SELECT COUNT(\"Name\") FROM \"" + table + "\" WHERE \"Year\" > " + (2000 + id % 20) + ".0;";
      };
      questions.add(jsonLine(id, "sql", gold, table));
      predictions.add(jsonLine(id, "completion", completion(id, gold, table), null));
    }
    Files.write(dir.resolve("questions.jsonl"), questions, StandardCharsets.UTF_8);
    Files.write(dir.resolve("outputs.jsonl"), predictions, StandardCharsets.UTF_8);
    return new DaemonWarmUp(dir, dir.resolve("questions.jsonl"), dir.resolve("tables.db"), ROUNDS);
  }

  /**
   * Evaluates the predictions once; even rounds in a new work folder (golds run), odd ones in the one before
   * (golds from the cache), as a user's first and repeated runs do. Returns the exit status.
   */
  int round(int round) {
    PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
    return round(round, nowhere);
  }

  /** {@link #round(int)} printing to {@code out} and its error. */
  int round(int round, PrintStream out) {
    Path work = dir.resolve("work-" + round / 2);
    return new Cli(out, out).run(new String[] {"evaluate", "--outputs",
        dir.resolve("outputs.jsonl").toString(), "--questions-path", questions.toString(),
        "--db-path", database.toString(), "--workdir-path", work.toString(), "--save-report",
        work.resolve("report.json").toString(), "--query-timeout", QUERY_TIMEOUT});
  }

  /** Deletes the folder and everything in it. */
  void delete() {
    ScratchFolders.delete(dir);
  }

  /** Deletes what warm-ups under {@code parent} with {@code prefix} left when their daemon was killed. */
  static void deleteLeftovers(Path parent, String prefix) throws IOException {
    try (Stream<Path> files = Files.list(parent)) {
      for (Path left : files.filter(f -> f.getFileName().toString().startsWith(prefix)).toList()) {
        ScratchFolders.delete(left);
      }
    }
  }

  Path directory() {
    return dir;
  }

  /** A completion for question {@code id}: mostly right, in the wrappers models use, some wrong or broken. */
  private static String completion(int id, String gold, String table) {
    String sql = gold.replace("\"" + table + "\"", id % 4 == 0 ? "Table" : "\"" + table + "\"");
    return switch (id % 10) {
      case 0, 1, 2 -> "```sql\n" + sql + "\n```";
      case 3 -> "To answer this we filter the table:\n\n```sql\n" + sql + "\n```\n\nThis returns the value.";
      case 4 -> "SQL: " + sql.replace("'", "\"");
      case 5 -> "  " + sql.replace(" FROM ", "\n  FROM ").replace(" WHERE ", "\n  WHERE ");
      case 6 -> "<think>which column?</think> " + sql.replace(" FROM ", ", Coach FROM ");   // no such column
      case 7 -> sql.replace("MAX(", "MIN(").replace("COUNT(", "SUM(").replace("= '", "<> '");
      case 8 -> "I cannot answer that from the table.";
      default -> "```sql\n" + sql.replace(";", "") + " ORDER BY 1;\n```";
    };
  }

  private static void writeDatabase(Path file) throws IOException {
    try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file)) {
      connection.setAutoCommit(false);
      try (Statement statement = connection.createStatement()) {
        for (int t = 0; t < TABLES; t++) {
          statement.execute("CREATE TABLE \"" + table(t) + "\" (\"Name\" TEXT, \"Team\" TEXT, \"Points\" REAL, "
              + "\"Year\" REAL)");
          try (PreparedStatement insert = connection.prepareStatement("INSERT INTO \"" + table(t)
              + "\" VALUES (?, ?, ?, ?)")) {
            for (int row = 0; row < 20; row++) {
              insert.setString(1, NAMES[(t + row) % NAMES.length]);
              insert.setString(2, TEAMS[(t * 3 + row) % TEAMS.length]);
              insert.setDouble(3, (t * 7 + row * 13) % 97);
              insert.setDouble(4, 2000 + (t + row * 3) % 20);
              insert.addBatch();
            }
            insert.executeBatch();
          }
        }
      }
      connection.commit();
    } catch (SQLException e) {
      throw new IOException("cannot write the warm-up database " + file + ": " + e.getMessage(), e);
    }
  }

  private static String table(int t) {
    return String.format(Locale.ROOT, "1-%05d-1", t);
  }

  /** One JSON object per line, through jackson-core's generator. */
  private static String jsonLine(int id, String key, String value, String table) {
    StringWriter line = new StringWriter();
    try (JsonGenerator json = JSON.createGenerator(line)) {
      json.writeStartObject();
      json.writeNumberField("question_id", id);
      if (table != null) {
        json.writeStringField("question", "q" + id);
      }
      json.writeStringField(key, value);
      if (table != null) {
        json.writeStringField("table_id", table);
      }
      json.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return line.toString();
  }
}
