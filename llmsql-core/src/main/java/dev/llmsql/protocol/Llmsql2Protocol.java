package dev.llmsql.protocol;

import dev.llmsql.benchmark.Question;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.execution.QueryResult;
import dev.llmsql.extraction.Llmsql2Extractor;
import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.Judges;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.Llmsql2Figures;
import dev.llmsql.report.Tally;
import dev.llmsql.result.QuestionResult;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * LLMSQL 2.0: a question that carries a reference answer, under a judge that judges by it
 * ({@link Judges#judgesByAnswer}). The query is the completion's last fenced block as upstream takes it (a judge
 * spec's {@code skip-comments} or {@code strict} option skips a {@code select} in a SQL comment); the answer is the
 * gold; every prediction line is scored, a repeated one too; the report adds exact string matches, accuracy per
 * category and coverage ({@link Llmsql2Figures}), and calls the default judge {@code llmsql2}. Given a model name,
 * a report this protocol judged nothing of still gets the model name, the version and the coverage, as LLMSQL's
 * saved report shows them.
 */
final class Llmsql2Protocol implements Protocol {

  /** The options of an {@code llmsql2} judge spec that change the extraction. */
  private static final Set<String> SKIPPING_COMMENTS = Set.of("skip-comments", "strict");

  @Override
  public String name() {
    return "llmsql2";
  }

  @Override
  public boolean claims(Question question, Judge judge) {
    return question.answer().isPresent() && Judges.judgesByAnswer(judge);
  }

  @Override
  public List<String> candidates(Question question, Judge judge, String completion) {
    return extractor(judge).extract(completion).map(List::of).orElse(List.of());
  }

  /** The extractor {@code judge}'s spec ({@code llmsql2:skip-comments,...}) asks for. */
  private static Llmsql2Extractor extractor(Judge judge) {
    String spec = judge.name();
    int colon = spec.indexOf(':');
    if (colon >= 0) {
      for (String option : spec.substring(colon + 1).split(",")) {
        if (SKIPPING_COMMENTS.contains(option)) {
          return Llmsql2Extractor.skippingComments();
        }
      }
    }
    return Llmsql2Extractor.upstream();
  }

  @Override
  public Optional<QueryOutcome> knownGold(Question question) {
    // LLMSQL 2.0 never runs the gold SQL: the answer is what a prediction was compared with
    return question.answer().map(rows -> QueryOutcome.success(new QueryResult(List.of(), rows), 0));
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
        if (run.judged() == 0 && run.modelName() == null) {
          return;
        }
        // a run this protocol judged nothing of is not 2.0's: its version is the caller's
        String version = run.judged() > 0 ? "2.0" : run.version();
        Tally.Counter c = run.counts();
        report.llmsql2(new Llmsql2Figures(run.modelName(), version, c.exactStringMatches(), c.categories(),
            run.questions(), run.answered(), run.questions() - run.answered(), c.duplicates()));
      }
    };
  }
}
