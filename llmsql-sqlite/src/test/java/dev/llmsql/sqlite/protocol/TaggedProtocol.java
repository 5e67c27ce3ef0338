package dev.llmsql.sqlite.protocol;

import dev.llmsql.benchmark.Question;
import dev.llmsql.judgement.Judge;
import dev.llmsql.protocol.Protocol;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.Tally;
import dev.llmsql.report.Unflagged;
import dev.llmsql.result.QuestionResult;
import dev.llmsql.scoring.Score;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A protocol registered only in this module's tests (META-INF/services): questions marked {@code "tagged": true}
 * take their one candidate from between {@code <sql>} tags, score every line, and add figures of their own.
 */
public final class TaggedProtocol implements Protocol {

  private static final Pattern TAGGED = Pattern.compile("<sql>(.*?)</sql>", Pattern.DOTALL);

  @Override
  public String name() {
    return "tagged";
  }

  @Override
  public boolean claims(Question question, Judge judge) {
    return Boolean.TRUE.equals(question.extra().get("tagged"));
  }

  @Override
  public List<String> candidates(Question question, Judge judge, String completion) {
    Matcher m = TAGGED.matcher(completion);
    return m.find() ? List.of(m.group(1).strip()) : List.of();
  }

  @Override
  public boolean scoresRepeats() {
    return true;
  }

  @Override
  public String reportedJudge(String judge) {
    return judge + "+tagged";
  }

  @Override
  public Figures figures(Judge judge) {
    return new Figures() {
      private int matches;
      private int judged;

      @Override
      public void count(Tally.Counter counter, Question question, QuestionResult result) {
        counter.add(result);
        judged++;
        matches += result.outcome().isMatch() ? 1 : 0;
      }

      @Override
      public void addTo(EvaluationReport.Builder report, Run run) {
        if (run.judged() == 0) {
          return;   // nothing of this run was tagged
        }
        // a figure of its own, in a slot the writers already show
        report.unflagged(new Unflagged(judged, matches, (double) matches / judged, run.counts().total() - judged,
            List.of(new Score("tagged_accuracy", (double) matches / judged, "matches among the tagged questions"))));
      }
    };
  }
}
