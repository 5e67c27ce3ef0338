package dev.llmsql.cli;

import dev.llmsql.Evaluator;
import dev.llmsql.jdbc.load.JdbcImport;
import dev.llmsql.report.OutputTargetException;
import dev.llmsql.report.RunInputs;
import dev.llmsql.sqlite.dataset.DatasetImport;
import dev.llmsql.sqlite.dataset.DatasetImportException;
import dev.llmsql.sqlite.dataset.ImportedTable;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code llmsql dataset import --csv DIR|FILE [--tables-jsonl F] [--questions Q] --out db.sqlite [--overwrite]},
 * and into DuckDB or PostgreSQL: {@code --from-sqlite F} (or CSV files) {@code --engine duckdb --out F.duckdb} or
 * {@code --engine postgresql --jdbc-url URL ...} (see {@link EngineImport}).
 */
@Command(name = "import", header = "your own tables, or a SQLite benchmark, into SQLite, DuckDB or PostgreSQL",
    customSynopsis = Usage.DATASET_SYNOPSIS, description = Usage.DATASET_DESCRIPTION,
    footer = Usage.DATASET_FOOTER, optionListHeading = "%n")
final class DatasetCommand implements Callable<Integer>, Commands.Sectioned {

  private final PrintStream out;
  private final PrintStream err;
  private final Function<String, String> environment;
  @Spec
  CommandSpec spec;

  /** The --csv and --tables-jsonl files in the order given, each as its call on the import's builder. */
  private final List<Consumer<DatasetImport.Builder>> sources = new ArrayList<>();
  @Option(names = "--questions", paramLabel = "FILE", order = 2,
      description = "questions JSONL with gold SQL or gold_results, checked and copied")
  Path questions;
  @Option(names = "--out", paramLabel = "FILE", order = 3, description = "the SQLite (or DuckDB) file to create")
  Path output;
  @Option(names = "--answers", order = 4,
      description = "store each gold SQL's rows as \"answer\", plus \"tables\" and \"prompt\"")
  boolean answers;
  @Option(names = "--overwrite", order = 5,
      description = "replace --out (and the questions and tables copies) if they exist; SQLite only")
  boolean overwrite;
  @Option(names = "--from-sqlite", paramLabel = "FILE", order = 100,
      description = "copy this SQLite database (LLMSQL's, a Spider database, an earlier import)")
  Path fromSqlite;
  @Option(names = "--engine", paramLabel = "NAME", order = 101, converter = Converters.Engine.class,
      completionCandidates = EngineTarget.Choices.class)
  String engine;
  @Option(names = "--jdbc-url", paramLabel = "URL", order = 102,
      description = "the PostgreSQL database to create, jdbc:postgresql://HOST[:PORT]/NAME; the import logs in to "
          + "the server's postgres database to create it")
  String jdbcUrl;
  @Option(names = "--jdbc-user", paramLabel = "NAME", order = 103,
      description = "the administrator the import logs in as (may create databases and roles)")
  String jdbcUser;
  @Option(names = "--jdbc-password-env", paramLabel = "VAR", order = 104,
      description = "the environment variable holding that administrator's password")
  String jdbcPasswordEnv;
  @Option(names = "--reader-role", paramLabel = "NAME", order = 105,
      description = "the role evaluations log in as, created when missing; it may only read the new database "
          + "(default llmsql_reader)")
  String readerRole;
  @Option(names = "--reader-password-env", paramLabel = "VAR", order = 106,
      description = "the environment variable holding the reader role's password")
  String readerPasswordEnv;
  @Option(names = "--names", paramLabel = "exact|lower-case", order = 107, converter = Converters.Names.class,
      description = "table and column names in PostgreSQL (default exact; lower-case for SQL that writes names "
          + "bare in any case, such as Spider's)")
  JdbcImport.Names names;
  @Option(names = "--spider2", paramLabel = "DIR", order = 6,
      description = "a Spider 2.0 folder (spider2-lite or spider2-snow): its tasks, evaluation metadata and gold "
          + "result CSVs become --out/questions.jsonl, its local SQLite databases --out/databases")
  Path spider2;
  @Option(names = "--multi-turn", paramLabel = "FILE", order = 7,
      description = "SParC's or CoSQL's dev.json: one question per turn, with interaction_id and turn (for "
          + "--judge spider's turn and interaction scores), written to --out as a questions JSONL file")
  Path multiTurn;
  @Option(names = {"--help", "-h"}, usageHelp = true, hidden = true)
  boolean help;

  DatasetCommand(PrintStream out, PrintStream err, Function<String, String> environment) {
    this.out = out;
    this.err = err;
    this.environment = environment;
  }

  @Option(names = "--csv", paramLabel = "DIR|FILE", order = 0,
      description = "a CSV file, or a directory whose *.csv files are all imported")
  void csv(Path csv) {
    sources.add(b -> b.csv(csv));
  }

  @Option(names = "--tables-jsonl", paramLabel = "FILE", order = 1,
      description = "LLMSQL-shaped tables, one per line")
  void tablesJsonl(Path tables) {
    sources.add(b -> b.tablesJsonl(tables));
  }

  @Override
  public List<String> sections() {
    return List.of("Options:", "DuckDB and PostgreSQL:");
  }

  @Override
  public Integer call() {
    if (spider2 != null) {
      return importSpider2();
    }
    if (multiTurn != null) {
      return importMultiTurn();
    }
    DatasetImport.Builder b = DatasetImport.builder();
    boolean withQuestions = questions != null;
    try {
      for (Consumer<DatasetImport.Builder> source : sources) {
        source.accept(b);
      }
      if (withQuestions) {
        b.questions(questions);
      }
      b.overwrite(overwrite).answers(answers);
      EngineTarget engineTarget = EngineTarget.builder().engine(engine).fromSqlite(fromSqlite).out(output)
          .jdbcUrl(jdbcUrl).jdbcUser(jdbcUser).jdbcPasswordEnv(jdbcPasswordEnv).readerRole(readerRole)
          .readerPasswordEnv(readerPasswordEnv).names(names).csvOrTables(!sources.isEmpty())
          .questions(withQuestions).overwrite(overwrite).build();
      if (output != null) {
        // before any table is read: a parent that is a file failed the write at the end, naming no option
        Optional<String> badTarget = OutputTargets.fileProblem("--out", output, RunInputs.none()
            .with("--questions file", questions).with("--from-sqlite file", fromSqlite));
        if (badTarget.isPresent()) {
          err.println("llmsql dataset import: " + badTarget.get());
          return Cli.USAGE;
        }
      }
      if (engineTarget.target() != null) {
        return new EngineImport(out, err, environment).run(engineTarget, b);
      }
      if (sources.isEmpty()) {
        throw new IllegalArgumentException("give --csv DIR (or FILE) and/or --tables-jsonl FILE");
      }
      if (output == null) {
        throw new IllegalArgumentException("--out FILE is required (the new SQLite file)");
      }
      if (answers && !withQuestions) {
        throw new IllegalArgumentException("--answers stores each question's answer; give --questions FILE too");
      }
    } catch (IllegalArgumentException e) {
      return Commands.usageError(spec, err, e.getMessage());
    } catch (DatasetImportException e) {
      err.println("llmsql dataset import: " + CliTerms.inCliTerms(e.getMessage(), spec));
      return Cli.BAD_INPUT;
    }
    try {
      List<ImportedTable> tables;
      try {
        tables = b.build().into(output);
      } catch (OutputTargetException e) {
        err.println("llmsql dataset import: --out " + e.getMessage());
        return Cli.USAGE;
      } catch (IllegalStateException e) {
        return Commands.usageError(spec, err, e.getMessage());
      }
      for (ImportedTable t : tables) {
        out.println(String.format(Locale.ROOT, "  %-30s %6d rows  %s", t.name(), t.rows(), t.types()));
      }
      out.println(tables.size() + " table(s) written to " + output);
      if (withQuestions) {
        // named as the user named --out, so the commands below can be pasted as they are
        Path questions = output.resolveSibling(DatasetImport.questionsFile(output).getFileName());
        Path prompts = output.resolveSibling(DatasetImport.tablesFile(output).getFileName());
        int count = Evaluator.readQuestions(questions).size();
        out.println(count + " question(s) checked (they read, their tables exist, their gold SQL runs) and written "
            + "to " + questions + (answers ? " as LLMSQL 2.0 questions (answer, tables, prompt)" : "")
            + "; table descriptions for prompts in " + prompts);
        out.println("Next: llmsql evaluate --outputs PREDICTIONS.jsonl --questions-path " + questions
            + " --db-path " + output);
        out.println("  or: llmsql falcon run --model M --base-url U --out DIR --questions-path " + questions
            + " --tables-path " + prompts + " --db-path " + output);
      }
      return Cli.OK;
    } catch (DatasetImportException | dev.llmsql.prediction.InvalidInputException e) {
      err.println("llmsql dataset import: " + CliTerms.inCliTerms(e.getMessage(), spec));
      return Cli.BAD_INPUT;
    }
  }

  /** {@code --spider2 DIR --out OUTDIR}: Spider 2.0's own files into a questions file and databases folder. */
  private Integer importSpider2() {
    if (!sources.isEmpty() || questions != null || fromSqlite != null || answers || engine != null
        || jdbcUrl != null) {
      return Commands.usageError(spec, err, "--spider2 imports a whole Spider 2.0 folder; give it with --out DIR "
          + "(and --overwrite) only, not with --csv, --tables-jsonl, --questions, --answers, --from-sqlite, "
          + "--engine or --jdbc-url");
    }
    if (output == null) {
      return Commands.usageError(spec, err, "--out DIR is required with --spider2 (the directory to write "
          + "questions.jsonl and databases/ into)");
    }
    Optional<String> badTarget = OutputTargets.directoryProblem("--out", output, "questions.jsonl and databases/ "
        + "go into");
    if (badTarget.isPresent()) {
      err.println("llmsql dataset import: " + badTarget.get());
      return Cli.USAGE;
    }
    try {
      dev.llmsql.sqlite.dataset.Spider2Import.Summary s =
          dev.llmsql.sqlite.dataset.Spider2Import.run(spider2, output, overwrite);
      int count = Evaluator.readQuestions(s.questions()).size();
      out.println(count + " question(s) with their gold results written to " + s.questions() + "; "
          + s.databaseCount() + " local database(s) in " + s.databasesDir());
      if (!s.skipped().isEmpty()) {
        out.println(s.skipped().size() + " task(s) left out:");
        s.skipped().forEach(line -> out.println("  " + line));
      }
      out.println("Next: llmsql evaluate --outputs SUBMISSION_DIR --questions-path " + s.questions()
          + " --databases-dir " + s.databasesDir() + " --judge spider2");
      return Cli.OK;
    } catch (OutputTargetException e) {
      err.println("llmsql dataset import: --out " + e.getMessage());
      return Cli.USAGE;
    } catch (DatasetImportException | dev.llmsql.prediction.InvalidInputException e) {
      err.println("llmsql dataset import: " + CliTerms.inCliTerms(e.getMessage(), spec));
      return Cli.BAD_INPUT;
    }
  }

  /** {@code --multi-turn DEV.json --out FILE}: SParC's or CoSQL's interactions into a questions JSONL file. */
  private Integer importMultiTurn() {
    if (!sources.isEmpty() || questions != null || fromSqlite != null || answers || engine != null
        || jdbcUrl != null || spider2 != null) {
      return Commands.usageError(spec, err, "--multi-turn converts one dev.json; give it with --out FILE (and "
          + "--overwrite) only, not with --csv, --tables-jsonl, --questions, --answers, --from-sqlite, --engine, "
          + "--jdbc-url or --spider2");
    }
    if (output == null) {
      return Commands.usageError(spec, err, "--out FILE is required with --multi-turn (the questions JSONL file "
          + "to write)");
    }
    if (java.nio.file.Files.isDirectory(output)) {
      return Commands.usageError(spec, err, "--out " + output + " is a directory; with --multi-turn it names the "
          + "questions JSONL file to write");
    }
    // before the existence check: a FIFO or the input itself is refused even with --overwrite
    Optional<String> badTarget = OutputTargets.fileProblem("--out", output, RunInputs.none()
        .with("--multi-turn file", multiTurn));
    if (badTarget.isPresent()) {
      err.println("llmsql dataset import: " + badTarget.get());
      return Cli.USAGE;
    }
    if (java.nio.file.Files.exists(output) && !overwrite) {
      return Commands.usageError(spec, err, "--out " + output + " exists; add --overwrite to replace it");
    }
    try {
      int turns = dev.llmsql.benchmark.MultiTurnQuestions.convert(multiTurn, output);
      out.println(turns + " turn(s) written to " + output + " as questions with interaction_id and turn");
      out.println("Next: llmsql evaluate --outputs PREDICTIONS.jsonl --questions-path " + output
          + " --databases-dir DATABASE_DIR --judge spider");
      return Cli.OK;
    } catch (dev.llmsql.prediction.InvalidInputException e) {
      err.println("llmsql dataset import: " + e.getMessage());
      return Cli.BAD_INPUT;
    } catch (java.io.IOException e) {
      err.println("llmsql dataset import: " + e.getMessage());
      return Cli.BAD_INPUT;
    }
  }
}
