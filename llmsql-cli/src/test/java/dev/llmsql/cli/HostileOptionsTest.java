package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile option values (issues 12.8 and 18.7): every one is refused when the command line is read, with the
 * usage exit code and exactly one line naming the option and its documented range. The cases are the corpus
 * {@code hostile/options.tsv}.
 */
class HostileOptionsTest {

  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  static Stream<Arguments> corpus() throws IOException {
    List<Arguments> cases = new ArrayList<>();
    try (InputStream in = HostileOptionsTest.class.getResourceAsStream("/hostile/options.tsv")) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] fields = line.split("\t");
        cases.add(Arguments.of(fields[2], Integer.parseInt(fields[0]), fields[1]));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  void option_hostileValue_isUsageErrorWithOneLine(String commandLine, int exit, String message) {
    int status = new Cli(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)).run(java.util.Arrays.stream(commandLine.split(" "))
        .map(arg -> arg.replace("\\n", "\n")).toArray(String[]::new));   // "\n" in the corpus is a newline

    assertThat(status).isEqualTo(exit);
    assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo(message + "\n");
    assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  @Test
  void corpus_coversEveryNumericOptionOfEveryCommand() throws IOException {
    List<String> lines = corpus().map(a -> (String) a.get()[0]).toList();
    for (String option : List.of("evaluate --outputs p.jsonl --query-timeout", "evaluate --outputs p.jsonl --threads",
        "evaluate --outputs p.jsonl --max-rows", "evaluate --outputs p.jsonl --max-mismatches",
        "evaluate --outputs p.jsonl --keep-mismatches", "evaluate --outputs p.jsonl --hub-endpoint",
        "inference api --concurrency", "inference api --timeout", "inference api --max-tokens",
        "inference api --shots", "inference api --limit", "inference api --hub-endpoint", "inference api --base-url",
        "falcon run --rounds", "falcon run --concurrency", "falcon run --timeout", "falcon run --hub-endpoint",
        "suite run --max-attempts", "suite run --query-timeout", "suite run --max-rows", "suite run --timeout",
        "evaluate --outputs p.jsonl --download-max-file-bytes", "inference api --download-max-file-bytes",
        "falcon run --download-max-file-bytes", "suite run --max-response-bytes",
        "inference api --max-response-bytes", "falcon run --max-response-bytes")) {
      assertThat(lines).as(option).anyMatch(l -> l.startsWith(option + " "));
    }
  }

  @Test
  void option_hugeValue_isShownCut() {
    int status = new Cli(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)).run(new String[] {"evaluate", "--outputs", "p.jsonl",
        "--max-rows", "9".repeat(100_000)});

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("llmsql evaluate: --max-rows takes a whole number "
        + "between 1 and 100000000, but was '" + "9".repeat(100) + "' (99900 more characters) (see llmsql evaluate "
        + "--help)\n");
  }

  @Test
  void unexpectedError_isOneLineWithoutStackTrace() {
    int status = new Cli(failingOut(), new PrintStream(err, true, StandardCharsets.UTF_8)).run(new String[] {"--help"});

    assertThat(status).isEqualTo(Cli.FAILED);
    assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("llmsql: unexpected error: "
        + "java.lang.IllegalStateException: standard output is gone (run again with --verbose for the stack trace)\n");
  }

  @Test
  void unexpectedError_withVerbose_printsTheStackTrace() {
    int status = new Cli(failingOut(), new PrintStream(err, true, StandardCharsets.UTF_8))
        .run(new String[] {"--help", "--verbose"});

    assertThat(status).isEqualTo(Cli.FAILED);
    assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("llmsql: unexpected error: "
        + "java.lang.IllegalStateException: standard output is gone\njava.lang.IllegalStateException: standard "
        + "output is gone\n\tat ");
  }

  @Test
  void mainInASubprocess_overflowingTimeoutAndHugeThreadCount_exitTwoWithOneLineAndNoTrace() throws Exception {
    // the reported failures: an ArithmeticException trace with exit 0, and a hang or NullPointerException
    for (String[] option : new String[][] {{"--query-timeout", "9223372036854775807"}, {"--threads", "2147483647"}}) {
      Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
          System.getProperty("java.class.path"), Main.class.getName(), "evaluate", "--outputs", "p.jsonl", option[0],
          option[1]).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

      assertThat(p.waitFor()).isEqualTo(Cli.USAGE);
      assertThat(stderr).isEqualTo("llmsql evaluate: " + option[0] + (option[0].equals("--threads")
          ? " takes a whole number between 1 and 256" : " takes seconds between 0.001 and 86400") + ", but was '"
          + option[1] + "' (see llmsql evaluate --help)\n");
    }
  }

  /** Standard output that fails as no PrintStream normally does, to reach the last-resort handler. */
  private static PrintStream failingOut() {
    return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8) {
      @Override
      public void print(String s) {
        throw new IllegalStateException("standard output is gone");
      }
    };
  }
}
