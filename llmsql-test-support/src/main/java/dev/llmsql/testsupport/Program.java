package dev.llmsql.testsupport;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A program a test starts, found on the PATH (Chromium also through {@code LLMSQL_CHROMIUM}). */
public enum Program {

  /** Runs the generators of {@code ../shared} ({@code build_db.py}, {@code make_workload.py}). */
  PYTHON3("python3", List.of("python3"), null, "install it (apt-get install python3; .ci/run does)"),

  /** Runs the completion script {@code llmsql completion} prints, the way bash does on Tab. */
  BASH("bash", List.of("bash"), null, "install it (apt-get install bash)"),

  /** Runs the same script through zsh's bashcompinit. */
  ZSH("zsh", List.of("zsh"), null, "install it (apt-get install zsh; .ci/run does)"),

  /** Headless browser of the HTML report's page tests. */
  CHROMIUM("Chromium", List.of("chromium", "chromium-browser", "google-chrome"), "LLMSQL_CHROMIUM",
      "install it (apt-get install chromium; .ci/run does) or set LLMSQL_CHROMIUM to its path");

  private final String label;
  private final List<String> names;
  private final String variable;
  private final String fix;

  Program(String label, List<String> names, String variable, String fix) {
    this.label = label;
    this.names = names;
    this.variable = variable;
    this.fix = fix;
  }

  /** The program's executable in this JVM's environment. */
  public Optional<Path> find() {
    return find(System.getenv());
  }

  /** The program's executable in {@code env}: its own variable first, then each directory of PATH. */
  Optional<Path> find(Map<String, String> env) {
    if (variable != null && env.get(variable) != null && Files.isExecutable(Path.of(env.get(variable)))) {
      return Optional.of(Path.of(env.get(variable)));
    }
    for (String dir : env.getOrDefault("PATH", "").split(File.pathSeparator)) {
      for (String name : names) {
        if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
          return Optional.of(Path.of(dir, name));
        }
      }
    }
    return Optional.empty();
  }

  /** Why a test that needs the program cannot run, and the fix. */
  String missing() {
    String where = names.size() == 1 ? "on the PATH" : "on the PATH (" + String.join(", ", names) + ")";
    String variableToo = variable == null ? "" : " and " + variable + " is not set";
    return label + " is not " + where + variableToo + "; " + fix;
  }
}
