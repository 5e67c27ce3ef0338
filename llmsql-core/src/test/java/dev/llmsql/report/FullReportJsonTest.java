package dev.llmsql.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.result.QuestionResult;
import dev.llmsql.scoring.Score;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FullReportJsonTest {

  @TempDir
  Path dir;

  @Test
  void read_writtenReport_isEqualToOriginal() throws Exception {
    // GIVEN
    EvaluationReport report = Reports.withProblem(Reports.of(new boolean[] {true, false, true, false}, 4));
    Path file = dir.resolve("full.json");

    // WHEN
    FullReportJson.write(report, file);
    EvaluationReport read = FullReportJson.read(file);

    // THEN
    assertThat(read).isEqualTo(report);
    assertThat(read.details().get(1).tags()).containsExactly("even", "lookup");
  }

  @Test
  void read_resultsBeforeDetails_orJunkElementsInAnotherFile_readAsBefore() throws Exception {
    // the two per-question arrays are read one element at a time now (a 385 MB report ran out of memory as
    // one tree): their order in the file does not matter, and a file that is no report is named as such first
    EvaluationReport report = Reports.withProblem(Reports.of(new boolean[] {true, false, true, false}, 4));
    Path file = dir.resolve("full.json");
    FullReportJson.write(report, file);
    ObjectMapper mapper = new ObjectMapper();
    com.fasterxml.jackson.databind.node.ObjectNode written =
        (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(file.toFile());
    com.fasterxml.jackson.databind.node.ObjectNode reordered = mapper.createObjectNode();
    reordered.set("results", written.get("results"));
    written.properties().forEach(field -> reordered.putIfAbsent(field.getKey(), field.getValue()));
    Path swapped = Files.writeString(dir.resolve("swapped.json"), mapper.writeValueAsString(reordered));
    Path other = Files.writeString(dir.resolve("other.json"), "{\"details\": [1, {\"x\": []}], \"results\": 3}");

    assertThat(FullReportJson.read(swapped)).isEqualTo(report);
    assertThat(FullReportJson.readAnyReport(swapped)).isEqualTo(report);
    // a field given twice counts the last time, as in a tree (a review: two halves of "results" were added up)
    com.fasterxml.jackson.databind.node.ArrayNode first = written.get("results").deepCopy();
    ((com.fasterxml.jackson.databind.node.ObjectNode) first.get(0)).put("question_id", 99);
    Path twice = Files.writeString(dir.resolve("twice.json"), "{\"results\": " + mapper.writeValueAsString(first)
        + ", " + Files.readString(file).strip().substring(1));
    assertThat(FullReportJson.read(twice)).isEqualTo(report);
    assertThatThrownBy(() -> FullReportJson.read(other)).isInstanceOf(IOException.class).hasMessage(other
        + " is not an llmsql-java full report (no \"format\": \"llmsql-java-report\"); make one with "
        + "'llmsql evaluate --format json'");
  }

  @Test
  void llmsql2Repeats_comeBack_andRepeatsTheReportDoesNotCount_areRefused() throws Exception {
    // LLMSQL 2.0 scores every prediction line: question 2 answered wrong twice, question 1 right twice
    EvaluationReport once = Reports.of(new boolean[] {true, false, true});
    List<QuestionResult> results = new ArrayList<>(once.results());
    QuestionResult first = once.results().get(1);
    results.add(first.withQuestion(first.difficulty(), first.tags(), new dev.llmsql.result.QuestionDetail(2,
        "Question 2?", first.detail().goldSql(), "SELECT 5", first.detail().labels(), null)));
    results.add(once.results().get(0));
    EvaluationReport report = EvaluationReport.builder().total(5).matches(3).predNone(0).goldNone(0).sqlErrors(0)
        .accuracy(0.6).timestamp(once.timestamp()).inputMode(once.inputMode()).results(results).judge("llmsql2")
        .scores(List.of(new Score("accuracy", 0.6, "matches / total = 3 / 5"))).benchmark(once.benchmark())
        .duration(once.duration()).build().withLlmsql2(new Llmsql2Figures("m", "2.0", 0, Map.of(), 3, 3, 0, 2));
    Path file = dir.resolve("full.json");

    FullReportJson.write(report, file);
    EvaluationReport read = FullReportJson.read(file);

    assertThat(read).isEqualTo(report);
    assertThat(read.results()).extracting(r -> r.questionId() + " " + r.detail().predictedSql()).containsExactly(
        "1 SELECT n FROM t WHERE id = 1", "2 SELECT n FROM t WHERE id = 2", "3 SELECT n FROM t WHERE id = 3",
        "2 SELECT 5", "1 SELECT n FROM t WHERE id = 1");
    // the same results with one scored repeat less than they hold: no report the engine writes
    Path edited = Files.writeString(dir.resolve("edited.json"),
        Files.readString(file).replace("\"duplicates\" : 2", "\"duplicates\" : 1"));
    assertThatThrownBy(() -> FullReportJson.read(edited)).isInstanceOf(IOException.class).hasMessage(edited
        + " is a damaged llmsql-java report: question 1 is in \"results\" twice, but the report scored 1 repeated "
        + "prediction(s) in all");
  }

  @Test
  void read_llmsql2Figures_comeBack() throws Exception {
    EvaluationReport report = Reports.of(new boolean[] {true, false, true}, 3).withLlmsql2(new Llmsql2Figures(
        "my-model", "2.0", 1, java.util.Map.of("lookup", new Breakdown("lookup", 2, 1),
            "convention", new Breakdown("convention", 1, 1)), 21, 3, 18, 0));
    Path file = dir.resolve("full.json");

    FullReportJson.write(report, file);
    EvaluationReport read = FullReportJson.read(file);

    assertThat(read).isEqualTo(report);
    assertThat(read.categoryAccuracy().keySet()).containsExactly("convention", "lookup");
    assertThat(read.accuracyOverBenchmark()).isEqualTo(2.0 / 21);
  }

  @Test
  void write_perQuestionMeasures_areWrittenAndReadBack() throws Exception {
    // GIVEN: Soft-F1, the R-VES time ratio and reward, and a weighted score's parts (rules, difficulty, tags)
    EvaluationReport base = Reports.of(new boolean[] {true, false});
    QuestionResult first = base.results().get(0);
    QuestionResult second = base.results().get(1);
    List<QuestionResult> results = List.of(
        new QuestionResult(1, dev.llmsql.judgement.Verdict.match().withMeasure("soft_f1", 0.5)
            .withMeasure("time_ratio", 3.0).withMeasure("ves_reward", 1.25), first.candidates(), first.executed(), false, false, null, first.nanos()).withQuestion(2, List.of("joins"), first.detail()),
        new QuestionResult(2, second.verdict().withMeasure("soft_f1", 0.25).withMeasure("rule:r1", 1)
            .withMeasure("rule_difficulty:r1", 3), second.candidates(), second.executed(), false, false, null, second.nanos()).withQuestion(0, List.of(), second.detail()));
    EvaluationReport report = base.toBuilder().results(results).tally(Tally.of(results)).build();
    Path file = dir.resolve("measures.json");

    // WHEN
    FullReportJson.write(report, file);

    // THEN
    JsonNode json = new ObjectMapper().readTree(file.toFile());
    assertThat(json.path("results").get(0).path("measures").toString())
        .isEqualTo("{\"soft_f1\":0.5,\"time_ratio\":3.0,\"ves_reward\":1.25}");
    assertThat(json.path("results").get(0).path("difficulty").asInt()).isEqualTo(2);
    assertThat(json.path("results").get(0).path("tags").toString()).isEqualTo("[\"joins\"]");
    assertThat(json.path("results").get(1).path("measures").toString())
        .isEqualTo("{\"rule:r1\":1.0,\"rule_difficulty:r1\":3.0,\"soft_f1\":0.25}");
    assertThat(FullReportJson.read(file).results()).isEqualTo(results);
  }

  @Test
  void read_cutOffOrBrokenFile_saysWhereInPlainWords() throws Exception {
    Path cut = dir.resolve("cut.json");
    Files.writeString(cut, "{\"format\": \"llmsql-java-report\",\n  \"version\": 1,\n  \"results\": [",
        StandardCharsets.UTF_8);
    Path broken = dir.resolve("broken.json");
    Files.writeString(broken, "{\"format\": \"llmsql-java-report\",\n  \"version\" 1}", StandardCharsets.UTF_8);

    assertThatThrownBy(() -> FullReportJson.read(cut)).isInstanceOf(IOException.class).hasMessage(cut
        + ": not valid JSON at line 3, column 15: expected a value or ']' (the text ends early; was it cut off?)");
    assertThatThrownBy(() -> FullReportJson.readAnyReport(broken)).isInstanceOf(IOException.class)
        .hasMessage(broken + ": not valid JSON at line 2, column 13: unexpected '1'; expected ':' after the field "
            + "name");
  }

  @Test
  void read_llmsqlReport_namesTheFix() throws Exception {
    // GIVEN
    Path file = dir.resolve("llmsql.json");
    ReportJson.write(Reports.of(new boolean[] {true}), file);

    // WHEN / THEN
    assertThatThrownBy(() -> FullReportJson.read(file)).isInstanceOf(IOException.class).hasMessage(file
        + " is not an llmsql-java full report (no \"format\": \"llmsql-java-report\"); it looks like LLMSQL's "
        + "report (what --save-report writes), which lacks per-question results; make one with "
        + "'llmsql evaluate --format json'");
  }

  @Test
  void read_otherVersion_namesVersions() throws Exception {
    // GIVEN
    Path file = dir.resolve("v9.json");
    Files.writeString(file, "{\"format\": \"llmsql-java-report\", \"version\": 9}", StandardCharsets.UTF_8);

    // WHEN / THEN
    assertThatThrownBy(() -> FullReportJson.read(file)).hasMessage(file + " has report format version 9, "
        + "but this library reads version 1; use the llmsql-java version that wrote it");
  }

  @Test
  void read_missingField_namesFieldAndFile() throws Exception {
    // GIVEN
    Path file = dir.resolve("damaged.json");
    Files.writeString(file, "{\"format\": \"llmsql-java-report\", \"version\": 1, \"summary\": {},"
        + " \"results\": []}", StandardCharsets.UTF_8);

    // WHEN / THEN
    assertThatThrownBy(() -> FullReportJson.read(file)).hasMessage(file + " is a damaged llmsql-java report: "
        + "\"accuracy\" is missing in {}");
  }

  @Test
  void read_impossibleFigures_areADamagedReport_notABaselineThatPassesEveryGate() throws Exception {
    // GIVEN: a report written here, then edited: each figure a baseline gate or a leaderboard would believe
    Path file = dir.resolve("r.json");
    FullReportJson.write(Reports.of(new boolean[] {true, false}), file);
    String written = Files.readString(file);
    Map<String, String> edits = new java.util.LinkedHashMap<>();
    edits.put("\"accuracy\" : 0.5,", "\"accuracy\" : -1,");
    edits.put("\"accuracy\" : 0.5,\n", "\"accuracy\" : 7.0,\n");
    edits.put("\"total\" : 2,", "\"total\" : 4294967298,");
    edits.put("\"matches\" : 1,", "\"matches\" : 3,");
    edits.put("\"question_id\" : 2,", "\"question_id\" : \"abc\",");
    edits.put("\"value\" : 0.5,", "\"value\" : \"NaN\",");
    List<String> messages = new ArrayList<>();
    for (Map.Entry<String, String> edit : edits.entrySet()) {
      assertThat(written).contains(edit.getKey());
      Files.writeString(file, written.replaceFirst(java.util.regex.Pattern.quote(edit.getKey()), edit.getValue()));
      messages.add(catchThrowable(() -> FullReportJson.read(file)).getMessage().replace(file + " is a damaged "
          + "llmsql-java report: ", ""));
    }
    assertThat(messages).containsExactly("\"accuracy\" must be a number from 0 to 1, but was -1",
        "\"accuracy\" must be a number from 0 to 1, but was 7.0",
        "\"total\" must be a whole number from 0, but was 4294967298",
        "\"matches\" (3) exceeds \"total\" (2)",
        "\"question_id\" must be a whole number, but was \"abc\"",
        "score \"accuracy\" must be a finite number, but was \"NaN\"");
  }
}
