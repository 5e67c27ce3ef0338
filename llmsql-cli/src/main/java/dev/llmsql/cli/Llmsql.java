package dev.llmsql.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code llmsql} command itself and the commands that only group others ({@code dataset}, {@code inference},
 * {@code falcon}, {@code suite}); the commands that run are each a class of their own ({@link EvaluateCommand},
 * {@link CompletionCommand}, ...). {@link Cli#commands()} puts the tree together; {@link Commands} runs it.
 */
@Command(name = "llmsql", header = "llmsql: evaluate LLM-generated SQL (LLMSQL-compatible)%n",
    synopsisHeading = "", customSynopsis = Usage.MAIN_SYNOPSIS, commandListHeading = "%nCommands ('llmsql COMMAND --help' for options):%n",
    footer = Usage.MAIN_FOOTER, optionListHeading = "%nOptions:%n")
final class Llmsql {

  @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help; 'llmsql COMMAND --help' for options")
  boolean help;

  @Option(names = {"-V", "--version"}, versionHelp = true, description = "print the version")
  boolean version;

  @Option(names = {"-v", "--verbose"}, hidden = true, description = "stack traces of unexpected errors")
  boolean verbose;

  /** {@code llmsql dataset}: its one command, {@code import}. */
  @Command(name = "dataset", description = "your own CSV files / tables.jsonl as SQLite, DuckDB or PostgreSQL")
  static final class Dataset {
    @Option(names = {"-h", "--help"}, usageHelp = true, hidden = true)
    boolean help;
  }

  /** {@code llmsql inference}: its one backend, {@code api}. */
  @Command(name = "inference", description = "ask a model (OpenAI-compatible API) for predictions")
  static final class Inference {
    @Option(names = {"-h", "--help"}, usageHelp = true, hidden = true)
    boolean help;
  }

  /** {@code llmsql falcon}: its one command, {@code run}. */
  @Command(name = "falcon", description = "several models x rounds, DB-GPT Falcon's tables")
  static final class Falcon {
    @Option(names = {"-h", "--help"}, usageHelp = true, hidden = true)
    boolean help;
  }

  /** {@code llmsql suite}: {@code run} and {@code import-scale}. */
  @Command(name = "suite", description = "SCALE-style capability suites with LLM judges; SCALE's config as a "
      + "suite config")
  static final class Suite {
    @Option(names = {"-h", "--help"}, usageHelp = true, hidden = true)
    boolean help;
  }
}
