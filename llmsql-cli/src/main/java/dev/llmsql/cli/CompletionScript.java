package dev.llmsql.cli;

import picocli.AutoComplete;
import picocli.CommandLine;

/**
 * The bash (and zsh, through bashcompinit) completion script {@code llmsql completion} prints: picocli's
 * {@link AutoComplete#bash}, with the places where a file name or a word of the command line being completed
 * could be run as code, or globbed, rewritten.
 *
 * <p>picocli completes a file positional ({@code llmsql report <TAB>}) by feeding {@code compgen -f}'s names into
 * {@code compgen -W}, which expands its word list: a file named {@code $(cmd)} in the current directory ran
 * {@code cmd} when the user pressed Tab. Its file option values ({@code --outputs <TAB>}) went through an unquoted
 * {@code $(compgen -f ...)}, which globs the names (a file named {@code *} offered every file). And it matched
 * the previous word as a regular expression ({@code =~}) to tell an option's value from a positional. Here file
 * names go from {@code compgen -f} straight into {@code COMPREPLY}, one element each ({@code _llmsql_add_files}),
 * and the previous word is compared as a string. What still goes through {@code compgen -W} is the script's own
 * constants: command names, option names and fixed value lists.
 *
 * <p>Each rewrite must find picocli's text, and no {@code compgen -f} may be left outside the helper: a picocli
 * upgrade that changes its template fails here (and in the tests) instead of shipping an unsafe script.
 */
final class CompletionScript {

  /** Added before the entry point: the only place file names are read. */
  static final String HELPER = """
      # _llmsql_add_files appends the names `compgen -f` gives for the word being completed ($1) to COMPREPLY,
      # one element each. File names are data: they never go through compgen -W or eval (which would run a file
      # named '$(cmd)' as code) nor through an unquoted expansion (which would glob them).
      function _llmsql_add_files() {
        local files file
        files=$(compgen -f -- "$1")
        while IFS= read -r file; do
          if [[ -n "${file}" ]]; then COMPREPLY+=("${file}"); fi
        done <<< "${files}"
      }

      """;

  private CompletionScript() {}

  /** The completion script for {@code root}, named {@code name}. */
  static String bash(String name, CommandLine root) {
    return harden(AutoComplete.bash(name, root));
  }

  /** picocli's script with file names and typed words kept as data; fails if picocli's text is not found. */
  static String harden(String script) {
    String s = script;
    // A file option's value: the names straight into COMPREPLY, not through an unquoted $(...) that globs them.
    s = replace(s, "COMPREPLY=( $( compgen -f -- \"${curr_word}\" ) ) # files",
        "COMPREPLY=(); _llmsql_add_files \"${curr_word}\" # files");
    // A file positional (none in a tree without one): noted here, added after the command names below.
    s = s.replace("positionals=$( compgen -f -- \"${curr_word}\" ) # files",
        "file_positional=1 # files: added to COMPREPLY below, never through compgen -W");
    s = replace(s, "\n    local positionals=\"\"\n",
        "\n    local positionals=\"\"\n    local file_positional=\"\"\n");
    String words = "\n    COMPREPLY=( $(compgen -W \"${commands// /$'\\n'}${IFS}${positionals}\" -- "
        + "\"${curr_word}\") )\n";
    s = replace(s, words, words.substring(0, words.length() - 1)
        + "\n    if [[ -n \"${file_positional}\" ]]; then _llmsql_add_files \"${curr_word}\"; fi\n");
    // The previous word (typed by the user) compared as a whole quoted option name, not used as a regex.
    s = replace(s, "if [[ \"${optionsWithArgs}\" =~ ${previousWord} ]]; then",
        "if [[ \" ${optionsWithArgs} \" == *\" '${previousWord}' \"* ]]; then");
    s = replace(s, "elif [[ \"${booleanOptions}\" =~ ${previousWord} ]]; then",
        "elif [[ \" ${booleanOptions} \" == *\" '${previousWord}' \"* ]]; then");
    String entryPoint = "\n# Bash completion entry point function.\n";
    s = replace(s, entryPoint, "\n" + HELPER + entryPoint.substring(1));

    String outsideHelper = s.replace(HELPER, "");
    for (String unsafe : new String[] {"compgen -f", "=~", "eval "}) {
      if (outsideHelper.contains(unsafe)) {
        throw new IllegalStateException("completion script: picocli's template changed, '" + unsafe
            + "' left unhardened");
      }
    }
    return s;
  }

  private static String replace(String script, String from, String to) {
    if (!script.contains(from)) {
      throw new IllegalStateException("completion script: picocli's template changed, not found: " + from.strip());
    }
    return script.replace(from, to);
  }
}
