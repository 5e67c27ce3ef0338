package dev.llmsql.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.gate.Gate;
import dev.llmsql.gate.GateResult;
import dev.llmsql.report.csv.CsvReport;
import dev.llmsql.report.html.HtmlReport;
import dev.llmsql.report.leaderboard.LeaderboardYaml;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one registry of report formats, and every built-in writer writing exactly what its format class writes. */
class ReportWritersTest {

  private static final EvaluationReport REPORT = Reports.of(new boolean[] {true, false, false}, 3);

  @TempDir
  Path dir;

  @Test
  void all_theBuiltInWritersInServiceOrder_andTheListedOnesAreTheFormatOptionsChoices() {
    assertThat(ReportWriters.all()).extracting(ReportWriter::format)
        .containsExactly("json", "csv", "html", "llmsql-json", "leaderboard-yaml", "junit-xml");
    assertThat(ReportWriters.all()).extracting(ReportWriter::extension)
        .containsExactly("json", "csv", "html", "json", "yaml", "xml");
    assertThat(ReportWriters.listed()).containsExactly("json", "csv", "html");
    assertThat(ReportWriters.named("CSV").fileName("gpt-4o")).isEqualTo("gpt-4o.csv");
  }

  @Test
  void named_anUnknownFormat_isRefusedNamingTheKnownOnes() {
    assertThatThrownBy(() -> ReportWriters.named("pdf")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no report writer for the format 'pdf'; known: json, csv, html, llmsql-json, leaderboard-yaml, "
            + "junit-xml");
    assertThat(ReportWriters.find("pdf")).isEmpty();
  }

  @Test
  void eachReportFormat_writesTheBytesOfItsFormatClass() throws IOException {
    assertThat(written("json", ReportWriter.Extras.NONE)).isEqualTo(bytes(out -> FullReportJson.write(REPORT, out)));
    assertThat(written("csv", ReportWriter.Extras.NONE)).isEqualTo(bytes(out -> CsvReport.write(REPORT, out)));
    assertThat(written("html", ReportWriter.Extras.NONE)).isEqualTo(bytes(out -> HtmlReport.write(REPORT, out)));
    assertThat(written("llmsql-json", ReportWriter.Extras.NONE)).isEqualTo(bytes(out -> ReportJson.write(REPORT, out)));
  }

  @Test
  void leaderboardYaml_takesTheEntrysOtherSettingsFromTheExtras() throws IOException {
    LeaderboardYaml.Builder entry = LeaderboardYaml.builder().modelName("m").date(LocalDate.of(2026, 1, 2))
        .osName("Linux").toolVersion("0.1.0");
    String expected = LeaderboardYaml.builder().report(REPORT).modelName("m").date(LocalDate.of(2026, 1, 2))
        .osName("Linux").toolVersion("0.1.0").build().toYaml();

    byte[] yaml = written("leaderboard-yaml", ReportWriter.Extras.of(entry));

    assertThat(new String(yaml, StandardCharsets.UTF_8)).isEqualTo(expected);
  }

  @Test
  void junitXml_writesTheGatesResult_andWithoutOneSaysWhatItNeeds() throws IOException {
    GateResult result = Gate.builder().failUnder(0.5).build().check(REPORT);

    assertThat(new String(written("junit-xml", ReportWriter.Extras.of(result)), StandardCharsets.UTF_8))
        .isEqualTo(result.toJunitXml());
    assertThatThrownBy(() -> written("junit-xml", ReportWriter.Extras.NONE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("junit-xml writes a gate's result: give it as ReportWriter.Extras.of(gate.check(report))");
    assertThat(dir.resolve("out.xml")).hasContent(result.toJunitXml());
  }

  @Test
  void extras_ofOneTypeTwice_areRefused() {
    assertThatThrownBy(() -> ReportWriter.Extras.of("a", "b")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("two extras of type java.lang.String; give each type once");
  }

  @Test
  void theTargetCheck_refusesAnInputOfTheRun_withTheWordsOfItsName() throws IOException {
    Path db = Files.writeString(dir.resolve("db.sqlite"), "x");
    RunInputs inputs = RunInputs.none().with("predictions file", null).with("database", db);

    assertThatThrownBy(() -> ReportWriters.named("html").write(REPORT, dir))
        .isInstanceOf(OutputTargetException.class);
    assertThatThrownBy(() -> ReportFiles.requireWritableTarget(db, inputs)).isInstanceOf(OutputTargetException.class)
        .hasMessage(db + ": is the database of this run (" + db + "), an input that must not be overwritten; "
            + "choose another path");
    assertThatThrownBy(() -> ReportFiles.requireWritableTarget(dir, inputs)).isInstanceOf(OutputTargetException.class)
        .hasMessage(dir + ": exists and is not a regular file (a directory); choose another path");
    Map<String, Path> asMap = new LinkedHashMap<>();
    asMap.put("predictions file", null);
    asMap.put("database", db);
    assertThat(RunInputs.of(asMap).files()).isEqualTo(inputs.files()).containsOnlyKeys("database");
    assertThat(inputs.with("database", db).files()).isEqualTo(inputs.files());
    assertThatThrownBy(() -> inputs.with("database", dir)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the run's database is given twice; give it once");
  }

  private byte[] written(String format, ReportWriter.Extras extras) throws IOException {
    ReportWriter writer = ReportWriters.named(format);
    Path file = dir.resolve("out." + writer.extension());
    writer.write(REPORT, extras, file);
    return Files.readAllBytes(file);
  }

  private static byte[] bytes(ReportFiles.Content content) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    content.writeTo(out);
    return out.toByteArray();
  }
}
