package dev.llmsql.spark;

import dev.llmsql.report.OutputTargetException;
import dev.llmsql.report.ReportFiles;
import dev.llmsql.report.ReportWriter;
import dev.llmsql.report.ReportWriters;
import dev.llmsql.report.RunInputs;
import dev.llmsql.report.html.Leaderboard;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;

/**
 * The {@code spark-submit} entry point: evaluates many models' predictions on a cluster and writes, per model,
 * the reports the single-machine CLI writes ({@code llmsql evaluate --out DIR}: {@code MODEL.json} full report,
 * {@code MODEL.csv}, {@code MODEL.html}), the leaderboard {@code llmsql leaderboard} makes of them
 * ({@code leaderboard.html}), and every verdict as Parquet ({@code results/}).
 *
 * <pre>
 * spark-submit --class dev.llmsql.spark.SparkEvaluate --master yarn llmsql-spark-all.jar \
 *     --questions-path /data/spider/dev.jsonl --databases-dir /data/spider/database \
 *     --model gpt-4=/data/preds/gpt-4.jsonl --model llama-3=/data/preds/llama-3.jsonl \
 *     --judge spider-exec --out /data/reports
 * </pre>
 *
 * Run {@code --help} for every option; docs/SCALE-OUT.md has a cluster walk-through.
 */
public final class SparkEvaluate {

  /** Exit status: evaluated and written. */
  public static final int OK = 0;
  /** Exit status: the command line is wrong. */
  public static final int USAGE = 2;
  /**
   * Exit status: an input cannot be used (a predictions file missing, empty or without the fields, a row
   * without a model, a questions file that is not JSON lines), as {@code llmsql evaluate}'s 3.
   */
  public static final int BAD_INPUT = 3;
  /** Exit status: the questions file or database is not there, as {@code llmsql evaluate}'s 4. */
  public static final int BENCHMARK_UNAVAILABLE = 4;
  /**
   * Exit status: evaluated, but a report could not be written, as {@code llmsql evaluate}'s 5 (it was 4, which
   * the CLI gives a missing benchmark file).
   */
  public static final int NOT_SAVED = 5;

  static final String HELP = """
      Usage: spark-submit --class dev.llmsql.spark.SparkEvaluate JAR [options]

      Predictions (at least one):
        --model NAME=PATH         one model's predictions (JSON lines of question_id, completion; or .parquet)
        --predictions PATH        many models' predictions with a model column (JSON lines or .parquet; a
                                  directory or glob Spark reads)
      Benchmark:
        --questions-path PATH     the questions JSONL
        --db-path PATH            one SQLite database for every question (LLMSQL), or
        --databases-dir DIR       {DIR}/{db_id}/{db_id}.sqlite (Spider, BIRD)
        --benchmark-name NAME     how reports name it (default: the questions file's name)
        --distribute-files        ship the questions and databases to every executor (SparkContext.addFile)
                                  instead of reading the same paths on a shared filesystem
      Judging (as llmsql evaluate):
        --judge NAME[:OPTS]       default llmsql (LLMSQL 2.0 rules where a question has an answer)
        --scoring NAME            a scoring beside accuracy (repeatable)
        --engine NAME             the query engine (default: chosen per database)
      %s%s\
      Layout:
      %s%s\
      Output:
        --out DIR                 where reports, leaderboard.html and results/ go (required)
        --format LIST             report formats, comma-separated: %s (default all %s)
        --master URL              Spark master when not run by spark-submit (e.g. local[4])
      """.formatted(option(SparkSettings.QUERY_TIMEOUT, "SECONDS"), option(SparkSettings.MAX_ROWS, "N"),
          option(SparkSettings.PREDICTIONS_PER_TASK, "N"), option(SparkSettings.THREADS_PER_TASK, "N"),
          String.join(",", ReportWriters.listed()), count(ReportWriters.listed().size()));

  private static final String LEADERBOARD = "leaderboard.html";
  private static final String RESULTS = "results";

  private final PrintStream out;
  private final PrintStream err;

  /** An entry point writing to the given streams. */
  public SparkEvaluate(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  /** Runs from {@code spark-submit}; exits with the status of {@link #run(SparkSession, String...)}. */
  public static void main(String[] args) {
    String master = null;
    for (int i = 0; i + 1 < args.length; i++) {
      if (args[i].equals("--master")) {
        master = args[i + 1];
      }
    }
    SparkSession.Builder builder = SparkSession.builder().appName("llmsql-spark");
    if (master != null) {
      builder.master(master);
    }
    int status;
    if (Arrays.asList(args).contains("--help")) {
      System.out.print(HELP);
      status = OK;
    } else {
      SparkSession spark = builder.getOrCreate();
      try {
        status = new SparkEvaluate(System.out, System.err).run(spark, args);
      } finally {
        spark.stop();
      }
    }
    System.exit(status);
  }

  /**
   * Evaluates as the arguments say on {@code spark} ({@code --master} is for {@link #main} only).
   *
   * @return {@link #OK}, {@link #USAGE}, {@link #BAD_INPUT}, {@link #BENCHMARK_UNAVAILABLE} or {@link #NOT_SAVED}
   */
  public int run(SparkSession spark, String... args) {
    Map<String, String> models = new LinkedHashMap<>();
    List<String> predictions = new ArrayList<>();
    List<String> scorings = new ArrayList<>();
    List<ReportWriter> formats = ReportWriters.all().stream().filter(ReportWriter::listed).toList();
    String questions = null;
    String db = null;
    String dir = null;
    String name = null;
    String judge = null;
    String engine = null;
    Path outDir = null;
    SparkEvaluation evaluation;
    try {
      SparkEvaluation.Builder b = SparkEvaluation.builder();
      for (int i = 0; i < args.length; i++) {
        String option = args[i];
        if (option.equals("--distribute-files")) {
          b.distributeFiles(true);
          continue;
        }
        if (i + 1 >= args.length) {
          throw new IllegalArgumentException(option + " needs a value");
        }
        String value = args[++i];
        switch (option) {
          case "--model" -> {
            int eq = value.indexOf('=');
            if (eq <= 0 || eq == value.length() - 1) {
              throw new IllegalArgumentException("--model takes NAME=PATH, but was " + value);
            }
            if (models.put(value.substring(0, eq), value.substring(eq + 1)) != null) {
              throw new IllegalArgumentException("model " + value.substring(0, eq) + " is given twice");
            }
          }
          case "--predictions" -> predictions.add(value);
          case "--questions-path" -> questions = value;
          case "--db-path" -> db = value;
          case "--databases-dir" -> dir = value;
          case "--benchmark-name" -> name = value;
          case "--judge" -> judge = value;
          case "--scoring" -> scorings.add(value);
          case "--engine" -> engine = value;
          case "--query-timeout" -> b.queryTimeout(Duration.ofMillis(Math.round(seconds(option, value) * 1000)));
          case "--max-rows" -> b.maxRows(whole(option, value));
          case "--predictions-per-task" -> b.predictionsPerTask(whole(option, value));
          case "--threads-per-task" -> b.threadsPerTask(whole(option, value));
          case "--out" -> outDir = Path.of(value);
          case "--format" -> formats = formats(value);
          case "--master" -> {
            // read by main before the session starts
          }
          default -> throw new IllegalArgumentException("unknown option " + option);
        }
      }
      if (models.isEmpty() && predictions.isEmpty()) {
        throw new IllegalArgumentException("give predictions: --model NAME=PATH or --predictions PATH");
      }
      if (questions == null || (db == null) == (dir == null)) {
        throw new IllegalArgumentException("give --questions-path and one of --db-path, --databases-dir");
      }
      if (outDir == null) {
        throw new IllegalArgumentException("give --out DIR");
      }
      Optional<String> sameFiles = sameReportFiles(models.keySet());
      if (sameFiles.isPresent()) {
        throw new IllegalArgumentException(sameFiles.get() + "; give the --model names that differ in letters, "
            + "digits, '.', '_' or '-'");
      }
      String benchmark = name != null ? name : stem(Path.of(questions).getFileName().toString());
      b.benchmark(db != null ? SparkBenchmark.singleDatabase(benchmark, Path.of(questions), Path.of(db))
          : SparkBenchmark.databasesDir(benchmark, Path.of(questions), Path.of(dir)));
      if (judge != null) {
        b.judge(judge);
      }
      scorings.forEach(b::scoring);
      if (engine != null) {
        b.engine(engine);
      }
      evaluation = b.build();
    } catch (IllegalArgumentException | IllegalStateException e) {
      err.println("llmsql-spark: " + e.getMessage() + " (see --help)");
      return USAGE;
    }
    RunInputs inputs = RunInputs.none().with("--questions-path file", Path.of(questions))
        .with("--db-path file", db == null ? null : Path.of(db));
    for (Map.Entry<String, String> model : models.entrySet()) {
      inputs = inputs.with("--model " + model.getKey() + " file", Path.of(model.getValue()));
    }
    for (int i = 0; i < predictions.size(); i++) {
      inputs = inputs.with("--predictions file" + (predictions.size() > 1 ? " " + (i + 1) : ""),
          Path.of(predictions.get(i)));
    }
    Optional<String> problem = targetProblem(outDir, formats, models.keySet(), inputs);
    if (problem.isPresent()) {
      err.println("llmsql-spark: " + problem.get());
      return USAGE;
    }

    // inputs are checked before any work, each named by its option, with the exit codes of llmsql evaluate
    try {
      evaluation.requireBenchmarkFiles();
    } catch (UncheckedIOException e) {
      err.println("llmsql-spark: " + e.getCause().getMessage());
      return e.getCause() instanceof FileNotFoundException ? BENCHMARK_UNAVAILABLE : BAD_INPUT;
    }
    Dataset<Row> input = null;
    try {
      for (Map.Entry<String, String> model : models.entrySet()) {
        String option = "--model " + model.getKey() + "=" + model.getValue();
        input = union(input, checked(option, false, () -> SparkEvaluation.readModel(spark, model.getKey(),
            model.getValue())));
      }
      for (String path : predictions) {
        input = union(input, checked("--predictions " + path, true, () -> SparkEvaluation.read(spark, path)));
      }
    } catch (BadInput e) {
      err.println("llmsql-spark: " + e.getMessage());
      return BAD_INPUT;
    }
    SparkEvaluationResult result;
    try {
      result = evaluation.evaluate(input);
    } catch (IllegalArgumentException | dev.llmsql.prediction.InvalidInputException e) {
      // a row without a model, a questions file that is no JSON lines: found by the driver before any task
      err.println("llmsql-spark: " + e.getMessage() + (predictions.isEmpty() ? ""
          : " (predictions: " + String.join(", ", predictions) + ")"));
      return BAD_INPUT;
    }
    Optional<String> sameFiles = sameReportFiles(result.reports().stream().map(ModelReport::model).toList());
    if (sameFiles.isPresent()) {
      // models of a --predictions file are only known now; nothing is written rather than one report lost
      err.println("llmsql-spark: evaluated, but " + sameFiles.get() + " in " + outDir + "; rename one of them in "
          + "the predictions");
      return NOT_SAVED;
    }
    try {
      Files.createDirectories(outDir);
      List<Leaderboard.Entry> entries = new ArrayList<>();
      for (ModelReport report : result.reports()) {
        String file = safe(report.model());
        for (ReportWriter format : formats) {
          // a model of a --predictions file is only known now: its files get the check here
          Path target = outDir.resolve(format.fileName(file));
          ReportFiles.requireWritableTarget(target, inputs);
          format.write(report.report(), target);
        }
        entries.add(new Leaderboard.Entry(report.model(), report.report()));
        out.println(String.format(Locale.ROOT, "%-40s %6d predictions  accuracy %.4f", report.model(),
            report.report().total(), report.report().accuracy()));
      }
      ReportFiles.requireWritableTarget(outDir.resolve(LEADERBOARD), inputs);
      Leaderboard.write(entries, outDir.resolve(LEADERBOARD));
      result.results().write().mode(SaveMode.Overwrite).parquet(outDir.resolve(RESULTS).toString());
    } catch (OutputTargetException e) {
      err.println("llmsql-spark: evaluated, but --out " + e.getMessage());
      return NOT_SAVED;
    } catch (IOException | RuntimeException e) {
      err.println("llmsql-spark: evaluated, but the reports could not be written to " + outDir + " (" + e
          + "); choose another directory with --out");
      return NOT_SAVED;
    }
    SparkEvaluationResult.JobStats s = result.stats();
    out.println(String.format(Locale.ROOT, "%d predictions in %d tasks, %d gold statements (%d shared) in %.1f s "
        + "total; reports in %s", s.predictions(), s.partitions(), s.goldStatements(), s.goldsShared(),
        s.totalMillis() / 1000.0, outDir));
    out.flush();
    return OK;
  }

  /**
   * What keeps the run from writing its reports, checked before any work with the CLI's words: {@code --out}
   * must be (or become) a writable directory, none of its files known now (each {@code --model}'s reports and
   * {@code leaderboard.html}) may be an input or other than a regular file, and {@code results/}, which Spark
   * replaces whole, may hold no input. The files of models read from a {@code --predictions} column are only
   * known after evaluation; {@link #run} checks them the same way as it writes them.
   */
  static Optional<String> targetProblem(Path outDir, List<ReportWriter> formats, Collection<String> models,
      RunInputs inputs) {
    Path dir = outDir.toString().isEmpty() ? Path.of(".") : outDir;
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      return Optional.of("--out " + outDir + ": exists and is not a directory; --out takes the directory the "
          + "reports, " + LEADERBOARD + " and " + RESULTS + "/ go into");
    }
    Optional<String> unwritable = ReportFiles.unwritableDirectory(dir);
    if (unwritable.isPresent()) {
      return Optional.of("--out " + outDir + ": " + unwritable.get());
    }
    Path results = dir.resolve(RESULTS).toAbsolutePath().normalize();
    for (Map.Entry<String, Path> input : inputs.files().entrySet()) {
      if (input.getValue().toAbsolutePath().normalize().startsWith(results)) {
        return Optional.of("--out " + outDir + ": " + dir.resolve(RESULTS) + " is replaced by every verdict of "
            + "the run, but holds the " + input.getKey() + " (" + input.getValue() + "); choose another directory");
      }
    }
    try {
      for (String model : models) {
        for (ReportWriter format : formats) {
          ReportFiles.requireWritableTarget(dir.resolve(format.fileName(safe(model))), inputs);
        }
      }
      ReportFiles.requireWritableTarget(dir.resolve(LEADERBOARD), inputs);
    } catch (OutputTargetException e) {
      return Optional.of("--out " + e.getMessage());
    }
    return Optional.empty();
  }

  /** An input that cannot be used, named by its option. */
  private static final class BadInput extends Exception {
    private static final long serialVersionUID = 1L;

    BadInput(String message) {
      super(message);
    }
  }

  /**
   * One predictions input as read, or why it cannot be used: Spark names a missing path in a stack trace, and an
   * empty file or one without the fields would fail later naming no file.
   */
  private static Dataset<Row> checked(String option, boolean needsModel,
                                      java.util.function.Supplier<Dataset<Row>> read) throws BadInput {
    Dataset<Row> predictions;
    try {
      predictions = read.get();
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      // AnalysisException (checked in Java's eyes, thrown undeclared by Scala): a path Spark cannot read
      if (e instanceof org.apache.spark.sql.AnalysisException a && "PATH_NOT_FOUND".equals(a.getErrorClass())) {
        throw new BadInput(option + ": predictions file not found; check the path (a file, directory or glob "
            + "Spark reads)");
      }
      throw new BadInput(option + ": cannot be read (" + e.getMessage().lines().findFirst().orElse("") + ")");
    }
    List<String> columns = Arrays.asList(predictions.columns());
    if (columns.isEmpty() || columns.equals(List.of("model"))) {
      throw new BadInput(option + ": holds no predictions (empty, or only blank lines); give JSON lines of "
          + "question_id and completion, or Parquet");
    }
    if (!columns.contains("question_id")) {
      throw new BadInput(option + ": no prediction has a \"question_id\" field; give JSON lines of question_id "
          + "and completion, or Parquet");
    }
    if (!columns.contains("completion") && !columns.contains("predicted_sql")) {
      throw new BadInput(option + ": no prediction has a \"completion\" (or \"predicted_sql\") field; give each "
          + "line the model's output as \"completion\"");
    }
    if (needsModel && !columns.contains("model")) {
      throw new BadInput(option + ": no prediction has a \"model\" field, which --predictions needs to tell "
          + "models apart; add it, or give the file as --model NAME=PATH");
    }
    return predictions;
  }

  /**
   * Two models whose reports would go to the same files ({@link #safe} makes {@code a/b} and {@code a_b} both
   * {@code a_b}, and the second report replaced the first), named, or empty.
   */
  static Optional<String> sameReportFiles(Collection<String> models) {
    Map<String, String> byFile = new java.util.HashMap<>();
    for (String model : models) {
      String other = byFile.putIfAbsent(safe(model), model);
      if (other != null) {
        return Optional.of("models '" + other + "' and '" + model + "' would write their reports to the same "
            + "files (" + safe(model) + ".json, .csv, .html)");
      }
    }
    return Optional.empty();
  }

  /** A number of seconds, or a usage error naming the option. */
  private static double seconds(String option, String value) {
    try {
      return Double.parseDouble(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " takes a number of seconds (e.g. 10 or 0.5), but was " + value);
    }
  }

  /** A whole number, or a usage error naming the option. */
  private static int whole(String option, String value) {
    try {
      return Integer.parseInt(value.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " takes a whole number, but was " + value);
    }
  }

  /** The writers of a {@code --format} list, as given; each must be a listed format of the registry. */
  private static List<ReportWriter> formats(String value) {
    List<String> names = Arrays.stream(value.split(",")).map(String::trim).filter(f -> !f.isEmpty()).toList();
    List<String> listed = ReportWriters.listed();
    List<ReportWriter> formats = new ArrayList<>();
    for (String f : names) {
      if (!listed.contains(f)) {
        int last = listed.size() - 1;
        throw new IllegalArgumentException("--format takes " + (last == 0 ? listed.get(0)
            : String.join(", ", listed.subList(0, last)) + " and " + listed.get(last)) + ", but was " + f);
      }
      formats.add(ReportWriters.named(f));
    }
    return formats;
  }

  /** A help line of a declared setting's option: its declared words, default filled in. */
  private static String option(dev.llmsql.config.Setting<?> setting, String label) {
    return String.format(Locale.ROOT, "  %-26s%s\n", setting.option().orElseThrow() + " " + label,
        setting.help().orElseThrow());
  }

  /** {@code n} in words for the help ("all three"). */
  private static String count(int n) {
    List<String> words = List.of("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine");
    return n < words.size() ? words.get(n) : String.valueOf(n);
  }

  private static Dataset<Row> union(Dataset<Row> all, Dataset<Row> next) {
    if (all == null) {
      return next;
    }
    if (type(all).equals(type(next))) {
      return all.unionByName(next, true);
    }
    // ids are numbers in one file and strings in another: as strings, the engine reads both alike
    return all.withColumn("question_id", all.col("question_id").cast("string"))
        .unionByName(next.withColumn("question_id", next.col("question_id").cast("string")), true);
  }

  private static org.apache.spark.sql.types.DataType type(Dataset<Row> predictions) {
    return predictions.schema().apply("question_id").dataType();
  }

  /** A model name as a file name: what a file system may not hold becomes {@code _}. */
  static String safe(String model) {
    String safe = model.replaceAll("[^A-Za-z0-9._-]", "_");
    return safe.isEmpty() || safe.startsWith(".") ? "_" + safe : safe;
  }

  private static String stem(String file) {
    int dot = file.lastIndexOf('.');
    return dot > 0 ? file.substring(0, dot) : file;
  }
}
