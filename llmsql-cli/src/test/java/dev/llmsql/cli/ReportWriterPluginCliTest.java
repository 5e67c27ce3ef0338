package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A new report format is one class and one service line: {@link TsvReportWriter}, registered only on a plug-in
 * class loader made of the test resources' {@code report-writer-plugin} directory (the other tests keep the
 * built-in formats, whose lists they assert), is taken, written, listed in the help, the errors and the
 * completion, by {@code evaluate} and {@code report} alike, with no change to the command line.
 */
class ReportWriterPluginCliTest {

  static final Path DEMO = Path.of("..", "llmsql-examples", "demo");

  @TempDir
  Path dir;

  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private PluginClassLoader plugin;

  @BeforeEach
  void registerTheTestWriter() throws Exception {
    plugin = PluginClassLoader.of("/report-writer-plugin");
  }

  @AfterEach
  void unregister() throws Exception {
    plugin.close();
  }

  int run(String... args) {
    return new Cli(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
  }

  String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  String[] demo(String... more) {
    List<String> args = new java.util.ArrayList<>(List.of("evaluate", "--outputs",
        DEMO.resolve("predictions.jsonl").toString(), "--questions-path", DEMO.resolve("questions.jsonl").toString(),
        "--db-path", DEMO.resolve("demo.sqlite").toString(), "--no-save-report", "--threads", "1"));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  @Test
  void evaluate_writesTheNewFormat_andPrintsWhereLikeTheOthers() throws Exception {
    int status = run(demo("--format", "tsv,json", "--out", dir.toString(), "--name", "model-a",
        "--no-show-mismatches"));

    assertThat(err()).isEmpty();
    assertThat(status).isZero();
    assertThat(dir.resolve("model-a.tsv")).hasContent("total\tmatches\tsql_errors\taccuracy\n50\t27\t6\t0.5400\n");
    assertThat(out()).endsWith("  TSV:            " + dir.resolve("model-a.tsv") + "\n"
        + "  JSON:           " + dir.resolve("model-a.json") + "\n");
  }

  @Test
  void evaluate_outWithoutFormat_writesEveryListedFormat() {
    assertThat(run(demo("--out", dir.toString(), "--name", "model-a", "--quiet"))).isZero();

    assertThat(List.of("json", "csv", "html", "tsv")).allSatisfy(ext -> assertThat(dir.resolve("model-a." + ext))
        .exists());
  }

  @Test
  void evaluate_listsTheNewFormat_inTheErrorAndTheHelp() {
    assertThat(run(demo("--format", "json,pdf"))).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --format takes a comma-separated list of json, csv, html, tsv, but "
        + "got 'pdf' (see llmsql evaluate --help)\n");

    assertThat(run("evaluate", "--help")).isZero();
    assertThat(out().replaceAll("\\s+", " ")).contains("--format LIST also write these of json,csv,html,tsv into "
        + "--out (default all four when --out is given); json is the full report 'llmsql report' and 'llmsql "
        + "leaderboard' read");
  }

  @Test
  void report_writesTheNewFormat_andListsIt() throws Exception {
    assertThat(run(demo("--format", "json", "--out", dir.toString(), "--name", "model-a", "--quiet"))).isZero();
    out.reset();

    assertThat(run("report", dir.resolve("model-a.json").toString(), "--format", "tsv")).isZero();
    assertThat(out()).isEqualTo(dir.resolve("model-a.tsv") + "\n");
    assertThat(dir.resolve("model-a.tsv")).hasContent("total\tmatches\tsql_errors\taccuracy\n50\t27\t6\t0.5400\n");

    assertThat(run("report", "r.json", "--format", "pdf")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql report: --format takes html, csv or tsv, but was 'pdf' "
        + "(see llmsql report --help)\n");
    out.reset();
    assertThat(run("report", "--help")).isZero();
    assertThat(out()).contains("llmsql report REPORT.json [--format html|csv|tsv] [--out FILE]",
        "--format html|csv|tsv");
  }

  @Test
  void completion_offersTheNewFormat() {
    assertThat(run("completion")).isZero();

    assertThat(out()).contains("=(\"json\" \"csv\" \"html\" \"tsv\") # --format values",
        "=(\"html\" \"csv\" \"tsv\") # --format values");
  }

  @Test
  void withoutThePlugin_theBuiltInFormatsAlone() throws Exception {
    Thread.currentThread().setContextClassLoader(plugin.before());

    assertThat(FormatFiles.evaluate()).containsExactly("json", "csv", "html");
    assertThat(FormatFiles.report()).containsExactly("html", "csv");
    assertThat(Files.exists(dir.resolve("x"))).isFalse();
  }
}
