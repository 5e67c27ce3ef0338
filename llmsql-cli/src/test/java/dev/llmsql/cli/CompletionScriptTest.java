package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.testsupport.Program;
import dev.llmsql.testsupport.Requires;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The script {@code llmsql completion} prints, run by bash (and zsh's bashcompinit) as on Tab, in a directory
 * holding a file named {@code $(touch pwned)}: file names and typed words are offered as they are and never run.
 */
class CompletionScriptTest extends CliHarness {

  private static final String HOSTILE = "$(touch pwned)";
  private static final String SPACED = "a b.json";

  /** Sets the words being completed the way bash does (the last one is the current one), calls the entry point. */
  private static final String BASH_TAB = """
      source "$1" || exit 90
      shift
      COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
      _complete_llmsql
      if (( ${#COMPREPLY[@]} )); then printf '%s\\0' "${COMPREPLY[@]}"; fi
      """;

  /** The same through zsh's bashcompinit: its compgen -F runs the function under sh emulation, as on Tab. */
  private static final String ZSH_TAB = """
      autoload -U +X compinit && compinit -u -D
      source "$1" || exit 90
      shift
      COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"
      compgen -F _complete_llmsql -- "${@[-1]}" | while IFS= read -r line; do printf '%s\\0' "$line"; done
      """;

  @TempDir
  Path temp;
  Path work;
  Path script;

  @BeforeEach
  void generate() throws IOException {
    assertThat(run("completion")).isZero();
    script = Files.writeString(temp.resolve("llmsql-completion.bash"), out());
    work = Files.createDirectory(temp.resolve("work"));
    Files.createFile(work.resolve(HOSTILE));
    Files.createFile(work.resolve(SPACED));
  }

  @Test
  @Requires(programs = Program.BASH)
  void bash_reportFileArgument_offersHostileNamesAsTheyAreAndRunsNothing() throws Exception {
    assertThat(tab(Program.BASH, "llmsql", "report", "")).containsExactly(HOSTILE, SPACED);
    assertThat(tab(Program.BASH, "llmsql", "leaderboard", "")).containsExactly(HOSTILE, SPACED);
    assertThat(tab(Program.BASH, "llmsql", "compare", "x.json", "")).containsExactly(HOSTILE, SPACED);
    assertThat(tab(Program.BASH, "llmsql", "report", "a")).containsExactly(SPACED);

    assertThat(work.resolve("pwned")).doesNotExist();
    assertThat(work).isDirectoryContaining(p -> p.getFileName().toString().equals(HOSTILE));
  }

  @Test
  @Requires(programs = Program.BASH)
  void bash_fileOptionValueAndTypedWords_areNeverRun() throws Exception {
    Files.createFile(work.resolve("*"));

    assertThat(tab(Program.BASH, "llmsql", "evaluate", "--outputs", "")).containsExactly(HOSTILE, "*", SPACED);
    assertThat(tab(Program.BASH, "llmsql", "report", "--out", "$(touch p")).containsExactly(HOSTILE);
    assertThat(tab(Program.BASH, "llmsql", "report", "`touch typed`")).isEmpty();
    assertThat(tab(Program.BASH, "llmsql", "evaluate", "--engine", "$(touch typed)")).isEmpty();
    assertThat(tab(Program.BASH, "llmsql", "$(touch typed)", "")).contains("evaluate", "report");

    assertThat(work.resolve("pwned")).doesNotExist();
    assertThat(work.resolve("typed")).doesNotExist();
  }

  @Test
  @Requires(programs = Program.BASH)
  void bash_commandsOptionsAndValueLists_stillComplete() throws Exception {
    assertThat(tab(Program.BASH, "llmsql", "")).containsExactlyInAnyOrder("evaluate", "report", "leaderboard",
        "compare", "audit", "dataset", "inference", "falcon", "suite", "completion");
    assertThat(tab(Program.BASH, "llmsql", "ev")).containsExactly("evaluate");
    assertThat(tab(Program.BASH, "llmsql", "evaluate", "--")).contains("--outputs", "--judge", "--engine", "--quiet")
        .allMatch(word -> word.startsWith("--"));
    assertThat(tab(Program.BASH, "llmsql", "evaluate", "--engine", "")).contains("sqlite", "duckdb", "postgresql")
        .doesNotContain(HOSTILE, SPACED);
    assertThat(tab(Program.BASH, "llmsql", "evaluate", "--judge", "")).isEmpty();
    assertThat(tab(Program.BASH, "llmsql", "report", "--format", "")).containsExactly("csv", "html");
    assertThat(tab(Program.BASH, "llmsql", "dataset", "")).containsExactly("import");
  }

  @Test
  @Requires(programs = Program.ZSH)
  void zsh_reportFileArgument_offersHostileNamesAsTheyAreAndRunsNothing() throws Exception {
    Files.createFile(work.resolve("*"));

    assertThat(tab(Program.ZSH, "llmsql", "report", "")).containsExactly(HOSTILE, "*", SPACED);
    assertThat(tab(Program.ZSH, "llmsql", "evaluate", "--outputs", "")).containsExactly(HOSTILE, "*", SPACED);
    assertThat(tab(Program.ZSH, "llmsql", "evaluate", "--engine", "")).contains("sqlite", "duckdb", "postgresql")
        .doesNotContain(HOSTILE, SPACED);

    assertThat(work.resolve("pwned")).doesNotExist();
  }

  @Test
  void script_readsFileNamesOnlyInItsHelper() {
    String text = out();

    assertThat(text).containsOnlyOnce(CompletionScript.HELPER);
    assertThat(text.replace(CompletionScript.HELPER, "")).doesNotContain("compgen -f", "=~", "eval ")
        .contains("_llmsql_add_files \"${curr_word}\" # files", "then _llmsql_add_files \"${curr_word}\"; fi");
  }

  @Test
  void harden_failsWhenPicocliTemplateChanged() {
    assertThatThrownBy(() -> CompletionScript.harden("#!/usr/bin/env bash\nCOMPREPLY=( $(compgen -f) )\n"))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("picocli's template changed");
  }

  /** COMPREPLY, sorted, after Tab with {@code words} on the line (the last one being completed), in {@code work}. */
  private List<String> tab(Program shell, String... words) throws Exception {
    boolean bash = shell == Program.BASH;
    Path driver = Files.writeString(temp.resolve("tab." + shell.name()), bash ? BASH_TAB : ZSH_TAB);
    List<String> command = new ArrayList<>();
    command.add(shell.find().orElseThrow().toString());
    command.addAll(bash ? List.of("--norc", "--noprofile") : List.of("-f"));
    command.add(driver.toString());
    command.add(script.toString());
    command.addAll(Arrays.asList(words));
    ProcessBuilder builder = new ProcessBuilder(command).directory(work.toFile())
        .redirectError(temp.resolve("stderr").toFile());
    Map<String, String> env = builder.environment();
    env.keySet().removeAll(List.of("BASH_ENV", "ENV", "CDPATH", "FIGNORE", "GLOBIGNORE"));
    env.put("HOME", temp.toString());
    env.put("ZDOTDIR", temp.toString());
    Process process = builder.start();
    process.getOutputStream().close();
    byte[] stdout = process.getInputStream().readAllBytes();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("%s finished", command).isTrue();
    assertThat(process.exitValue()).as("%s: %s", command, Files.readString(temp.resolve("stderr"))).isZero();
    String reply = new String(stdout, StandardCharsets.UTF_8);
    return reply.isEmpty() ? List.of()
        : Arrays.stream(reply.substring(0, reply.length() - 1).split("\0", -1)).sorted().toList();
  }
}
