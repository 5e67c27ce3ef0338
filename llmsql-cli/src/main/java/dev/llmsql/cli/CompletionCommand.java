package dev.llmsql.cli;

import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code llmsql completion}: a bash completion script generated from the command tree, file names kept as data
 * ({@link CompletionScript}).
 */
@Command(name = "completion", description = "print a bash completion script: source <(llmsql completion)",
    footer = {"%nExamples:", "  source <(java -jar llmsql.jar completion)",
        "  java -jar llmsql.jar completion > /etc/bash_completion.d/llmsql"})
final class CompletionCommand implements Callable<Integer> {
  private final PrintStream out;
  @Spec
  CommandSpec spec;
  @Option(names = {"-h", "--help"}, usageHelp = true, hidden = true)
  boolean help;

  CompletionCommand(PrintStream out) {
    this.out = out;
  }

  @Override
  public Integer call() {
    out.print(CompletionScript.bash("llmsql", spec.root().commandLine()));
    out.flush();
    return Cli.OK;
  }
}
