package dev.llmsql.cli;

import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code llmsql help [COMMAND]}: the same as {@code --help}. */
@Command(name = "help", hidden = true, description = "this help, or a command's")
final class HelpCommand implements Callable<Integer> {
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
