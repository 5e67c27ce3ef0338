package dev.llmsql.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.Evaluator;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.JudgeContext;
import dev.llmsql.judgement.Outcome;
import dev.llmsql.judgement.Reason;
import dev.llmsql.judgement.Verdict;
import dev.llmsql.prediction.InputMode;
import dev.llmsql.prediction.InputProblem;
import dev.llmsql.prediction.InvalidInputException;
import dev.llmsql.prediction.Prediction;
import dev.llmsql.report.EvaluationListener;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.Mismatch;
import dev.llmsql.report.ReportNotSavedException;
import dev.llmsql.result.QuestionResult;
import dev.llmsql.sqlite.TestDatabases;
import dev.llmsql.testsupport.SqliteFiles;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvaluatorTest {

  static final String T = "1-10015132-9";

  @TempDir
  Path dir;

  Path db;
  Path questions;

  @BeforeEach
  void setUp() throws Exception {
    db = TestDatabases.players(dir);
    SqliteFiles.create(db,
        "CREATE TABLE mixed (k TEXT, v REAL)",
        "INSERT INTO mixed VALUES ('a', 1.5), ('b', NULL), ('c', 2.0), ('d', NULL)");
    questions = write("questions.jsonl",
        q(1, "What position does Jalen Rose play?",
            "SELECT \"Position\" FROM \"" + T + "\" WHERE \"Player\" = 'Jalen Rose'", T),
        q(2, "How many players are guards?",
            "SELECT COUNT(*) FROM \"" + T + "\" WHERE \"Position\" = 'Guard'", T),
        q(3, "Which school did number 42 attend?",
            "SELECT \"School/Club Team\" FROM \"" + T + "\" WHERE \"No.\" = 42", T),
        q(4, "List values of mixed.", "SELECT k, v FROM mixed", "mixed"),
        q(5, "Highest number among centers named Bob?",
            "SELECT MAX(\"No.\") FROM \"" + T + "\" WHERE \"Player\" = 'Bob'", T),
        q(6, "Players with numbers above 30?",
            "SELECT \"Player\" FROM \"" + T + "\" WHERE \"No.\" > 30", T));
  }

  Evaluator.Builder builder() {
    return saving().noReportFile();
  }

  /** {@link #builder()} without its report setting, for tests that save one (the builder refuses both). */
  Evaluator.Builder saving() {
    return on(questions).goldCache(dir.resolve("gold-cache")).showMismatches(false);
  }

  /** The questions on the test database, nothing else set. */
  Evaluator.Builder on(Path questionsFile) {
    return Evaluator.builder().questionsPath(questionsFile).dbPath(db);
  }

  @Test
  void run_listOfMaps_countsLikeLlmsql() {
    List<Map<String, Object>> predictions = List.of(
        Map.of("question_id", "1", "predicted_sql", "SELECT \"Position\" FROM Table WHERE \"Player\" = \"Jalen Rose\""),
        Map.of("question_id", 2, "completion", "```sql\nSELECT count(*) FROM \"Table\" WHERE \"Position\" = 'Guard'\n```"),
        Map.of("question_id", 3, "completion", "SELECT Nope FROM Table"),
        Map.of("question_id", 4, "completion", "SELECT k, v FROM mixed ORDER BY k DESC"),
        Map.of("question_id", 5, "completion", "SELECT MAX(\"No.\") FROM Table WHERE \"Player\" = 'Nobody'"),
        Map.of("question_id", 6, "completion", "SELECT \"Player\" FROM Table WHERE \"No.\" > 40"));

    EvaluationReport report = builder().build().run(predictions);

    assertThat(report.total()).isEqualTo(6);
    assertThat(report.matches()).isEqualTo(4);
    assertThat(report.accuracy()).isEqualTo(4 / 6.0);
    assertThat(report.sqlErrors()).isEqualTo(1);
    assertThat(report.predNone()).isEqualTo(1);
    assertThat(report.goldNone()).isEqualTo(2);
    assertThat(report.inputMode()).isEqualTo(InputMode.DICT_LIST);
    assertThat(report.mismatches()).extracting(Mismatch::questionId).containsExactly(3, 6);
    Mismatch wrong = report.mismatches().get(1);
    assertThat(wrong.goldResults()).containsExactly(List.of("Martin Lewis"), List.of("Brad Lohaus"),
        List.of("Art Long"));
    assertThat(wrong.predictionResults()).containsExactly(List.of("Art Long"));
    assertThat(wrong.verdict()).isEqualTo(
        new dev.llmsql.judgement.Verdict(Outcome.MISMATCH, Reason.MISSING_ROWS, "prediction has 1 row(s), gold 3"));
    Mismatch error = report.mismatches().get(0);
    assertThat(error.predictionResults()).isNull();
    assertThat(error.verdict().outcome()).isEqualTo(Outcome.ERROR);
    assertThat(report.result(3).orElseThrow().error()).isEqualTo("no such column: Nope");
  }

  @Test
  void run_mixedNullAndNumberRows_compareCorrectly() {
    // LLMSQL cannot sort [(a, 1.5), (b, None)] and counts this correct answer as an SQL error.
    EvaluationReport report = builder().build().run(List.of(
        new Prediction(4, "SELECT k, v FROM mixed WHERE v IS NULL UNION ALL SELECT k, v FROM mixed WHERE v IS NOT NULL")));

    assertThat(report.matches()).isEqualTo(1);
    assertThat(report.sqlErrors()).isZero();
  }

  @Test
  void run_severalFailingOrNullCandidates_countOncePerPrediction() {
    // LLMSQL counts per candidate: sql_errors 3 and pred_none 2 here, more than the 3 predictions allow.
    EvaluationReport report = builder().build().run(List.of(
        new Prediction(2, "SELECT bad1 FROM Table; SELECT bad2 FROM Table"),
        new Prediction(1, "SELECT nope FROM Table; SELECT \"Position\" FROM Table WHERE \"Player\" = 'Jalen Rose'"),
        new Prediction(6, "SELECT NULL; SELECT MAX(1) WHERE 0")));

    assertThat(List.of(report.total(), report.matches(), report.sqlErrors(), report.predNone()))
        .isEqualTo(List.of(3, 1, 1, 1));
    assertThat(report.result(2).orElseThrow()).extracting(QuestionResult::candidates, QuestionResult::executed,
        QuestionResult::error).containsExactly(2, 2, "no such column: bad2");
    assertThat(report.result(1).orElseThrow().outcome()).isEqualTo(Outcome.MATCH);
  }

  @Test
  void run_judgeThrowsOnOneQuestion_recordsItAndJudgesTheRest() {
    EvaluationReport report = builder().judge(context -> {
      if (context.question().id() == 2) {
        throw new IllegalStateException("boom");
      }
      return dev.llmsql.judgement.Judges.llmsql().judge(context);
    }).build().run(List.of(new Prediction(2, "SELECT 2"),
        new Prediction(1, "SELECT \"Position\" FROM Table WHERE \"Player\" = 'Jalen Rose'")));

    assertThat(report.matches()).isEqualTo(1);
    assertThat(report.result(2).orElseThrow().verdict()).isEqualTo(new dev.llmsql.judgement.Verdict(Outcome.ERROR,
        Reason.OTHER, "judge " + report.judge() + " failed: java.lang.IllegalStateException: boom"));
  }

  @Test
  void run_judgeOverflowsItsStackOnOneQuestion_recordsItAndJudgesTheRest() {
    // deep input (a nested expression, a pattern that recurses per character) is the question's, not the run's
    EvaluationReport report = builder().threads(2).judge(context -> {
      if (context.question().id() == 2) {
        throw new StackOverflowError();
      }
      return dev.llmsql.judgement.Judges.llmsql().judge(context);
    }).build().run(List.of(new Prediction(2, "SELECT 2"),
        new Prediction(1, "SELECT \"Position\" FROM Table WHERE \"Player\" = 'Jalen Rose'")));

    assertThat(report.matches()).isEqualTo(1);
    assertThat(report.result(2).orElseThrow().verdict()).isEqualTo(new dev.llmsql.judgement.Verdict(Outcome.ERROR,
        Reason.OTHER, "judge " + report.judge() + " failed: java.lang.StackOverflowError"));
  }

  @Test
  void run_internalErrorOnAKnownQuestion_keepsItsDifficultyAndTags() throws Exception {
    // a judge whose failure cannot even be printed: the engine's own record of it fails, outside the judge, and
    // the question's result is the internal-error one; it still counts in its difficulty and tag breakdowns
    Map<String, Object> hard = new LinkedHashMap<>();
    hard.put("question_id", 2);
    hard.put("question", "How many players are guards?");
    hard.put("sql", "SELECT COUNT(*) FROM \"" + T + "\" WHERE \"Position\" = 'Guard'");
    hard.put("table_id", T);
    hard.put("difficulty", "hard");
    hard.put("tags", List.of("count"));
    Path labelled = write("labelled.jsonl", new ObjectMapper().writeValueAsString(hard));
    RuntimeException unprintable = new IllegalStateException() {
      @Override
      public String toString() {
        throw new UnsupportedOperationException("no text");
      }
    };
    EvaluationReport report = on(labelled).noGoldCache().noReportFile().showMismatches(false).judge(context -> {
      throw unprintable;
    }).build().run(List.of(new Prediction(2, "SELECT 2")));

    assertThat(report.result(2).orElseThrow().verdict()).isEqualTo(new Verdict(Outcome.ERROR, Reason.OTHER,
        "internal error: java.lang.UnsupportedOperationException: no text"));
    assertThat(report.byDifficulty()).containsOnlyKeys("hard");
    assertThat(report.byDifficulty().get("hard").total()).isEqualTo(1);
    assertThat(report.byTag()).containsOnlyKeys("count");
    assertThat(report.byTag().get("count").total()).isEqualTo(1);
  }

  @Test
  void run_judgingFailsPartWay_returnsOnlyOnceEveryWorkerHasStoppedAndItsQueryRan() {
    // GIVEN: question 1's judge fails with an Error (not caught per question), question 2's is still judging
    // and runs its query only after a pause it does not cut short when interrupted
    java.util.Queue<String> outcomes = new java.util.concurrent.ConcurrentLinkedQueue<>();
    java.util.concurrent.CountDownLatch secondStarted = new java.util.concurrent.CountDownLatch(1);
    dev.llmsql.judgement.Judge judge = context -> {
      if (context.question().id() == 1) {
        try {
          // fail only once question 2 is being judged (a queued task would just be dropped)
          secondStarted.await(30, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        throw new AssertionError("judge bug");
      }
      secondStarted.countDown();
      long until = System.nanoTime() + 300_000_000L;
      boolean interrupted = false;
      while (System.nanoTime() < until) {
        try {
          Thread.sleep(20);
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      dev.llmsql.execution.QueryOutcome outcome = context.execute("SELECT COUNT(*) FROM \"" + T + "\"");
      outcomes.add(outcome instanceof dev.llmsql.execution.QueryOutcome.Success ? "ran" : outcome.toString());
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
      return dev.llmsql.judgement.Judgement.of(context, dev.llmsql.judgement.Verdict.match());
    };

    // WHEN
    assertThatThrownBy(() -> builder().threads(2).judge(judge).build()
        .run(List.of(new Prediction(1, "SELECT 1"), new Prediction(2, "SELECT 2"))))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("evaluation failed: java.lang.AssertionError: judge bug");

    // THEN: question 2's query ran on the open executor before run() returned (it was closed after)
    assertThat(outcomes).containsExactly("ran");
  }

  @Test
  void run_badEntries_areCountedAndListedNotCrashing() {
    Map<String, Object> nonString = new HashMap<>();
    nonString.put("question_id", 2);
    nonString.put("completion", 42);
    Map<String, Object> missing = new HashMap<>();
    missing.put("question_id", 3);
    List<Object> predictions = List.of(
        Map.of("question_id", 1, "completion", "SELECT \"Position\" FROM Table WHERE \"Player\" = 'Jalen Rose'"),
        Map.of("question_id", 1, "completion", "SELECT 'duplicate'"),
        Map.of("question_id", 99, "completion", "SELECT 1"),
        Map.of("question_id", "abc", "completion", "SELECT 1"),
        nonString,
        missing);

    EvaluationReport report = builder().build().run(predictions);

    assertThat(report.total()).isEqualTo(3);
    assertThat(report.matches()).isEqualTo(1);
    assertThat(report.unanswered()).isEqualTo(3);
    assertThat(report.inputProblems()).containsExactly(
        new InputProblem(InputProblem.Kind.DUPLICATE_QUESTION_ID, "predictions[1]", 1,
            "question_id 1 was answered before; the first prediction counts, this one is ignored"),
        new InputProblem(InputProblem.Kind.UNKNOWN_QUESTION_ID, "predictions[2]", 99,
            "question_id 99 is not in the benchmark's questions; check that the predictions belong to this "
                + "benchmark"),
        new InputProblem(InputProblem.Kind.INVALID_QUESTION_ID, "predictions[3]", null,
            "question_id must be an integer or a string holding one, but was abc"),
        new InputProblem(InputProblem.Kind.NON_STRING_COMPLETION, "predictions[4]", 2,
            "\"completion\" must be a string; scored as an answer without SQL"),
        new InputProblem(InputProblem.Kind.MISSING_COMPLETION, "predictions[5]", 3,
            "no \"completion\" (or \"predicted_sql\") field; scored as an answer without SQL"));
    assertThat(report.result(2).orElseThrow().outcome()).isEqualTo(Outcome.NO_SQL);
    assertThat(report.mismatches()).extracting(Mismatch::modelOutput).containsExactly(null, null);
  }

  @Test
  void run_answerLongerThanGold_stopsReadingAfterOneExtraRow() {
    EvaluationReport report = builder().build().run(List.of(new Prediction(1, "SELECT n FROM nums ORDER BY n")));

    Mismatch m = report.mismatches().get(0);
    assertThat(m.goldResults()).hasSize(1);
    assertThat(m.predictionResults()).containsExactly(List.of(1L), List.of(2L));
    assertThat(m.verdict()).isEqualTo(new dev.llmsql.judgement.Verdict(Outcome.MISMATCH, Reason.EXTRA_ROWS,
        "prediction has more than 2 row(s) (reading stopped there), gold 1"));
  }

  @Test
  void keepMismatches_capsTheListButNotTheCounts() {
    EvaluationReport report = builder().keepMismatches(1).build().run(List.of(new Prediction(1, "SELECT 'x'"),
        new Prediction(2, "SELECT 'x'"), new Prediction(3, "SELECT 'x'")));

    assertThat(report.total() - report.matches()).isEqualTo(3);
    assertThat(report.mismatches()).extracting(Mismatch::questionId).containsExactly(1);
    assertThat(dev.llmsql.report.ReportText.summary(report))
        .contains("  Mismatches:     3 (the first 1 kept in the report)\n");
  }

  @Test
  void keepMismatches_rowsAreKeptOnTheResultsWithinTheCapOnly() {
    EvaluationReport report = builder().keepMismatches(1).build().run(List.of(new Prediction(1, "SELECT 'x'"),
        new Prediction(2, "SELECT 'x'")));

    QuestionResult first = report.results().get(0);
    assertThat(first.kept().modelOutput()).isEqualTo("SELECT 'x'");
    assertThat(first.kept().predictedRows()).containsExactly(List.of("x"));
    assertThat(report.results().get(1).kept()).isNull();
    assertThat(report.mismatches()).containsExactly(new Mismatch(1, first.detail().question(),
        first.detail().goldSql(), "SELECT 'x'", first.kept().goldRows(), List.of(List.of("x")), first.verdict()));
  }

  @Test
  void keepMismatches_capIsStatedInTheSavedReport_andDefaultsToTenThousand() throws Exception {
    Path capped = dir.resolve("capped.json");
    Path whole = dir.resolve("whole.json");
    List<Prediction> three = List.of(new Prediction(1, "SELECT 'x'"), new Prediction(2, "SELECT 'x'"),
        new Prediction(3, "SELECT 'x'"));

    saving().keepMismatches(2).saveReport(capped).build().run(three);
    saving().saveReport(whole).build().run(three);

    com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(capped.toFile());
    assertThat(json.path("mismatches").size()).isEqualTo(2);
    assertThat(json.path("mismatches_cap").asInt()).isEqualTo(2);
    assertThat(json.path("mismatches_omitted").asInt()).isEqualTo(1);
    com.fasterxml.jackson.databind.JsonNode all = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(whole.toFile());
    assertThat(all.path("mismatches").size()).isEqualTo(3);
    assertThat(all.has("mismatches_cap")).isFalse();
    assertThat(all.has("mismatches_omitted")).isFalse();
    assertThat(Evaluator.DEFAULT_KEEP_MISMATCHES).isEqualTo(10_000);
  }

  @Test
  void keepResults_false_keepsCountsTallyAndScoresButNoPerQuestionResults() {
    List<Prediction> predictions = List.of(new Prediction(1, "SELECT \"Position\" FROM Table WHERE \"Player\" = "
        + "'Jalen Rose'"), new Prediction(2, "SELECT 'x'"), new Prediction(3, "no sql here"),
        new Prediction(4, "SELECT nope FROM mixed"));

    EvaluationReport streamed = builder().keepResults(false).build().run(predictions);
    EvaluationReport kept = builder().build().run(predictions);

    assertThat(streamed.results()).isEmpty();
    assertThat(streamed.details()).isEmpty();
    assertThat(streamed.hasResults()).isFalse();
    assertThat(List.of(streamed.total(), streamed.matches(), streamed.sqlErrors())).containsExactly(4, 1, 1);
    assertThat(streamed.tally()).isEqualTo(kept.tally());
    assertThat(streamed.outcomeCounts()).containsEntry(Outcome.MATCH, 1).containsEntry(Outcome.MISMATCH, 1)
        .containsEntry(Outcome.ERROR, 1).containsEntry(Outcome.NO_SQL, 1);
    assertThat(streamed.scores()).isEqualTo(kept.scores()).extracting(s -> s.name()).containsExactly("accuracy");
    assertThat(streamed.mismatches()).isEqualTo(kept.mismatches());
    assertThatThrownBy(() -> dev.llmsql.report.csv.CsvReport.write(streamed, new java.io.ByteArrayOutputStream()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("A CSV report lists every question, but this report keeps 0 of 4 results (the evaluator was "
            + "built with keepResults(false)); evaluate again with keepResults(true), the default");
  }

  @Test
  void run_emptyList_givesValidReportWithZeroAccuracy() {
    EvaluationReport report = builder().build().run(List.of());

    assertThat(report.total()).isZero();
    assertThat(report.accuracy()).isZero();
    assertThat(report.mismatches()).isEmpty();
  }

  @Test
  void run_notAPredictionOrMap_isInvalidInputNamingIndex() {
    assertThatThrownBy(() -> builder().build().run(List.of(new Prediction(1, "SELECT 1"), "SELECT 2")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("predictions[1]: expected a Prediction or a Map with \"question_id\" and \"completion\", "
            + "but got java.lang.String");
  }

  @Test
  void run_malformedJsonLine_failsBeforeAnyWorkNamingFileAndLine() throws Exception {
    Path outputs = write("outputs.jsonl",
        "{\"question_id\": 1, \"completion\": \"SELECT 1\"}",
        "",
        "{\"question_id\": 2, \"completion\": \"SELECT 1\"",
        "{\"question_id\": 3, \"completion\": \"SELECT 1\"}");
    AtomicInteger started = new AtomicInteger();
    Path reportFile = dir.resolve("report.json");

    assertThatThrownBy(() -> saving().saveReport(reportFile).listener(new EvaluationListener() {
      @Override
      public void onStart(long predictions) {
        started.incrementAndGet();
      }
    }).build().run(outputs))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(outputs + ":3: not valid JSON at column 44: expected ',' or '}' (the line ends early)");
    assertThat(started).hasValue(0);
    assertThat(reportFile).doesNotExist();
  }

  @Test
  void run_missingPredictionsFile_namesPathAndOption() {
    Path missing = dir.resolve("nope.jsonl");

    assertThatThrownBy(() -> builder().build().run(missing))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(missing + ": predictions file not found (" + missing.toAbsolutePath()
            + "); check the path given to --outputs");
  }

  @Test
  void run_jsonlAndSavedReport_useLlmsqlKeysExactly() throws Exception {
    Path outputs = write("outputs.jsonl",
        "{\"question_id\": 1, \"completion\": \"SELECT \\\"Position\\\" FROM Table WHERE \\\"Player\\\" = 'Jalen Rose'\"}",
        "{\"question_id\": \"6\", \"completion\": \"SELECT \\\"Player\\\" FROM Table WHERE \\\"No.\\\" > 40\"}");
    Path reportFile = dir.resolve("out/report.json");

    EvaluationReport report = saving().saveReport(reportFile).build().run(outputs);

    assertThat(report.savedTo()).contains(reportFile);
    JsonNode json = new ObjectMapper().readTree(reportFile.toFile());
    List<String> keys = new ArrayList<>();
    json.fieldNames().forEachRemaining(keys::add);
    assertThat(keys).containsExactly("total", "matches", "pred_none", "gold_none", "sql_errors", "accuracy",
        "mismatches", "timestamp", "input_mode");
    assertThat(json.get("total").asInt()).isEqualTo(2);
    assertThat(json.get("accuracy").asDouble()).isEqualTo(0.5);
    assertThat(json.get("input_mode").asText()).isEqualTo("jsonl_path");
    assertThat(json.get("timestamp").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z");
    JsonNode mismatch = json.get("mismatches").get(0);
    List<String> mismatchKeys = new ArrayList<>();
    mismatch.fieldNames().forEachRemaining(mismatchKeys::add);
    assertThat(mismatchKeys).containsExactly("question_id", "question", "gold_sql", "model_output",
        "gold_results", "prediction_results");
    assertThat(mismatch.get("prediction_results").toString()).isEqualTo("[[\"Art Long\"]]");
    assertThat(mismatch.get("gold_results").toString())
        .isEqualTo("[[\"Martin Lewis\"],[\"Brad Lohaus\"],[\"Art Long\"]]");
  }

  @Test
  void run_unwritableReportPath_keepsTheReportInTheException() throws Exception {
    Path blocker = write("blocker", "a file, not a directory");

    assertThatThrownBy(() -> saving().saveReport(blocker.resolve("report.json")).build()
        .run(List.of(new Prediction(2, "SELECT COUNT(*) FROM Table WHERE \"Position\" = 'Guard'"))))
        .isInstanceOfSatisfying(ReportNotSavedException.class, e -> {
          assertThat(e.report().matches()).isEqualTo(1);
          assertThat(e.getMessage()).startsWith("evaluation finished but the report could not be saved to "
              + blocker.resolve("report.json").toAbsolutePath());
        });
  }

  @Test
  void run_oneThreadAndFourThreads_giveIdenticalReports() {
    List<Prediction> predictions = new ArrayList<>();
    for (int round = 0; round < 20; round++) {
      predictions.add(new Prediction(1 + round % 6, "SELECT " + round));
    }
    List<Prediction> unique = new ArrayList<>();
    unique.add(new Prediction(1, "SELECT \"Position\" FROM Table WHERE \"Player\" = 'Jalen Rose'"));
    unique.add(new Prediction(2, "SELECT COUNT(*) FROM Table"));
    unique.add(new Prediction(3, "SELECT bad FROM Table"));
    unique.add(new Prediction(4, "SELECT k, v FROM mixed"));
    unique.add(new Prediction(5, "SELECT MAX(1) WHERE 0"));
    unique.add(new Prediction(6, "SELECT \"Player\" FROM Table WHERE \"No.\" > 30"));
    unique.addAll(predictions);

    EvaluationReport one = builder().threads(1).build().run(unique);
    EvaluationReport four = builder().threads(4).build().run(unique);

    assertThat(four.mismatches()).isEqualTo(one.mismatches());
    assertThat(four.inputProblems()).isEqualTo(one.inputProblems());
    assertThat(four.results()).extracting(QuestionResult::questionId, QuestionResult::verdict)
        .isEqualTo(one.results().stream().map(r -> org.assertj.core.groups.Tuple.tuple(r.questionId(), r.verdict()))
            .toList());
    assertThat(List.of(four.total(), four.matches(), four.sqlErrors(), four.predNone(), four.goldNone()))
        .isEqualTo(List.of(one.total(), one.matches(), one.sqlErrors(), one.predNone(), one.goldNone()))
        .isEqualTo(List.of(6, 4, 1, 1, 2));
  }

  @Test
  void run_runawayQuery_countsAsTimeoutErrorAndRunContinues() {
    EvaluationReport report = builder().queryTimeout(Duration.ofMillis(200)).build().run(List.of(
        new Prediction(2, "SELECT COUNT(*) FROM nums a, nums b, nums c, nums d, nums e, nums f"),
        new Prediction(1, "SELECT \"Position\" FROM Table WHERE \"Player\" = 'Jalen Rose'")));

    assertThat(report.sqlErrors()).isEqualTo(1);
    assertThat(report.matches()).isEqualTo(1);
    assertThat(report.result(2).orElseThrow().reason()).isEqualTo(Reason.TIMEOUT);
    assertThat(report.result(2).orElseThrow().error())
        .isEqualTo("timeout: the query ran longer than 200 ms and was interrupted");
  }

  @Test
  void run_databasesDir_runsEachQuestionOnItsOwnDatabase() throws Exception {
    Path databases = dir.resolve("database");
    Files.createDirectories(databases.resolve("zoo"));
    Files.createDirectories(databases.resolve("farm"));
    SqliteFiles.create(databases.resolve("zoo/zoo.sqlite"), "CREATE TABLE animals (name TEXT)",
        "INSERT INTO animals VALUES ('lion'), ('zebra')");
    SqliteFiles.create(databases.resolve("farm/farm.sqlite"), "CREATE TABLE animals (name TEXT)",
        "INSERT INTO animals VALUES ('cow')");
    Path multi = write("multi.jsonl",
        "{\"question_id\": 10, \"question\": \"How many zoo animals?\", \"sql\": \"SELECT count(*) FROM animals\", \"db_id\": \"zoo\", \"hardness\": \"easy\"}",
        "{\"question_id\": 11, \"question\": \"How many farm animals?\", \"sql\": \"SELECT count(*) FROM animals\", \"db_id\": \"farm\"}",
        "{\"question_id\": 12, \"question\": \"Missing db\", \"sql\": \"SELECT 1\", \"db_id\": \"ghost\"}");

    EvaluationReport report = Evaluator.builder().noGoldCache().questionsPath(multi).databasesDir(databases).noReportFile()
        .showMismatches(false).build().run(List.of(new Prediction(10, "SELECT 2"), new Prediction(11, "SELECT 1"),
            new Prediction(12, "SELECT 1")));

    assertThat(report.matches()).isEqualTo(2);
    assertThat(report.result(12).orElseThrow().outcome()).isEqualTo(Outcome.GOLD_ERROR);
    assertThat(report.result(12).orElseThrow().error())
        .startsWith("gold SQL failed: cannot open database " + databases.resolve("ghost/ghost.sqlite"));
  }

  @Test
  void run_goldCacheWarm_runsOnlyPredictionsAndInvalidatesOnContentChange() throws Exception {
    // GIVEN
    List<Prediction> predictions = List.of(new Prediction(2, "SELECT COUNT(*) FROM Table WHERE \"Position\" = 'Guard'"),
        new Prediction(6, "SELECT 'x'"));
    dev.llmsql.sqlite.RecordingEngine cold = new dev.llmsql.sqlite.RecordingEngine();
    dev.llmsql.sqlite.RecordingEngine warm = new dev.llmsql.sqlite.RecordingEngine();
    dev.llmsql.sqlite.RecordingEngine changed = new dev.llmsql.sqlite.RecordingEngine();

    // WHEN
    EvaluationReport first = builder().engine(cold).build().run(predictions);
    EvaluationReport second = builder().engine(warm).build().run(predictions);
    SqliteFiles.create(db, "INSERT INTO \"" + T + "\" VALUES ('New Guard', 7.0, 'Guard', '2024', 'X')");
    EvaluationReport third = builder().engine(changed).build().run(predictions);

    // THEN
    assertThat(cold.ran).hasSize(3);
    assertThat(warm.ran).containsExactly("SELECT 'x'");
    assertThat(second.results()).extracting(QuestionResult::verdict)
        .isEqualTo(first.results().stream().map(QuestionResult::verdict).toList());
    assertThat(changed.ran).hasSize(3).contains("SELECT COUNT(*) FROM \"" + T + "\" WHERE \"Position\" = 'Guard'");
    assertThat(third.result(2).orElseThrow().outcome()).isEqualTo(Outcome.MATCH);
  }

  @Test
  void showMismatches_printsFirstNToChosenStream() {
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    Evaluator evaluator = on(questions).goldCache(dir.resolve("gold-cache")).noReportFile()
        .showMismatches(new PrintStream(buffer, true, StandardCharsets.UTF_8), 1)
        .build();

    evaluator.run(List.of(new Prediction(1, "SELECT 'Forward'"), new Prediction(2, "SELECT 99")));

    assertThat(buffer.toString(StandardCharsets.UTF_8)).isEqualTo("""
        Mismatch #1: question 1 [MISMATCH VALUE_MISMATCH]
          Question:   What position does Jalen Rose play?
          Gold SQL:   SELECT "Position" FROM "1-10015132-9" WHERE "Player" = 'Jalen Rose'
          Model:      SELECT 'Forward'
          Gold rows:  [('Guard')]
          Pred rows:  [('Forward')]
          Why:        predicted row ('Forward') is not in the gold result; e.g. gold row ('Guard') is missing
        """);
  }

  @Test
  void build_questionsWithoutDatabase_namesFix() {
    assertThatThrownBy(() -> Evaluator.builder().questionsPath(questions).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("questionsPath(path) needs dbPath(path), databasesDir(dir) or database(...) too; give both, "
            + "or neither to download LLMSQL 2.0");
  }

  @Test
  void build_databaseWithoutQuestions_namesFix() {
    assertThatThrownBy(() -> Evaluator.builder().dbPath(db).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("dbPath(...) needs questionsPath(...) too; give both, or neither to download LLMSQL 2.0");
  }

  @Test
  void version_unknown_isRejectedAtOnce() {
    assertThatThrownBy(() -> Evaluator.builder().version("3.0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("version must be \"1.0\" or \"2.0\", but was \"3.0\"");
  }

  @Test
  void threads_zero_isRejectedAtOnce() {
    assertThatThrownBy(() -> Evaluator.builder().threads(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("threads must be between 1 and 256, but was 0");
  }

  @Test
  void run_hostileGoldQuery_isBoundedLikeAPrediction_andTheRunGoesOn() throws Exception {
    // GIVEN a user's questions file whose gold SQL returns thousands of 250 kB rows
    Path hostile = write("hostile-questions.jsonl",
        q(1, "huge gold", "SELECT printf('%.*c', 249990, 'a') || a.n FROM nums a, nums b", T),
        q(2, "How many players are guards?", "SELECT COUNT(*) FROM \"" + T + "\" WHERE \"Position\" = 'Guard'", T));

    // WHEN
    EvaluationReport report = on(hostile).noReportFile().showMismatches(false).noGoldCache().build().run(List.of(
        new Prediction(1, "SELECT 1"),
        new Prediction(2, "SELECT COUNT(*) FROM Table WHERE \"Position\" = 'Guard'")));

    // THEN
    assertThat(report.result(1).orElseThrow().outcome()).isEqualTo(Outcome.GOLD_ERROR);
    assertThat(report.result(1).orElseThrow().error()).isEqualTo("gold SQL failed: size cap: the result takes "
        + "more than 134217728 bytes; raise maxResultBytes (--max-result-bytes) if such results are expected");
    assertThat(report.result(2).orElseThrow().outcome().isMatch()).isTrue();
  }

  @Test
  void run_predictionOverRowBytes_isSizeLimitNamingTheBound() {
    EvaluationReport report = builder().maxValueBytes(1000).maxRowBytes(5000).maxResultBytes(20_000).build()
        .run(List.of(new Prediction(1, "SELECT printf('%.*c', 999, 'a'), printf('%.*c', 999, 'b'), "
            + "printf('%.*c', 999, 'c')")));

    assertThat(report.result(1).orElseThrow().reason()).isEqualTo(Reason.SIZE_LIMIT);
    assertThat(report.result(1).orElseThrow().error()).isEqualTo("size cap: a result row takes more than 5000 "
        + "bytes; raise maxRowBytes (--max-row-bytes) if such rows are expected");
  }

  @Test
  void keptMismatches_holdAtMost64KiBOfRowsPerSide_whileVerdictsStayExact() throws Exception {
    // GIVEN a gold of 100 numbers and a wrong answer of 100 rows of 2,000 characters (about 400 kB as Java strings)
    Path numbers = write("numbers.jsonl", q(1, "All numbers?", "SELECT n FROM nums", "nums"));

    // WHEN
    EvaluationReport report = on(numbers).goldCache(dir.resolve("gold-cache")).noReportFile().showMismatches(false)
        .build().run(List.of(
        new Prediction(1, "SELECT printf('%.*c', 2000, 'x') FROM nums")));

    // THEN the kept mismatch holds the first 16 answer rows (16 x 4,064 bytes <= 64 KiB) and the whole gold
    Mismatch m = report.mismatches().get(0);
    assertThat(m.predictionResults()).hasSize(16);
    assertThat(m.goldResults()).hasSize(100);
    assertThat(m.verdict().reason()).isEqualTo(Reason.VALUE_MISMATCH);
    assertThat(report.total() - report.matches()).isEqualTo(1);
  }

  @Test
  void build_sizeBoundsThatDoNotGrow_areRejectedNamingAll() {
    assertThatThrownBy(() -> Evaluator.builder().maxValueBytes(1000).maxRowBytes(500).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("size bounds must grow from value to row to result, but maxValueBytes=1000, "
            + "maxRowBytes=500, maxResultBytes=134217728");
    assertThatThrownBy(() -> Evaluator.builder().maxResultBytes(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxResultBytes must be between 1 and 2147483647, but was 0");
  }

  @Test
  void toString_listsOptionsThatWereSet() {
    assertThat(Evaluator.builder().threads(3).maxRows(10).threads(4).toString())
        .isEqualTo("{maxRows=10, threads=4}");
  }

  private Path write(String name, String... lines) throws Exception {
    Path file = dir.resolve(name);
    Files.write(file, List.of(lines), StandardCharsets.UTF_8);
    return file;
  }

  private static String q(int id, String question, String sql, String tableId) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("question_id", id);
    m.put("question", question);
    m.put("sql", sql);
    m.put("table_id", tableId);
    try {
      return new ObjectMapper().writeValueAsString(m);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void listenerThatWantsGold_getsItWhereTheJudgeSkippedIt_andNoCountChanges() {
    // GIVEN: a judge that runs the prediction but never the gold
    Judge noGold = new Judge() {
      @Override
      public dev.llmsql.judgement.Judgement judge(JudgeContext context) {
        context.execute(context.candidates().get(0));
        return dev.llmsql.judgement.Judgement.of(context, Verdict.mismatch(Reason.VALUE_MISMATCH, "not compared"));
      }

      @Override
      public String name() {
        return "no-gold";
      }
    };
    List<String> seen = new ArrayList<>();
    EvaluationListener plain = new EvaluationListener() {
      @Override
      public void onResult(QuestionResult r, QueryOutcome gold, QueryOutcome predicted) {
        seen.add("plain " + r.questionId() + " gold=" + rows(gold) + " predicted=" + rows(predicted));
      }
    };
    EvaluationListener wanting = new EvaluationListener() {
      @Override
      public boolean wantsGold() {
        return true;
      }

      @Override
      public void onResult(QuestionResult r, QueryOutcome gold, QueryOutcome predicted) {
        seen.add("wanting " + r.questionId() + " gold=" + rows(gold) + " predicted=" + rows(predicted));
      }
    };
    List<Prediction> one = List.of(new Prediction(1, "SELECT 'Forward'"));

    // WHEN
    EvaluationReport without = builder().judge(noGold).listener(plain).build().run(one);
    EvaluationReport with = builder().judge(noGold).listener(plain).listener(wanting).build().run(one);

    // THEN: the gold reaches the listeners only when one wants it; the report is the judge's either way
    assertThat(seen).containsExactly("plain 1 gold=null predicted=[[Forward]]",
        "plain 1 gold=[[Guard]] predicted=[[Forward]]", "wanting 1 gold=[[Guard]] predicted=[[Forward]]");
    assertThat(with.results().get(0).verdict()).isEqualTo(without.results().get(0).verdict());
    assertThat(with.mismatches().get(0).goldResults()).isNull();
    assertThat(with.goldNone()).isZero();
  }

  private static String rows(QueryOutcome outcome) {
    return outcome instanceof QueryOutcome.Success s ? s.result().rows().toString() : String.valueOf(outcome);
  }
}
