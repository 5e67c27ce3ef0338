package dev.llmsql.judge.compare;

import static java.util.Objects.requireNonNull;

import dev.llmsql.report.EvaluationReport;
import dev.llmsql.result.QuestionResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How much a headline number depends on the judge: for each pair of reports over the same predictions,
 * the questions one judge counts as a match and the other does not.
 *
 * <pre>{@code
 * EvaluationReport llmsqlReport = FullReportJson.read(Path.of("llmsql.json"));
 * EvaluationReport spiderReport = FullReportJson.read(Path.of("spider.json"));
 * EvaluationReport birdReport = FullReportJson.read(Path.of("bird.json"));
 * JudgeDisagreements d = JudgeDisagreements.of(List.of(llmsqlReport, spiderReport, birdReport));
 * System.out.print(d.render(5));
 * }</pre>
 *
 * @param judges the judges' names, in the order given
 * @param accuracies each judge's accuracy, same order
 * @param pairs one entry per pair of judges
 */
public record JudgeDisagreements(List<String> judges, List<Double> accuracies, List<Pair> pairs) {

  /**
   * Two judges' disagreement.
   *
   * @param first a judge's name
   * @param second the other's
   * @param questionIds the questions where exactly one of them says match, in input order
   */
  public record Pair(String first, String second, List<Integer> questionIds) {
    public Pair {
      requireNonNull(first, "first");
      requireNonNull(second, "second");
      questionIds = List.copyOf(questionIds);
    }

    public int count() {
      return questionIds.size();
    }
  }

  public JudgeDisagreements {
    judges = List.copyOf(judges);
    accuracies = List.copyOf(accuracies);
    pairs = List.copyOf(pairs);
  }

  /** Compares reports of the same predictions judged differently (questions missing in one are skipped). */
  public static JudgeDisagreements of(List<EvaluationReport> reports) {
    List<String> names = new ArrayList<>();
    List<Double> accuracies = new ArrayList<>();
    List<Map<Integer, Boolean>> verdicts = new ArrayList<>();
    for (EvaluationReport report : reports) {
      names.add(report.judge());
      accuracies.add(report.accuracy());
      Map<Integer, Boolean> v = new HashMap<>();
      for (QuestionResult r : report.results()) {
        v.put(r.questionId(), r.outcome().isMatch());
      }
      verdicts.add(v);
    }
    List<Pair> pairs = new ArrayList<>();
    for (int i = 0; i < reports.size(); i++) {
      for (int j = i + 1; j < reports.size(); j++) {
        List<Integer> ids = new ArrayList<>();
        for (QuestionResult r : reports.get(i).results()) {
          Boolean other = verdicts.get(j).get(r.questionId());
          if (other != null && other != r.outcome().isMatch()) {
            ids.add(r.questionId());
          }
        }
        pairs.add(new Pair(names.get(i), names.get(j), ids));
      }
    }
    return new JudgeDisagreements(names, accuracies, pairs);
  }

  /** A plain-text table: each judge's accuracy, then per pair the count and the first question ids. */
  public String render(int firstFew) {
    StringBuilder sb = new StringBuilder("Judges compared\n");
    for (int i = 0; i < judges.size(); i++) {
      sb.append(String.format(Locale.ROOT, "  %-40s accuracy %.2f%%%n", judges.get(i), accuracies.get(i) * 100));
    }
    sb.append("Disagreements (questions one judge matches and the other does not)\n");
    for (Pair p : pairs) {
      sb.append(String.format(Locale.ROOT, "  %-40s %d", p.first() + " vs " + p.second(), p.count()));
      if (p.count() > 0) {
        List<Integer> shown = p.questionIds().subList(0, Math.min(firstFew, p.count()));
        sb.append(" (first: ").append(shown.toString().replaceAll("[\\[\\]]", ""))
            .append(p.count() > shown.size() ? ", ..." : "").append(')');
      }
      sb.append('\n');
    }
    return sb.toString();
  }
}
