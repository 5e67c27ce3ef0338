package dev.llmsql.cli;

import dev.llmsql.Evaluator;
import dev.llmsql.report.OutputTargetException;
import dev.llmsql.sqlite.dataset.DatasetImport;
import dev.llmsql.sqlite.dataset.DatasetImportException;
import dev.llmsql.sqlite.dataset.ImportedTable;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code llmsql dataset import --csv DIR|FILE [--tables-jsonl F] [--questions Q] --out db.sqlite [--overwrite]}.
 */
final class DatasetCommand {

  private final PrintStream out;
  private final PrintStream err;

  DatasetCommand(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  int run(List<String> args) {
    if (args.isEmpty() || args.get(0).equals("--help") || args.get(0).equals("-h")) {
      out.print(Usage.DATASET);
      return args.isEmpty() ? Cli.USAGE : Cli.OK;
    }
    if (!args.get(0).equals("import")) {
      err.println("llmsql dataset: unknown subcommand '" + args.get(0) + "'; known: import (see llmsql dataset "
          + "--help)");
      return Cli.USAGE;
    }
    DatasetImport.Builder b = DatasetImport.builder();
    Path output = null;
    boolean any = false;
    boolean withQuestions = false;
    boolean answers = false;
    try {
      for (int i = 1; i < args.size(); i++) {
        String arg = args.get(i);
        switch (arg) {
          case "--help", "-h" -> {
            out.print(Usage.DATASET);
            return Cli.OK;
          }
          case "--csv" -> {
            b.csv(Path.of(Options.value(args, i++, arg)));
            any = true;
          }
          case "--tables-jsonl" -> {
            b.tablesJsonl(Path.of(Options.value(args, i++, arg)));
            any = true;
          }
          case "--questions" -> {
            b.questions(Path.of(Options.value(args, i++, arg)));
            withQuestions = true;
          }
          case "--out" -> output = Path.of(Options.value(args, i++, arg));
          case "--overwrite" -> b.overwrite(true);
          case "--answers" -> {
            b.answers(true);
            answers = true;
          }
          default -> throw new IllegalArgumentException("unknown option " + arg);
        }
      }
      if (!any) {
        throw new IllegalArgumentException("give --csv DIR (or FILE) and/or --tables-jsonl FILE");
      }
      if (output == null) {
        throw new IllegalArgumentException("--out FILE is required (the new SQLite file)");
      }
      if (answers && !withQuestions) {
        throw new IllegalArgumentException("--answers stores each question's answer; give --questions FILE too");
      }
    } catch (IllegalArgumentException e) {
      err.println("llmsql dataset import: " + e.getMessage() + " (see llmsql dataset --help)");
      return Cli.USAGE;
    } catch (DatasetImportException e) {
      err.println("llmsql dataset import: " + e.getMessage());
      return Cli.BAD_INPUT;
    }
    try {
      List<ImportedTable> tables;
      try {
        tables = b.build().into(output);
      } catch (OutputTargetException e) {
        err.println("llmsql dataset import: --out " + e.getMessage());
        return Cli.USAGE;
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
      err.println("llmsql dataset import: " + e.getMessage());
      return Cli.BAD_INPUT;
    }
  }
}
