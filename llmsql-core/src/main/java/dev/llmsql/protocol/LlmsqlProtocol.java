package dev.llmsql.protocol;

import dev.llmsql.benchmark.Question;
import dev.llmsql.extraction.SqlExtractor;
import dev.llmsql.extraction.TablePlaceholder;
import dev.llmsql.judgement.Judge;
import dev.llmsql.report.BirdScores;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.SpiderScores;
import dev.llmsql.report.Tally;
import dev.llmsql.result.QuestionResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * LLMSQL 1.0's rules, for every question no other protocol claims: every SQL statement of the completion is a
 * candidate, with the table placeholder replaced. The report adds Spider's table for the verdicts of the
 * {@code spider} judge ({@link SpiderScores}) and BIRD's for a {@code bird} judge ({@link BirdScores}).
 */
final class LlmsqlProtocol implements Protocol {

  @Override
  public String name() {
    return "llmsql";
  }

  @Override
  public boolean claims(Question question, Judge judge) {
    return true;
  }

  @Override
  public List<String> candidates(Question question, Judge judge, String completion) {
    List<String> candidates = new ArrayList<>();
    for (String sql : SqlExtractor.llmsql().extract(completion)) {
      candidates.add(question.tableId() == null ? sql : TablePlaceholder.replace(sql, question.tableId()));
    }
    return candidates;
  }

  @Override
  public Figures figures(Judge judge) {
    boolean birdJudge = judge.name().equals("bird") || judge.name().startsWith("bird:");
    return new Figures() {
      /** The spider judge's results, without detail or rows: what Spider's table is computed from. */
      private final List<QuestionResult> spider = new ArrayList<>();
      private final Map<Integer, String> interactions = new HashMap<>();
      private final Map<Integer, Integer> turns = new HashMap<>();
      /** A BIRD judge's results, without detail or rows: what BIRD's table is computed from. */
      private final List<QuestionResult> bird = new ArrayList<>();

      @Override
      public void count(Tally.Counter counter, Question question, QuestionResult r) {
        counter.add(r);
        if (birdJudge) {
          // BIRD groups by the raw label, exactly "simple", "moderate" or "challenging"; not by our difficulty,
          // which also reads 1/2/3, easy/medium/hard and any case
          bird.add(new QuestionResult(r.questionId(), r.verdict(), r.candidates(), r.executed(), r.predNone(),
              r.goldNone(), null, 0).withQuestion(BirdScores.level(question.extra().get("difficulty")), List.of(),
              null));
        }
        if (SpiderScores.judged(r.verdict())) {
          spider.add(new QuestionResult(r.questionId(), r.verdict(), r.candidates(), r.executed(), r.predNone(),
              r.goldNone(), null, 0));
          String interaction = interaction(question);
          if (interaction != null) {
            interactions.put(r.questionId(), interaction);
          }
          Integer turn = turn(question);
          if (turn != null) {
            turns.put(r.questionId(), turn);
          }
        }
      }

      @Override
      public void addTo(EvaluationReport.Builder report, Run run) {
        if (run.judged() == 0) {
          return;
        }
        SpiderScores.of(spider, interactions, turns).ifPresent(report::spider);
        BirdScores.of(bird).ifPresent(report::bird);
      }
    };
  }

  /** A multi-turn question's interaction ({@code interaction_id}, SParC and CoSQL), or null. */
  private static String interaction(Question question) {
    Object id = question.extra().get("interaction_id");
    return id == null ? null : String.valueOf(id);
  }

  /** A multi-turn question's 1-based {@code turn}, or null when it has none or not a whole positive number. */
  private static Integer turn(Question question) {
    Object turn = question.extra().get("turn");
    if (turn instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue()) && n.doubleValue() >= 1
        && n.doubleValue() < Integer.MAX_VALUE) {
      return n.intValue();
    }
    return null;
  }
}
