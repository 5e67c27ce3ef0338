package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import dev.llmsql.testsupport.Program;
import dev.llmsql.testsupport.Requires;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A report file that cannot be written costs that file only: the run's other files, its leaderboard entry and its
 * gate still count, and the exit status says a file is missing. {@link OutOfMemoryReportWriter} stands for an
 * HTML page too large for the heap (before, the error ended the run: no gate, no later file).
 */
class ReportWriterFailureCliTest {

  static final Path DEMO = CliTest.DEMO;

  @TempDir
  Path dir;

  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private PluginClassLoader plugin;

  @BeforeEach
  void registerTheFailingWriter() throws Exception {
    plugin = PluginClassLoader.of("/report-writer-failing");
  }

  @AfterEach
  void unregister() throws Exception {
    plugin.close();
  }

  @Test
  void aWriterOutOfMemory_losesItsFileOnly_theHtmlPageComesLast() throws Exception {
    Path reports = dir.resolve("reports");

    int status = new Cli(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)).run(new String[] {"evaluate", "--outputs",
        DEMO.resolve("predictions.jsonl").toString(), "--questions-path", DEMO.resolve("questions.jsonl").toString(),
        "--db-path", DEMO.resolve("demo.sqlite").toString(), "--threads", "1", "--no-gold-cache",
        "--no-show-mismatches", "--save-report", dir.resolve("llmsql.json").toString(), "--format",
        "html,oom,json,csv", "--out", reports.toString(), "--name", "m", "--save-leaderboard-yaml",
        dir.resolve("entry.yaml").toString(), "--fail-under", "0.9"});

    assertThat(status).isEqualTo(Cli.NOT_SAVED);
    assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("llmsql evaluate: evaluation finished but "
        + reports.resolve("m.oom") + " could not be written: out of memory; keep fewer mismatches "
        + "(--keep-mismatches N) or give Java more memory (-Xmx2g)\n");
    try (Stream<Path> files = Files.list(reports)) {
      assertThat(files.map(f -> f.getFileName().toString()).sorted()).containsExactly("m.csv", "m.html", "m.json");
    }
    assertThat(dir.resolve("llmsql.json")).isNotEmptyFile();
    assertThat(dir.resolve("entry.yaml")).isNotEmptyFile();
    String printed = out.toString(StandardCharsets.UTF_8);
    assertThat(printed.lines().filter(l -> l.matches("  (JSON|CSV|HTML|Leaderboard): .*"))
        .map(l -> l.strip().split(":")[0])).containsExactly("JSON", "CSV", "HTML", "Leaderboard");
    assertThat(printed).endsWith("\nllmsql gate: FAILED: accuracy 0.5400 < 0.9000 (fail-under)\n");
  }

  @Test
  @Requires(programs = Program.BASH)
  void theLlmsqlReportNotSaved_theOtherFilesAndTheGateStillCount() throws Exception {
    // a file-size limit of 2 KiB (bash's ulimit -f) stands for a full disk: the report and the --format files fail
    // to be written, the short leaderboard entry fits; before, the first failure ended the run, gate unchecked
    Path library = dir.resolve("native");
    try (var jar = new java.util.jar.JarFile(Path.of(org.sqlite.JDBC.class.getProtectionDomain().getCodeSource()
        .getLocation().toURI()).toFile())) {
      // sqlite-jdbc's native library as it is unpacked into the temp folder, which the limit would stop
      String entry = "org/sqlite/native/Linux/x86_64/libsqlitejdbc.so";
      org.junit.jupiter.api.Assumptions.assumeTrue(jar.getEntry(entry) != null && System.getProperty("os.arch")
          .equals("amd64"), "runs on Linux x86_64 only (it copies that native library out of sqlite-jdbc)");
      Files.createDirectories(library);
      Files.copy(jar.getInputStream(jar.getEntry(entry)), library.resolve("libsqlitejdbc.so"));
    }
    List<String> command = new ArrayList<>(List.of(Program.BASH.find().orElseThrow().toString(), "-c",
        "ulimit -f 2 && exec \"$@\"", "bash"));
    command.addAll(OwnJvm.main(List.of("-XX:-UsePerfData", "-Dorg.sqlite.lib.path=" + library,
        "-Dorg.sqlite.lib.name=libsqlitejdbc.so"), "evaluate", "--outputs",
        DEMO.resolve("predictions.jsonl").toAbsolutePath().toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toAbsolutePath().toString(), "--db-path",
        DEMO.resolve("demo.sqlite").toAbsolutePath().toString(), "--no-gold-cache", "-q", "--save-report",
        "llmsql.json", "--format", "json,html", "--out", "reports", "--name", "m", "--save-leaderboard-yaml",
        "entry.yaml", "--fail-under", "0.9"));
    Process run = new ProcessBuilder(command).directory(dir.toFile())
        .redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile()).start();

    assertThat(run.waitFor(2, TimeUnit.MINUTES)).isTrue();
    assertThat(run.exitValue()).isEqualTo(Cli.NOT_SAVED);
    assertThat(Files.readString(dir.resolve("err.txt"))).isEqualTo("llmsql evaluate: evaluation finished but "
        + "the report could not be saved to " + dir.resolve("llmsql.json") + " (java.io.IOException: File too "
        + "large); choose another path with --save-report\n"
        + "llmsql evaluate: evaluation finished but reports/m.json could not be written (java.io.IOException: File "
        + "too large); choose another directory with --out\n"
        + "llmsql evaluate: evaluation finished but reports/m.html could not be written (java.io.IOException: File "
        + "too large); choose another directory with --out\n");
    assertThat(Files.readString(dir.resolve("out.txt"))).isEqualTo("54.00% accuracy (27 of 50 matched)\n"
        + "llmsql gate: FAILED: accuracy 0.5400 < 0.9000 (fail-under)\n");
    assertThat(dir.resolve("entry.yaml")).isNotEmptyFile();
    assertThat(dir.resolve("llmsql.json")).doesNotExist();
    try (Stream<Path> files = Files.list(dir.resolve("reports"))) {
      assertThat(files).isEmpty();
    }
  }
}
