package dev.llmsql.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * How the {@code llmsql} command tree is read, run and explained with picocli, in one place: the execution
 * strategy (help, version, the chosen command's exit status), the parameter-exception handler (one line naming
 * the option and the fix, exit 2) and the help layout (options grouped under headings, {@code --option VALUE}).
 */
final class Commands {

  /** Columns of the generated help. */
  static final int HELP_WIDTH = 112;

  private Commands() {
  }

  /**
   * A command whose options appear in the help under headings: option {@code order} {@code n} goes under
   * {@code sections().get(n / 100)}.
   */
  interface Sectioned {
    List<String> sections();
  }

  /** Reads {@code args} with {@code top} and runs what they name; returns the exit status. */
  static int execute(CommandLine top, String[] args, PrintStream out, PrintStream err) {
    top.setExpandAtFiles(false);   // "@preds.jsonl" is a file name, not a file of arguments
    top.registerConverter(java.nio.file.Path.class, new Converters.FilePath());   // every command's paths
    top.setOverwrittenOptionsAllowed(true);   // the last of a repeated option counts, as it always did
    top.setColorScheme(Help.defaultColorScheme(Ansi.OFF));
    top.setUsageHelpWidth(HELP_WIDTH);
    top.setUsageHelpLongOptionsMaxWidth(30);
    top.setHelpFactory(Commands::help);
    top.setHelpSectionMap(sections(top.getHelpSectionMap()));
    withoutHeader(top.getSubcommands().values());
    top.setParameterExceptionHandler((e, arguments) -> parameterError(e, err));
    top.setExecutionStrategy(parsed -> run(parsed, out));
    // CommandLine.execute would catch what a command throws and print its own trace; Cli.run reports it as one
    // line instead, so the two steps of execute are taken here with the same handler and strategy
    ParseResult parsed;
    try {
      parsed = top.parseArgs(args);
    } catch (ParameterException e) {
      return parameterError(e, err);
    }
    return top.getExecutionStrategy().execute(parsed);
  }

  private static int run(ParseResult parsed, PrintStream out) {
    ParseResult leaf = parsed;
    while (true) {
      if (leaf.isUsageHelpRequested()) {
        out.print(usage(leaf.commandSpec().commandLine()));
        return Cli.OK;
      }
      if (leaf.isVersionHelpRequested()) {
        out.println("llmsql " + Cli.VERSION);
        return Cli.OK;
      }
      if (!leaf.hasSubcommand()) {
        break;
      }
      leaf = leaf.subcommand();
    }
    Object command = leaf.commandSpec().userObject();
    if (command instanceof Callable<?> callable) {
      try {
        return (Integer) callable.call();
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new CommandLine.ExecutionException(leaf.commandSpec().commandLine(), e.toString(), e);
      }
    }
    // a command that only groups others (llmsql, dataset, inference, falcon, suite) given alone
    out.print(usage(leaf.commandSpec().commandLine()));
    return Cli.USAGE;
  }

  /**
   * The help of a command; a group's help is that of each of its commands (for {@code llmsql falcon --help}, the
   * help of {@code falcon run}), the top command's its own.
   */
  static String usage(CommandLine command) {
    CommandSpec spec = command.getCommandSpec();
    if (spec.parent() == null || spec.subcommands().isEmpty()) {
      return command.getUsageMessage();
    }
    return spec.subcommands().values().stream().distinct().map(CommandLine::getUsageMessage)
        .collect(Collectors.joining("\n"));
  }

  /** {@code llmsql evaluate: --threads takes ... (see llmsql evaluate --help)}, exit 2. */
  private static int parameterError(ParameterException e, PrintStream err) {
    CommandSpec spec = e.getCommandLine().getCommandSpec();
    if (e instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty() && !spec.subcommands().isEmpty()
        && !u.getUnmatched().get(0).startsWith("-")) {
      String unknown = u.getUnmatched().get(0);
      String known = spec.subcommands().values().stream().distinct()
          .filter(c -> !c.getCommandSpec().usageMessage().hidden()).map(CommandLine::getCommandName)
          .collect(Collectors.joining(", "));
      java.util.Optional<String> nearest = nearest(unknown, List.of(known.split(", ")));
      String what = spec.parent() == null ? "command" : "subcommand";
      if (nearest.isPresent()) {
        err.println(spec.qualifiedName() + ": unknown " + what + " '" + unknown + "'; did you mean "
            + nearest.get() + "?");
      } else {
        err.println(spec.qualifiedName() + ": unknown " + what + " '" + unknown + "'; known: " + known + " (see "
            + spec.qualifiedName() + " --help)");
      }
      return Cli.USAGE;
    }
    if (e instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty()
        && u.getUnmatched().get(0).startsWith("--")) {
      String unknown = u.getUnmatched().get(0);
      String typed = unknown.contains("=") ? unknown.substring(0, unknown.indexOf('=')) : unknown;
      List<String> names = spec.options().stream().filter(o -> !o.hidden()).map(OptionSpec::longestName)
          .filter(n -> n.startsWith("--")).toList();
      java.util.Optional<String> nearest = nearest(typed, names);
      if (nearest.isPresent()) {
        err.println(spec.qualifiedName() + ": unknown option '" + typed + "'; did you mean " + nearest.get() + "?");
        return Cli.USAGE;
      }
    }
    err.println(spec.qualifiedName() + ": " + message(e) + " (see " + helpCommand(spec) + " --help)");
    return Cli.USAGE;
  }

  /**
   * The name a mistyped {@code typed} most likely meant: the only one it begins, else the closest by edit
   * distance when that is small for its length (one edit in four characters, at least one; a swap of neighbours
   * is one edit); else empty.
   */
  static java.util.Optional<String> nearest(String typed, List<String> names) {
    List<String> extending = names.stream().filter(n -> n.startsWith(typed)).distinct().toList();
    if (extending.size() == 1) {
      return java.util.Optional.of(extending.get(0));
    }
    int allowed = Math.max(1, typed.replaceFirst("^--", "").length() / 4);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String name : names) {
      int d = editDistance(typed, name);
      if (d < bestDistance) {
        best = name;
        bestDistance = d;
      }
    }
    return bestDistance <= allowed ? java.util.Optional.of(best) : java.util.Optional.empty();
  }

  /** Edit distance counting an insertion, deletion, substitution or swap of neighbours as one edit each. */
  private static int editDistance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      for (int j = 0; j <= b.length(); j++) {
        if (i == 0 || j == 0) {
          d[i][j] = i + j;
          continue;
        }
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1),
            d[i - 1][j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }

  /** Fails a command's own checks (after reading) the way a bad option value fails. */
  static int usageError(CommandSpec spec, PrintStream err, String message) {
    // builder calls a library message names read as this command's options, as in every command's errors
    err.println(spec.qualifiedName() + ": " + CliTerms.inCliTerms(message, spec) + " (see "
        + helpCommand(spec) + " --help)");
    return Cli.USAGE;
  }

  /** {@code llmsql evaluate}, or {@code llmsql falcon} for {@code llmsql falcon run}. */
  private static String helpCommand(CommandSpec spec) {
    CommandSpec s = spec;
    while (s.parent() != null && s.parent().parent() != null) {
      s = s.parent();
    }
    return s.qualifiedName();
  }

  private static String message(ParameterException e) {
    ArgSpec arg = e.getArgSpec();
    String name = arg instanceof OptionSpec option ? option.longestName() : arg != null ? arg.paramLabel() : "";
    if (e.getCause() instanceof TypeConversionException t) {
      return t.getMessage().replace(Converters.OPTION, name);
    }
    if (e instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
      String typed = u.getUnmatched().get(0);
      // picocli reads an empty argument as no parameter at all: most often "$FILE" of an unset variable
      return typed.isEmpty() ? "an argument is empty (an unset variable?); give the path of a file"
          : "unknown option '" + typed + "'";
    }
    if (e instanceof MissingParameterException missing && !missing.getMissing().isEmpty()
        && missing.getMissing().get(0) instanceof OptionSpec option) {
      return option.longestName() + " needs a value";
    }
    if (arg instanceof OptionSpec && e.getMessage() != null && e.getMessage().startsWith("Expected parameter")) {
      return name + " needs a value";
    }
    return CliTerms.oneLine(e.getMessage());
  }

  /**
   * A command's header is its line in the list of commands; its own help starts with its synopsis (only the top
   * command's help opens with its header).
   */
  private static void withoutHeader(java.util.Collection<CommandLine> commands) {
    for (CommandLine command : commands) {
      List<String> keys = new ArrayList<>(command.getHelpSectionKeys());
      keys.remove(CommandLine.Model.UsageMessageSpec.SECTION_KEY_HEADER_HEADING);
      keys.remove(CommandLine.Model.UsageMessageSpec.SECTION_KEY_HEADER);
      command.setHelpSectionKeys(keys);
      withoutHeader(command.getSubcommands().values());
    }
  }

  /** Help whose option values read {@code --outputs FILE}, as users type them, not {@code --outputs=FILE}. */
  private static Help help(CommandSpec spec, Help.ColorScheme colours) {
    return new Help(spec, colours) {
      @Override
      public IParamLabelRenderer parameterLabelRenderer() {
        IParamLabelRenderer plain = super.parameterLabelRenderer();
        return new IParamLabelRenderer() {
          @Override
          public Ansi.Text renderParameterLabel(ArgSpec argSpec, Ansi ansi, List<Ansi.IStyle> styles) {
            Ansi.Text label = plain.renderParameterLabel(argSpec, ansi, styles);
            String text = label.plainString();
            return text.startsWith(plain.separator()) && argSpec.isOption()
                ? ansi.new Text(" " + text.substring(plain.separator().length()), colours) : label;
          }

          @Override
          public String separator() {
            return " ";
          }
        };
      }
    };
  }

  /** The option list of a {@link Sectioned} command under its headings; others as picocli lays them out. */
  private static Map<String, CommandLine.IHelpSectionRenderer> sections(
      Map<String, CommandLine.IHelpSectionRenderer> map) {
    CommandLine.IHelpSectionRenderer plain = map.get(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST);
    map.put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST, help -> {
      if (!(help.commandSpec().userObject() instanceof Sectioned sectioned)) {
        return plain.render(help);
      }
      List<String> headings = sectioned.sections();
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < headings.size(); i++) {
        int section = i;
        List<OptionSpec> options = new ArrayList<>();
        for (OptionSpec o : help.commandSpec().options()) {
          if (!o.hidden() && Math.min(o.order() / 100, headings.size() - 1) == section) {
            options.add(o);
          }
        }
        if (options.isEmpty()) {
          continue;
        }
        text.append(i == 0 ? "" : "\n").append(headings.get(i)).append('\n');
        text.append(help.optionListExcludingGroups(options, help.createDefaultLayout(),
            java.util.Comparator.comparingInt(OptionSpec::order), help.parameterLabelRenderer()));
      }
      return text.toString();
    });
    return map;
  }
}
