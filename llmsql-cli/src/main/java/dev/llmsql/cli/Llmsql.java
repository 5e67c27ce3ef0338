package dev.llmsql.cli;

import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The {@code llmsql} command itself and the commands that only group others ({@code dataset}, {@code inference},
 * {@code falcon}, {@code suite}), plus {@code completion} and {@code help}. {@link Cli#commands()} puts the tree
 * together; {@link Commands} runs it.
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

  /** {@code llmsql completion}: a bash completion script generated from the command tree. */
  @Command(name = "completion", description = "print a bash completion script: source <(llmsql completion)",
      footer = {"%nExamples:", "  source <(java -jar llmsql.jar completion)",
          "  java -jar llmsql.jar completion > /etc/bash_completion.d/llmsql"})
  static final class Completion implements Callable<Integer> {
    private final PrintStream out;
    @Spec
    CommandSpec spec;
    @Option(names = {"-h", "--help"}, usageHelp = true, hidden = true)
    boolean help;

    Completion(PrintStream out) {
      this.out = out;
    }

    @Override
    public Integer call() {
      out.print(AutoComplete.bash("llmsql", spec.root().commandLine()));
      out.flush();
      return Cli.OK;
    }
  }

  /** {@code llmsql help [COMMAND]}: the same as {@code --help}. */
  @Command(name = "help", hidden = true, description = "this help, or a command's")
  static final class HelpCommand implements Callable<Integer> {
    private final PrintStream out;
    @Spec
    CommandSpec spec;
    @Parameters(arity = "0..1", paramLabel = "COMMAND")
    String command;

    HelpCommand(PrintStream out) {
      this.out = out;
    }

    @Override
    public Integer call() {
      CommandLine root = spec.root().commandLine();
      CommandLine named = command == null ? root : root.getSubcommands().get(command);
      out.print(Commands.usage(named != null ? named : root));
      return named != null ? Cli.OK : Cli.USAGE;
    }
  }
}
