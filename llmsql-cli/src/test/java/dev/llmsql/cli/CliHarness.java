package dev.llmsql.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Function;

/**
 * What a CLI test needs to run a command in-process: {@link #run} with captured standard output and error and a
 * plain terminal, optionally with an environment of its own (so passwords and keys never come from the real one).
 */
abstract class CliHarness {

  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  int run(Function<String, String> environment, String... args) {
    return new Cli(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), Terminal.PLAIN, environment).run(args);
  }

  int run(String... args) {
    return run(Map.<String, String>of()::get, args);
  }

  String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }
}
