package dev.llmsql.protocol;

import dev.llmsql.benchmark.Question;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.judgement.Judge;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.Tally;
import dev.llmsql.result.QuestionResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * A benchmark's rules around a judge, chosen per question: how the SQL candidates are taken from a completion,
 * how a judged prediction is counted, and what the report adds. The engine asks each protocol in turn whether it
 * {@linkplain #claims claims} a question (those found with {@link ServiceLoader} first, then LLMSQL 2.0's, then
 * LLMSQL 1.0's, which claims every question), so adding one is a class and a service line, and touches no engine
 * code.
 *
 * <pre>{@code
 * // META-INF/services/dev.llmsql.protocol.Protocol names this class
 * public final class Upper implements Protocol {
 *   public String name() { return "upper"; }
 *   public boolean claims(Question question, Judge judge) { return question.extra().containsKey("upper"); }
 *   public List<String> candidates(Question question, Judge judge, String completion) {
 *     return List.of(completion.strip().toUpperCase(java.util.Locale.ROOT));
 *   }
 * }
 * }</pre>
 */
public interface Protocol {

  /** A short name, e.g. {@code "llmsql2"}. */
  String name();

  /** Whether this protocol judges {@code question} when the evaluation's judge is {@code judge}. */
  boolean claims(Question question, Judge judge);

  /**
   * The SQL candidates of {@code completion}, in order, placeholders replaced; never null. The protocol alone
   * extracts: a judge judges the candidates it is given. Options of {@code judge}'s spec that concern extraction
   * (LLMSQL 2.0's {@code skip-comments}) are read here.
   */
  List<String> candidates(Question question, Judge judge, String completion);

  /**
   * The gold outcome this protocol holds for {@code question} without running SQL (LLMSQL 2.0's reference
   * answer), which a judgement shows when its judge did not run the gold SQL; empty by default.
   */
  default Optional<QueryOutcome> knownGold(Question question) {
    return Optional.empty();
  }

  /**
   * Whether a prediction for a question answered before is judged again (LLMSQL 2.0 scores every line) instead of
   * being ignored as an input problem. No by default.
   */
  default boolean scoresRepeats() {
    return false;
  }

  /** The judge name the report gives, when this protocol judged at least one prediction; {@code judge} by default. */
  default String reportedJudge(String judge) {
    return judge;
  }

  /** A fresh accumulator of what this protocol counts and adds to the report of one evaluation by {@code judge}. */
  default Figures figures(Judge judge) {
    return new Figures() { };
  }

  /**
   * What one protocol counts of one evaluation and adds to its report. The engine calls it on one thread, in
   * input order.
   *
   * <pre>{@code
   * Protocol.Figures figures = protocol.figures(Judges.llmsql());
   * figures.count(counter, question, result);
   * figures.addTo(reportBuilder, new Protocol.Run(counter, 10, 9, 9, "llmsql", null, null));
   * }</pre>
   */
  interface Figures {

    /** Counts one prediction this protocol judged into the evaluation's {@code counter}; by default as any. */
    default void count(Tally.Counter counter, Question question, QuestionResult result) {
      counter.add(result);
    }

    /**
     * Adds this protocol's figures to the report, once every prediction is counted; nothing by default. Called
     * for every protocol, in order, whether it judged any prediction or not ({@link Run#judged()} says how many).
     */
    default void addTo(EvaluationReport.Builder report, Run run) {
    }
  }

  /**
   * What an evaluation knows when its report is built, for {@link Figures#addTo}.
   *
   * <pre>{@code
   * Protocol.Run run = new Protocol.Run(counter, 100, 98, 98, "llmsql", "my-model", "1.0");
   * int missing = run.questions() - run.answered();
   * }</pre>
   *
   * @param counts every prediction's counts
   * @param questions questions in the benchmark
   * @param answered distinct questions that got a prediction
   * @param judged predictions this protocol judged
   * @param judge the judge's name
   * @param modelName the model's name as the caller gave it, or null
   * @param version the benchmark version as the caller gave it, or null
   */
  record Run(Tally.Counter counts, int questions, int answered, int judged, String judge, String modelName,
             String version) {
  }

  /**
   * The protocols an evaluation chooses from, in the order they are asked: those found with {@link ServiceLoader}
   * (sorted by class name), then LLMSQL 2.0's, then LLMSQL 1.0's.
   */
  static List<Protocol> available() {
    List<Protocol> found = new ArrayList<>();
    ServiceLoader.load(Protocol.class, Protocol.class.getClassLoader()).forEach(found::add);
    found.sort(java.util.Comparator.comparing(p -> p.getClass().getName()));
    found.add(new Llmsql2Protocol());
    found.add(new LlmsqlProtocol());
    return List.copyOf(found);
  }
}
