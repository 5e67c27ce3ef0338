package dev.llmsql.protocol;

import dev.llmsql.benchmark.Question;
import dev.llmsql.extraction.Llmsql2Extractor;
import dev.llmsql.judge.Judge;
import dev.llmsql.judge.Judges;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.Llmsql2Figures;
import dev.llmsql.report.Tally;
import dev.llmsql.result.QuestionResult;
import java.util.List;

/**
 * LLMSQL 2.0: a question that carries a reference answer, under a judge that judges by it
 * ({@link Judges#judgesByAnswer}). The query is the completion's last fenced block as upstream takes it; every
 * prediction line is scored, a repeated one too; the report adds exact string matches, accuracy per category and
 * coverage ({@link Llmsql2Figures}), and calls the default judge {@code llmsql2}.
 */
final class Llmsql2Protocol implements Protocol {

  @Override
  public String name() {
    return "llmsql2";
  }

  @Override
  public boolean claims(Question question, Judge judge) {
    return question.answer().isPresent() && Judges.judgesByAnswer(judge);
  }

  @Override
  public List<String> candidates(Question question, String completion) {
    return Llmsql2Extractor.upstream().extract(completion).map(List::of).orElse(List.of());
  }

  @Override
  public boolean scoresRepeats() {
    return true;
  }

  @Override
  public String reportedJudge(String judge) {
    return judge.equals("llmsql") ? "llmsql2" : judge;
  }

  @Override
  public Figures figures(Judge judge) {
    return new Figures() {
      @Override
      public void count(Tally.Counter counter, Question question, QuestionResult result) {
        counter.addByAnswer(result, question.category().orElse(null));
      }

      @Override
      public void addTo(EvaluationReport.Builder report, Run run) {
        Tally.Counter c = run.counts();
        report.llmsql2(new Llmsql2Figures(run.modelName(), "2.0", c.exactStringMatches(), c.categories(),
            run.questions(), run.answered(), run.questions() - run.answered(), c.duplicates()));
      }
    };
  }
}
