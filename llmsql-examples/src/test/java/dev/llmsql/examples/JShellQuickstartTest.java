package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Runs {@code jshell/quickstart.jsh} through the {@code jshell} binary, from the repository root as the README
 * says, so the README's JShell example cannot rot.
 */
class JShellQuickstartTest {

  static final Path SCRIPT = Path.of("jshell", "quickstart.jsh");

  @Test
  void quickstart_atMostFiveStatements() throws Exception {
    List<String> statements = Files.readAllLines(SCRIPT).stream()
        .filter(l -> !l.isBlank() && !l.startsWith("//")).toList();

    assertThat(statements).hasSizeLessThanOrEqualTo(5);
  }

  @Test
  void quickstart_printsDemoSummaryAndMismatchTable() throws Exception {
    // GIVEN: the JDK's jshell and this module's test class path (the library and its dependencies)
    Path jshell = Path.of(System.getProperty("java.home"), "bin", "jshell");
    // jshell rejects class path entries that do not exist (a module without classes has no target/classes)
    String classPath = java.util.Arrays.stream(System.getProperty("surefire.test.class.path",
            System.getProperty("java.class.path")).split(File.pathSeparator))
        .filter(e -> Files.exists(Path.of(e))).collect(java.util.stream.Collectors.joining(File.pathSeparator));
    Path root = Path.of("").toAbsolutePath().getParent();

    // WHEN
    Process process = new ProcessBuilder(jshell.toString(), "--class-path", classPath,
        "-R-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
        // the gold cache goes under target/, not into the repository root the script runs from
        "-R-Dllmsql.workdir=" + Path.of("target", "llmsql_workdir").toAbsolutePath(),
        root.relativize(SCRIPT.toAbsolutePath()).toString())
        .directory(root.toFile()).redirectErrorStream(true).start();
    process.getOutputStream().close(); // end of input: jshell exits after the script
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    boolean exited = process.waitFor(120, TimeUnit.SECONDS);

    // THEN
    assertThat(exited).isTrue();
    assertThat(output).contains("Evaluation summary (judge llmsql, local llmsql-examples" + File.separator
            + "demo" + File.separator + "questions.jsonl",
        "  Total:          50\n", "  Matches:        27\n", "  Accuracy:       54.00%\n",
        "First 5 of 23 mismatch(es) (mismatches().get(i) shows one in full):\n",
        "     id  outcome     reason          question                                  gold rows           pred rows\n",
        "      3  MISMATCH    VALUE_MISMATCH  What is the total annual salary of th...  [(372000)]          [(93000.0)]\n")
        .doesNotContain("Error:", "Exception");
  }
}
