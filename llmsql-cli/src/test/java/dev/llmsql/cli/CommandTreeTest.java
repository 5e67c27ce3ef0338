package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The picocli command tree: generated help (headings, {@code --option VALUE}), the bash completion script, the
 * {@code help} command, {@code --option=value}, and the one-line errors of the tree itself.
 */
class CommandTreeTest extends CliHarness {

  @TempDir
  Path dir;

  @Test
  void evaluateHelp_isGroupedUnderHeadingsWithValuesAfterASpace() {
    assertThat(run("evaluate", "--help")).isZero();

    assertThat(out()).startsWith("Usage: llmsql evaluate --outputs FILE [options]\n\nPredictions are JSONL lines ")
        .contains("\nBenchmark (default: LLMSQL 2.0, downloaded into llmsql_workdir):\n      --version 1.0|2.0 ",
            "\nCI gate (one summary line on standard output; see the README):\n      --fail-under MIN|SCORE=MIN[,...]",
            "      --engine NAME ", "      --jdbc-password-env VAR ", "  -q, --quiet ")
        .doesNotContain("--outputs=", "--help");
    assertThat(err()).isEmpty();
  }

  @Test
  void everyCommandsHelp_endsWithExamplesOrExitStatus() {
    for (String[] args : new String[][] {{"compare", "--help"}, {"audit", "--help"}, {"dataset", "--help"}, {"dataset", "import", "-h"},
        {"inference", "--help"}, {"inference", "api", "--help"}, {"suite", "import-scale", "--help"},
        {"completion", "--help"}}) {
      out.reset();
      assertThat(run(args)).as(String.join(" ", args)).isZero();
      assertThat(out()).as(String.join(" ", args)).startsWith("Usage: llmsql ").contains("Examples:\n");
    }
  }

  @Test
  void groupAlone_printsItsCommandsHelpAndIsUsageError() {
    assertThat(run("dataset")).isEqualTo(Cli.USAGE);
    assertThat(out()).startsWith("Usage: llmsql dataset import (--csv DIR|FILE | --tables-jsonl FILE)...")
        .contains("DuckDB and PostgreSQL:\n      --from-sqlite FILE ");
  }

  @Test
  void helpCommand_printsTheNamedCommandsHelp() {
    assertThat(run("help", "report")).isZero();
    assertThat(out()).startsWith("Usage: llmsql report REPORT.json [--format html|csv] [--out FILE]\n");

    out.reset();
    assertThat(run("help")).isZero();
    assertThat(out()).startsWith("llmsql: evaluate LLM-generated SQL (LLMSQL-compatible)\n\nUsage:\n  llmsql evaluate ")
        .contains("\nCommands ('llmsql COMMAND --help' for options):\n  evaluate", "\n  completion ");
  }

  @Test
  void completion_printsABashScriptCoveringEveryCommandAndOption() {
    assertThat(run("completion")).isZero();

    assertThat(out()).startsWith("#!/usr/bin/env bash")
        .contains("complete -F _complete_llmsql -o default llmsql", "evaluate", "dataset", "import", "falcon",
            "--jdbc-password-env", "--reader-password-env", "--fail-under", "--from-sqlite")
        .doesNotContain("\r");
    assertThat(err()).isEmpty();
  }

  @Test
  void optionEqualsValue_isReadLikeTwoWords() throws Exception {
    Path predictions = Files.writeString(dir.resolve("p.jsonl"), "{\"question_id\": 1, \"completion\": \"x\"}\n");

    int status = run("evaluate", "--outputs=" + predictions, "--threads=0");

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --threads takes a whole number between 1 and 256, but was '0' "
        + "(see llmsql evaluate --help)\n");
  }

  @Test
  void optionWithoutValue_namesTheOption() {
    assertThat(run("evaluate", "--outputs", "p.jsonl", "--threads")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --threads needs a value (see llmsql evaluate --help)\n");
  }

  @Test
  void unknownSubcommandOfAGroup_namesTheKnownOnes() {
    assertThat(run("dataset", "export")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql dataset: unknown subcommand 'export'; known: import (see llmsql dataset "
        + "--help)\n");
  }

  @Test
  void atFileArgument_isAFileNameNotAnArgumentsFile() throws Exception {
    Files.writeString(dir.resolve("args"), "--threads\n0\n");

    assertThat(run("evaluate", "--outputs", "@" + dir.resolve("args"), "--db-path", dir.resolve("nope.sqlite")
        .toString(), "--questions-path", dir.resolve("nope.jsonl").toString(), "--quiet")).isNotEqualTo(Cli.USAGE);
  }

  @Test
  void shortFlags_cluster() {
    assertThat(run("evaluate", "--outputs", "p.jsonl", "-qv")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --quiet and --verbose exclude each other; choose one (see llmsql "
        + "evaluate --help)\n");
  }
}
