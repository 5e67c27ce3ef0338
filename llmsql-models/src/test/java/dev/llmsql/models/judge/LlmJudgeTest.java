package dev.llmsql.models.judge;

import static dev.llmsql.models.judge.ChatServer.ok;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.Evaluator;
import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.JudgeUnavailableException;
import dev.llmsql.judgement.Judges;
import dev.llmsql.judgement.Outcome;
import dev.llmsql.judgement.Reason;
import dev.llmsql.judgement.Verdict;
import dev.llmsql.models.judge.LlmJudge.AskWhen;
import dev.llmsql.prediction.InvalidInputException;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.testsupport.DamagedPages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** LLM judges end to end: a real SQLite file, the evaluator, and a loopback chat-completions server. */
class LlmJudgeTest {

  @TempDir
  Path dir;
  Path db;
  ChatServer server;

  static final String Q1 = "{\"question_id\": 1, \"question\": \"How many rows?\", \"sql\": \"SELECT count(*) FROM t\", "
      + "\"table_id\": \"t\"}\n";
  static final String P1 = "{\"question_id\": 1, \"completion\": \"SELECT count(a) FROM t\"}\n";

  @BeforeEach
  void start() throws Exception {
    db = dir.resolve("t.sqlite");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE t (a INTEGER, b TEXT)");
      s.executeUpdate("INSERT INTO t VALUES (1, 'x'), (2, 'y')");
    }
    server = new ChatServer();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  ChatClient client(String model) {
    return ChatClient.builder().baseUrl(server.baseUrl()).model(model).environment(n -> "k")
        .backoff(Duration.ofMillis(10), Duration.ofMillis(100)).maxAttempts(2)
        .processLog(ProcessLog.to(dir.resolve("judge-log.jsonl"))).build();
  }

  EvaluationReport run(Judge judge, String questions, String predictions) throws Exception {
    Path q = Files.writeString(dir.resolve("q.jsonl"), questions);
    Path p = Files.writeString(dir.resolve("p.jsonl"), predictions);
    return Evaluator.builder().questionsPath(q).dbPath(db).judge(judge).noReportFile().showMismatches(false)
        .threads(1).build().run(p);
  }

  Verdict verdict(Judge judge) throws Exception {
    return run(judge, Q1, P1).results().get(0).verdict();
  }

  @Test
  void yesNo_goodJson_matchesAndShowsResultsInThePrompt() throws Exception {
    // given
    server.script("a", ok("{\"answer\": \"yes\", \"reason\": \"same count\"}"));
    // when
    Verdict verdict = verdict(LlmJudge.builder().client(client("a")).build());
    // then
    assertThat(verdict).isEqualTo(new Verdict(Outcome.MATCH, Reason.EQUAL,
        "LLM judges 1 yes, 0 no (yes: same count)", Map.of("llm_yes", 1.0, "llm_no", 0.0, "llm_failed", 0.0)));
    String prompt = server.requests().get(0).prompt();
    assertThat(prompt).contains("Question:\nHow many rows?\n", "Reference SQL:\nSELECT count(*) FROM t\n",
        "Reference result:\ncount(*)\n2\n", "Predicted SQL:\nSELECT count(a) FROM t\n",
        "Predicted result:\ncount(a)\n2\n", "Automatic comparison said: (not run)");
  }

  @Test
  void yesNo_jsonInAMarkdownFence_isRead() throws Exception {
    server.script("a", ok("Here is my verdict:\n```json\n{\"answer\": \"no\", \"reason\": \"wrong table\"}\n```"));
    Verdict verdict = verdict(LlmJudge.builder().client(client("a")).build());
    assertThat(verdict.outcome()).isEqualTo(Outcome.MISMATCH);
    assertThat(verdict.detail()).isEqualTo("LLM judges 0 yes, 1 no (no: wrong table)");
  }

  @Test
  void yesNo_garbageEveryTime_isAJudgeFailureWithTheRawText() throws Exception {
    // given: the first ask and two re-asks all get prose
    server.script("a", ok("I think it is fine."), ok("Looks right to me"), ok("maybe"));
    // when
    EvaluationReport report = run(LlmJudge.builder().client(client("a")).build(), Q1, P1);
    // then: recorded, never thrown
    Verdict verdict = report.results().get(0).verdict();
    assertThat(verdict.outcome()).isEqualTo(Outcome.ERROR);
    assertThat(verdict.reason()).isEqualTo(Reason.JUDGE_FAILED);
    assertThat(verdict.detail()).isEqualTo("every LLM judge failed: a: malformed answer (no JSON object in the "
        + "answer) after 3 tries: maybe");
    assertThat(server.requests()).hasSize(3);
  }

  @Test
  void yesNo_garbageThenGoodJson_isAskedAgain() throws Exception {
    server.script("a", ok("{\"answer\": \"perhaps\"}"), ok("{\"answer\": \"YES\"}"));
    Verdict verdict = verdict(LlmJudge.builder().client(client("a")).build());
    assertThat(verdict.outcome()).isEqualTo(Outcome.MATCH);
    assertThat(server.requests()).hasSize(2);
  }

  @Test
  void yesNo_serverFailingEveryRetry_stopsTheRunInsteadOfCountingTheQuestionWrong() {
    // given: nothing scripted, so every request gets a 500 (an outage read as a model at 0.00%, exit 0)
    Judge judge = LlmJudge.builder().client(client("a")).build();
    // when / then
    assertThatThrownBy(() -> run(judge, Q1, P1)).isInstanceOf(JudgeUnavailableException.class)
        .hasMessage("the LLM judge cannot be reached, so no prediction can be judged: a: HTTP 500 {\"error\": "
            + "{\"message\": \"scripted 500\"}} from " + server.baseUrl() + "/chat/completions after 2 attempt(s); "
            + "raise maxAttempts(...) or readTimeout(...) if the server is just slow");
    assertThat(server.requests()).hasSize(2);
  }

  @Test
  void damagedDatabase_stopsTheRunNamingTheFile_withoutAskingTheModel() throws Exception {
    // given: a table whose root page is damaged (it was this question's JUDGE_FAILED, and the run went on)
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE bad (n INTEGER, s TEXT)");
      s.executeUpdate("WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < 2000) "
          + "INSERT INTO bad SELECT n, 'row number ' || n FROM k");
    }
    DamagedPages.overwriteRootPage(db, "bad");
    server.script("a", ok("{\"answer\": \"yes\"}"));
    Judge judge = LlmJudge.builder().client(client("a")).build();
    String question = "{\"question_id\": 1, \"question\": \"How many?\", \"sql\": \"SELECT COUNT(*) FROM bad\", "
        + "\"table_id\": \"bad\"}\n";
    // when / then
    assertThatThrownBy(() -> run(judge, question, P1)).isInstanceOf(InvalidInputException.class)
        .hasMessage(db + ": is corrupt (SQLite: database disk image is malformed; SQLITE_CORRUPT), so no result "
            + "from it can be trusted; download or copy it again (sqlite3 t.sqlite 'PRAGMA integrity_check' shows "
            + "the damage)");
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void yesNo_keyRefused_stopsTheRunAtTheFirstQuestion() {
    // given: two questions; the server refuses the key, which no retry or later question changes
    server.script("a", ChatServer.status(401, Map.of()), ChatServer.status(401, Map.of()));
    Judge judge = LlmJudge.builder().client(client("a")).build();
    // when / then
    assertThatThrownBy(() -> run(judge, Q1 + Q1.replace("\"question_id\": 1", "\"question_id\": 2"),
        P1 + P1.replace("\"question_id\": 1", "\"question_id\": 2")))
        .isInstanceOf(JudgeUnavailableException.class)
        .hasMessage("the LLM judge cannot be reached, so no prediction can be judged: a: HTTP 401 {\"error\": "
            + "{\"message\": \"scripted 401\"}} from " + server.baseUrl() + "/chat/completions: check the API key "
            + "in the environment variable OPENAI_API_KEY, or choose another with apiKeyEnv(...)");
    assertThat(server.requests()).hasSize(1);
  }

  @Test
  void yesNo_serverFailingOnePromptAfterAnswering_isThatQuestionsJudgeFailure_theRunGoesOn() throws Exception {
    // a review: a 500 for one prompt (or seconds of 503s) after the judge had answered stopped the whole run,
    // losing every verdict so far, with a message saying the judge "cannot be reached"
    server.script("a", ok("{\"answer\": \"yes\", \"reason\": \"same\"}"), ChatServer.status(500, Map.of()),
        ChatServer.status(500, Map.of()), ok("{\"answer\": \"no\", \"reason\": \"other\"}"));
    String q2 = Q1.replace("\"question_id\": 1", "\"question_id\": 2");
    String q3 = Q1.replace("\"question_id\": 1", "\"question_id\": 3");

    EvaluationReport report = run(LlmJudge.builder().client(client("a")).build(), Q1 + q2 + q3,
        P1 + P1.replace("\"question_id\": 1", "\"question_id\": 2")
            + P1.replace("\"question_id\": 1", "\"question_id\": 3"));

    assertThat(report.results()).extracting(r -> r.verdict().reason())
        .containsExactly(Reason.EQUAL, Reason.JUDGE_FAILED, Reason.OTHER);
  }

  @Test
  void yesNo_requestRefused_staysThatQuestionsJudgeFailure() throws Exception {
    // given: a 400 may be this prompt's own (too long for the model): a verdict, the run goes on
    server.script("a", ChatServer.status(400, Map.of()));
    // when
    Verdict verdict = verdict(LlmJudge.builder().client(client("a")).build());
    // then
    assertThat(verdict).isEqualTo(new Verdict(Outcome.ERROR, Reason.JUDGE_FAILED, "every LLM judge failed: a: "
        + "HTTP 400 {\"error\": {\"message\": \"scripted 400\"}} from " + server.baseUrl() + "/chat/completions: "
        + "the server refused the request; check model(...) and whether it supports jsonMode(true)",
        Map.of("llm_failed", 1.0)));
  }

  @Test
  void vote_oneJudgeUnreachable_isLeftOutOfTheVote() throws Exception {
    // given: b's server answers 404 (no such model there), a answers
    server.script("a", ok("{\"answer\": \"yes\"}")).script("b", ChatServer.status(404, Map.of()));
    // when
    Verdict verdict = verdict(LlmJudge.builder().client(client("a")).client(client("b")).build());
    // then
    assertThat(verdict.outcome()).isEqualTo(Outcome.MATCH);
    assertThat(verdict.detail()).isEqualTo("LLM judges 1 yes, 0 no, 1 failed (yes)");
  }

  @Test
  void named_llm_serverDown_stopsTheRunNamingTheVariables() throws Exception {
    // given: a port nothing listens on, several questions judged on two threads
    int port;
    try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    Map<String, String> env = Map.of("LLMSQL_JUDGE_MODEL", "a", "LLMSQL_JUDGE_BASE_URL",
        "http://127.0.0.1:" + port + "/v1");
    Judge judge = LlmJudgeProvider.create(java.util.Set.of(), env::get);
    StringBuilder questions = new StringBuilder();
    StringBuilder predictions = new StringBuilder();
    for (int id = 1; id <= 6; id++) {
      questions.append(Q1.replace("\"question_id\": 1", "\"question_id\": " + id));
      predictions.append(P1.replace("\"question_id\": 1", "\"question_id\": " + id));
    }
    Path q = Files.writeString(dir.resolve("q.jsonl"), questions);
    Path p = Files.writeString(dir.resolve("p.jsonl"), predictions);
    Evaluator evaluator = Evaluator.builder().questionsPath(q).dbPath(db).judge(judge).noReportFile()
        .showMismatches(false).threads(2).build();
    // when / then: one message, in the variables' terms, not six questions counted wrong
    assertThatThrownBy(() -> evaluator.run(p)).isInstanceOf(JudgeUnavailableException.class)
        .hasMessage("the LLM judge cannot be reached, so no prediction can be judged: a: cannot connect "
            + "to http://127.0.0.1:" + port + "/v1/chat/completions after 4 attempt(s); check "
            + "that the judge's server is up, and LLMSQL_JUDGE_BASE_URL, LLMSQL_JUDGE_MODEL and the API key in "
            + "OPENAI_API_KEY, which is not set (LLMSQL_JUDGE_API_KEY_ENV can name another variable)");
  }

  @Test
  void named_llm_aQuestionsOwnFailure_namesNoBuilderCall() throws Exception {
    // given: configured by variables; the first answer counts, then a 400 (this prompt's own) ; the detail said
    // "check model(...) and whether it supports jsonMode(true)", calls a command-line user cannot make
    server.script("a", ok("{\"answer\": \"yes\"}"), ChatServer.status(400, Map.of()));
    Map<String, String> env = Map.of("LLMSQL_JUDGE_MODEL", "a", "LLMSQL_JUDGE_BASE_URL", server.baseUrl());
    Judge judge = LlmJudgeProvider.create(java.util.Set.of(), env::get);
    // when
    EvaluationReport report = run(judge, Q1 + Q1.replace("\"question_id\": 1", "\"question_id\": 2"),
        P1 + P1.replace("\"question_id\": 1", "\"question_id\": 2"));
    // then
    assertThat(report.results().get(1).verdict()).isEqualTo(new Verdict(Outcome.ERROR, Reason.JUDGE_FAILED,
        "every LLM judge failed: a: HTTP 400 {\"error\": {\"message\": \"scripted 400\"}} from "
            + server.baseUrl() + "/chat/completions", Map.of("llm_failed", 1.0)));
  }

  @Test
  void named_llm_baseUrlWithoutHost_isRefusedNamingTheVariable() {
    // "http://" was accepted, and every question was retried for 155 s and counted wrong
    assertThatThrownBy(() -> LlmJudgeProvider.create(java.util.Set.of(), Map.of("LLMSQL_JUDGE_MODEL", "a",
        "LLMSQL_JUDGE_BASE_URL", "http://")::get))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("LLMSQL_JUDGE_BASE_URL takes an http:// or https:// URL with a host, but was 'http://'");
  }

  @Test
  void vote_oneYesTwoNo_isAMismatch() throws Exception {
    server.script("a", ok("{\"answer\": \"yes\"}")).script("b", ok("{\"answer\": \"no\"}"))
        .script("c", ok("{\"answer\": \"no\"}"));
    Verdict verdict = verdict(LlmJudge.builder().client(client("a")).client(client("b")).client(client("c")).build());
    assertThat(verdict.outcome()).isEqualTo(Outcome.MISMATCH);
    assertThat(verdict.measures()).isEqualTo(Map.of("llm_yes", 1.0, "llm_no", 2.0, "llm_failed", 0.0));
  }

  @Test
  void vote_tie_passes() throws Exception {
    server.script("a", ok("{\"answer\": \"yes\"}")).script("b", ok("{\"answer\": \"no\"}"));
    Verdict verdict = verdict(LlmJudge.builder().client(client("a")).client(client("b")).build());
    assertThat(verdict.outcome()).isEqualTo(Outcome.MATCH);
    assertThat(verdict.detail()).isEqualTo("LLM judges 1 yes, 1 no (yes | no)");
  }

  @Test
  void vote_failedJudge_isLeftOutOfTheVote() throws Exception {
    server.script("a", ok("{\"answer\": \"no\"}")).script("b", ok("x"), ok("y"), ok("z"));
    Verdict verdict = verdict(LlmJudge.builder().client(client("a")).client(client("b")).build());
    assertThat(verdict.outcome()).isEqualTo(Outcome.MISMATCH);
    assertThat(verdict.detail()).isEqualTo("LLM judges 0 yes, 1 no, 1 failed (no)");
  }

  @Test
  void rules_atLeastHalfTheJudges_passARule() throws Exception {
    // given: r1 matched by 2 of 2, r2 by 1 of 2 (half passes), r3 by none
    server.script("a", ok("{\"matched_rule_ids\": [\"r1\", \"r2\"], \"reason\": \"ok\"}"))
        .script("b", ok("{\"matched_rule_ids\": [\"r1\"]}"));
    Judge judge = LlmJudge.builder().client(client("a")).client(client("b")).form(VerdictForm.RULES)
        .rule("r1", "counts rows", 1).rule("r2", "reads table t", 2).rule("r3", "uses DISTINCT", 3).build();
    // when
    Verdict verdict = verdict(judge);
    // then
    assertThat(verdict.outcome()).isEqualTo(Outcome.MISMATCH);
    assertThat(verdict.measures()).isEqualTo(Map.of("rule:r1", 1.0, "rule:r2", 1.0, "rule:r3", 0.0,
        "rule_difficulty:r1", 1.0, "rule_difficulty:r2", 2.0, "rule_difficulty:r3", 3.0,
        "rules_passed", 2.0 / 3, "llm_failed", 0.0));
    assertThat(verdict.detail()).isEqualTo("2 of 3 rule(s) passed by 2 LLM judge(s); not passed: r3");
    assertThat(server.requests().get(0).prompt()).contains("Rules:\n- r1: counts rows\n- r2: reads table t\n"
        + "- r3: uses DISTINCT\n");
  }

  @Test
  void rules_fromTheQuestion_areUsedWhenTheJudgeHasNone() throws Exception {
    // given
    String q = "{\"question_id\": 1, \"question\": \"q\", \"sql\": \"SELECT count(*) FROM t\", \"table_id\": \"t\", "
        + "\"rules\": [{\"id\": \"r1\", \"text\": \"counts rows\", \"difficulty\": 2}]}\n";
    server.script("a", ok("{\"matched_rule_ids\": [\"r1\"]}"));
    // when
    EvaluationReport report = run(LlmJudge.builder().client(client("a")).form(VerdictForm.RULES).build(), q, P1);
    // then
    assertThat(report.results().get(0).verdict().measures()).containsEntry("rule:r1", 1.0);
    assertThat(report.matches()).isEqualTo(1);
  }

  @Test
  void hybrid_executionMatches_neverAsksTheLlm() throws Exception {
    // when
    Verdict verdict = verdict(LlmJudge.builder().client(client("a")).execution(Judges.llmsql())
        .askWhen(AskWhen.GOLD_ERROR, AskWhen.VALUES_DIFFER).build());
    // then
    assertThat(verdict).isEqualTo(Verdict.match());
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void hybrid_goldErrors_asksTheLlmWithTheExecutionVerdict() throws Exception {
    // given: the gold names a missing column
    String q = "{\"question_id\": 1, \"question\": \"How many rows?\", \"sql\": \"SELECT count(zzz) FROM t\", "
        + "\"table_id\": \"t\"}\n";
    server.script("a", ok("{\"answer\": \"yes\", \"reason\": \"the gold is broken; the prediction counts rows\"}"));
    // when
    EvaluationReport report = run(LlmJudge.builder().client(client("a")).execution(Judges.llmsql())
        .askWhen(AskWhen.GOLD_ERROR).build(), q, P1);
    // then
    Verdict verdict = report.results().get(0).verdict();
    assertThat(verdict.outcome()).isEqualTo(Outcome.MATCH);
    assertThat(verdict.detail()).isEqualTo("execution: GOLD_ERROR GOLD_ERROR; LLM judges 1 yes, 0 no (yes: the "
        + "gold is broken; the prediction counts rows)");
    assertThat(server.requests().get(0).prompt()).contains("Reference result:\n(failed: ",
        "Automatic comparison said: GOLD_ERROR GOLD_ERROR: gold SQL failed: ");
  }

  @Test
  void hybrid_valuesDiffer_asksTheLlm_otherMismatchesDoNot() throws Exception {
    // given: 'X' vs 'x' is a value mismatch; an extra row is not
    String q = "{\"question_id\": 1, \"question\": \"q\", \"sql\": \"SELECT b FROM t WHERE a = 1\", \"table_id\": \"t\"}\n"
        + "{\"question_id\": 2, \"question\": \"q\", \"sql\": \"SELECT b FROM t WHERE a = 1\", \"table_id\": \"t\"}\n";
    String p = "{\"question_id\": 1, \"completion\": \"SELECT upper(b) FROM t WHERE a = 1\"}\n"
        + "{\"question_id\": 2, \"completion\": \"SELECT b FROM t\"}\n";
    server.script("a", ok("{\"answer\": \"yes\", \"reason\": \"only case differs\"}"));
    // when
    EvaluationReport report = run(LlmJudge.builder().client(client("a")).execution(Judges.llmsql())
        .askWhen(AskWhen.VALUES_DIFFER).build(), q, p);
    // then
    assertThat(report.result(1).orElseThrow().outcome()).isEqualTo(Outcome.MATCH);
    assertThat(report.result(2).orElseThrow().reason()).isEqualTo(Reason.EXTRA_ROWS);
    assertThat(server.requests()).hasSize(1);
  }

  @Test
  void template_override_isRenderedAndSent() throws Exception {
    server.script("a", ok("{\"answer\": \"yes\"}"));
    verdict(LlmJudge.builder().client(client("a"))
        .template(PromptTemplate.of("Q={{question}} P={{ predicted_sql }} R={{predicted_result}}")).build());
    assertThat(server.requests().get(0).prompt()).isEqualTo("Q=How many rows? P=SELECT count(a) FROM t R=count(a)\n2");
  }

  @Test
  void template_unknownPlaceholder_namesTheKnownOnes() {
    assertThatThrownBy(() -> PromptTemplate.of("{{question}} {{gold}}"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("prompt template uses unknown placeholder(s) [gold]; known: question, gold_sql, gold_result, "
            + "predicted_sql, predicted_result, execution_verdict, rules");
  }

  @Test
  void builder_executionWithoutAskWhen_namesTheFix() {
    assertThatThrownBy(() -> LlmJudge.builder().client(client("a")).execution(Judges.llmsql()).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("execution(...) without askWhen(...) never asks the LLM; add e.g. "
            + "askWhen(AskWhen.GOLD_ERROR, AskWhen.VALUES_DIFFER)");
  }

  @Test
  void answer_parse_rejectsWhatIsNotTheForm() {
    assertThatThrownBy(() -> JudgeAnswer.parse("{\"answer\": 1}", VerdictForm.YES_NO))
        .hasMessage("\"answer\" must be \"yes\" or \"no\", but was 1");
    assertThatThrownBy(() -> JudgeAnswer.parse("{\"matched_rule_ids\": \"r1\"}", VerdictForm.RULES))
        .hasMessage("\"matched_rule_ids\" must be a list, but was \"r1\"");
    assertThat(JudgeAnswer.parse("{\"matched_rule_ids\": [1, \"r2\"]}", VerdictForm.RULES).matchedRuleIds())
        .containsExactlyInAnyOrder("1", "r2");
  }

  @Test
  void named_llm_isConfiguredFromTheEnvironment() throws Exception {
    // given
    Map<String, String> env = Map.of("LLMSQL_JUDGE_MODEL", "a, b", "LLMSQL_JUDGE_BASE_URL", server.baseUrl(),
        "LLMSQL_JUDGE_API_KEY_ENV", "MY_KEY", "MY_KEY", "sk-env", "LLMSQL_JUDGE_LOG",
        dir.resolve("env-log.jsonl").toString());
    server.script("a", ok("{\"answer\": \"yes\"}")).script("b", ok("{\"answer\": \"yes\"}"));
    // when
    Judge judge = LlmJudgeProvider.create(java.util.Set.of(), env::get);
    Verdict verdict = verdict(judge);
    // then
    assertThat(verdict.measures()).containsEntry("llm_yes", 2.0);
    assertThat(server.requests()).extracting(ChatServer.Request::authorization).containsOnly("Bearer sk-env");
    assertThat(Files.readAllLines(dir.resolve("env-log.jsonl"))).hasSize(2);
    assertThat(Files.readString(dir.resolve("env-log.jsonl"))).doesNotContain("sk-env");
    assertThat(LlmJudgeProvider.create(java.util.Set.of("hybrid"), env::get).name()).isEqualTo("llm:hybrid");
  }

  @Test
  void named_llmWithALogThatIsADirectory_isRefusedNamingTheVariable() {
    Map<String, String> env = Map.of("LLMSQL_JUDGE_MODEL", "a", "LLMSQL_JUDGE_LOG", dir.toString());

    assertThatThrownBy(() -> LlmJudgeProvider.create(java.util.Set.of(), env::get))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("LLMSQL_JUDGE_LOG " + dir + ": exists and is not a regular file (a directory); choose another "
            + "path");
  }

  @Test
  void named_llmWithoutModel_namesTheVariable() {
    assertThatThrownBy(() -> LlmJudgeProvider.create(java.util.Set.of(), name -> null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("judge 'llm' needs the environment variable LLMSQL_JUDGE_MODEL set to the judge model's name "
            + "(several, comma-separated, vote); optional: LLMSQL_JUDGE_BASE_URL, LLMSQL_JUDGE_API_KEY_ENV, "
            + "LLMSQL_JUDGE_LOG, LLMSQL_JUDGE_PROMPT");
    assertThat(Judges.names()).contains("llm", "exact-set", "dialect-valid");
  }

  @Test
  void judge_noSqlInTheCompletion_isNoSqlWithoutAsking() throws Exception {
    EvaluationReport report = run(LlmJudge.builder().client(client("a")).build(), Q1,
        "{\"question_id\": 1, \"completion\": \"I cannot answer that.\"}\n");
    assertThat(report.results().get(0).verdict()).isEqualTo(Verdict.noSql());
    assertThat(server.requests()).isEmpty();
  }
}
