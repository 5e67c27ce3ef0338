package dev.llmsql.sqlite.llmsql2;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.benchmark.Question;
import dev.llmsql.engine.QuestionReader;
import dev.llmsql.execution.Database;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.extraction.Llmsql2Extractor;
import dev.llmsql.judgement.Flag;
import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.JudgeContext;
import dev.llmsql.judgement.Judgement;
import dev.llmsql.judgement.Judges;
import dev.llmsql.judgement.Outcome;
import dev.llmsql.judgement.Verdict;
import dev.llmsql.prediction.Prediction;
import dev.llmsql.protocol.Protocol;
import dev.llmsql.sqlite.SqliteQueryEngine;
import dev.llmsql.testsupport.Llmsql2Fixture;
import dev.llmsql.testsupport.Program;
import dev.llmsql.testsupport.Requires;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every line of the fixture's {@code examples.jsonl}: our {@code llmsql2} judge, running the completion's SQL on
 * the fixture database, gives upstream's verdict, deciding rule, extracted SQL, rows and counters.
 */
@Requires(shared = Llmsql2Fixture.SHARED, programs = Program.PYTHON3)
class Llmsql2ExamplesTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static QueryExecutor executor;
  private static Path database;
  private static Map<Integer, Question> questions;

  @BeforeAll
  static void setUp() throws Exception {
    database = Llmsql2Fixture.database();
    questions = QuestionReader.read(Llmsql2Fixture.questions());
    executor = new SqliteQueryEngine().open(Database.file(database), new ExecutionLimits(Duration.ofSeconds(10), 100_000, 1));
  }

  @AfterAll
  static void tearDown() {
    if (executor != null) {
      executor.close();
    }
  }

  static Stream<Arguments> examples() throws IOException {
    List<Arguments> all = new ArrayList<>();
    for (String line : Files.readAllLines(Llmsql2Fixture.dir().resolve("examples.jsonl"), StandardCharsets.UTF_8)) {
      if (!line.isBlank()) {
        JsonNode example = JSON.readTree(line);
        all.add(Arguments.of(example.get("id").asText(), example));
      }
    }
    assertThat(all).hasSize(68);
    return all.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("examples")
  void judge_givesUpstreamsVerdict(String id, JsonNode example) throws Exception {
    Question question = questions.get(example.get("question_id").asInt());
    String completion = example.get("completion").asText();
    JsonNode upstream = example.get("upstream");
    Context context = new Context(question, new Prediction(question.id(), completion), Judges.llmsql2());

    Judgement judgement = Judges.llmsql2().judge(context);
    Verdict verdict = judgement.verdict();

    String rule = switch (verdict.outcome()) {
      case MATCH -> verdict.detail();
      case NO_SQL -> "no_sql";
      case ERROR -> "sql_error";
      default -> verdict.detail().substring(0, verdict.detail().indexOf(' '));
    };
    assertThat(rule).isEqualTo(upstream.get("rule").asText());
    assertThat(verdict.outcome() == Outcome.MATCH ? 1 : 0).isEqualTo(upstream.get("is_match").asInt());
    assertThat(judgement.sqlError() ? 1 : 0).isEqualTo(upstream.get("sql_error").asInt());
    assertThat(judgement.exactStringMatch() ? 1 : 0)
        .isEqualTo(upstream.get("exact_string_match").asInt());
    assertThat(Llmsql2Extractor.upstream().extract(completion).orElse(null))
        .isEqualTo(upstream.get("extracted_sql").isNull() ? null : upstream.get("extracted_sql").asText());
    List<List<Object>> rows = context.last instanceof QueryOutcome.Success s ? s.result().rows() : null;
    assertThat(JSON.writeValueAsString(rows)).isEqualTo(JSON.writeValueAsString(upstream.get("pred_rows")));
    boolean predNone = context.last instanceof QueryOutcome.Success s && s.result().isSingleNull();
    assertThat(predNone ? 1 : 0).isEqualTo(upstream.get("pred_none").asInt());
  }

  @org.junit.jupiter.api.Test
  void strictOption_aSelectInACommentNoLongerStartsTheQuery() {
    Question question = questions.get(2);
    String completion = "```sql\n-- select the singer\n" + question.sql() + "\n```";

    Judge skipping = Judges.named("llmsql2:skip-comments");
    Verdict upstream = Judges.llmsql2().judge(new Context(question, new Prediction(2, completion), Judges.llmsql2()))
        .verdict();
    Verdict fixed = skipping.judge(new Context(question, new Prediction(2, completion), skipping)).verdict();

    assertThat(upstream.outcome()).isEqualTo(Outcome.ERROR);
    assertThat(fixed.outcome()).isEqualTo(Outcome.MATCH);
    assertThat(fixed.detail()).isEqualTo("rule1_equal");
    assertThat(fixed.flag(Flag.EXACT_STRING_MATCH)).hasValue(true);
  }

  @org.junit.jupiter.api.Test
  void allNullPredNoneOption_countsEveryAllNullResult() {
    Question question = questions.get(2);
    Prediction twoNulls = new Prediction(2, "SELECT NULL, NULL UNION ALL SELECT NULL, NULL");
    Prediction oneNull = new Prediction(2, "SELECT NULL");

    Judge allNull = Judges.named("llmsql2:all-null-pred-none");
    Judge strict = Judges.named("llmsql2:strict");
    assertThat(Judges.llmsql2().judge(new Context(question, twoNulls, Judges.llmsql2())).verdict()
        .flag(Flag.PRED_NONE)).hasValue(false);
    assertThat(Judges.llmsql2().judge(new Context(question, oneNull, Judges.llmsql2())).verdict()
        .flag(Flag.PRED_NONE)).hasValue(true);
    assertThat(allNull.judge(new Context(question, twoNulls, allNull)).verdict().flag(Flag.PRED_NONE)).hasValue(true);
    assertThat(strict.judge(new Context(question, oneNull, strict)).verdict().flag(Flag.PRED_NONE)).hasValue(true);
  }

  /**
   * Runs the judge's SQL on the real fixture database; the gold SQL must never be asked for. The candidates are
   * the protocol's that claims the question under the judge (LLMSQL 2.0's), as the engine takes them.
   */
  private static final class Context implements JudgeContext {
    private final Question question;
    private final Prediction prediction;
    private final List<String> candidates;
    private QueryOutcome last;

    Context(Question question, Prediction prediction, Judge judge) {
      this.question = question;
      this.prediction = prediction;
      Protocol protocol = Protocol.available().stream().filter(p -> p.claims(question, judge)).findFirst()
          .orElseThrow();
      assertThat(protocol.name()).isEqualTo("llmsql2");
      this.candidates = protocol.candidates(question, judge, prediction.completion());
    }

    @Override
    public Question question() {
      return question;
    }

    @Override
    public Prediction prediction() {
      return prediction;
    }

    @Override
    public List<String> candidates() {
      return candidates;
    }

    @Override
    public QueryOutcome gold() {
      throw new AssertionError("LLMSQL 2.0 never runs the gold SQL of a question with an answer");
    }

    @Override
    public QueryOutcome execute(String sql) {
      last = executor.execute(sql);
      return last;
    }
  }
}
