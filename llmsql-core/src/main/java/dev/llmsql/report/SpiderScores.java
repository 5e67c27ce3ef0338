package dev.llmsql.report;

import static java.util.Objects.requireNonNull;

import dev.llmsql.judgement.Verdict;
import dev.llmsql.result.QuestionResult;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Spider's report ({@code evaluation.py}'s scores dict): per hardness level the count, execution accuracy,
 * exact-set accuracy and the partial-match accuracy, recall and F1 of ten SQL components, and for multi-turn
 * benchmarks (SParC, CoSQL) the same per turn position and per whole interaction ({@code joint_all}). Computed
 * in one place, {@link #of}, from the measures the {@code spider} judge records on each verdict, with Python's
 * order of operations so every figure is the same double {@code evaluation.py} prints.
 *
 * <pre>{@code
 * EvaluationReport report = FullReportJson.read(Path.of("report.json"));
 * SpiderScores spider = report.spider().orElseThrow();
 * double hardExact = spider.levels().get("hard").exact();
 * double whereF1 = spider.levels().get("all").partial().get("where").f1();
 * }</pre>
 *
 * @param levels {@code easy}, {@code medium}, {@code hard}, {@code extra}, {@code all}, and for a multi-turn
 *     evaluation also {@code turn 1} to {@code turn 4}, {@code turn > 4} and {@code joint_all}, in that order
 */
public record SpiderScores(Map<String, Level> levels) {

  /** The hardness levels, in Spider's order. */
  public static final List<String> HARDNESS = List.of("easy", "medium", "hard", "extra");
  /** The turn positions of a multi-turn evaluation, in Spider's order. */
  public static final List<String> TURNS = List.of("turn 1", "turn 2", "turn 3", "turn 4", "turn > 4");
  /** The partial-match components as Spider names them, in its order. */
  public static final List<String> COMPONENTS = List.of("select", "select(no AGG)", "where", "where(no OP)",
      "group(no Having)", "group", "order", "and/or", "IUEN", "keywords");
  /** The measure each component's score is recorded under (its totals add {@code _gold} and {@code _pred}). */
  static final List<String> MEASURES = List.of("spider_select", "spider_select_no_agg", "spider_where",
      "spider_where_no_op", "spider_group_no_having", "spider_group", "spider_order", "spider_and_or",
      "spider_set_ops", "spider_keywords");
  /** The measure of the exact-set verdict, 1 or 0. */
  public static final String EXACT = "spider_exact";
  /** The measure of the gold's hardness, 1 ({@code easy}) to 4 ({@code extra}). */
  public static final String HARDNESS_MEASURE = "spider_hardness";
  /** Present (1) when the judge was asked for an F1 of 0, not Spider's 1, where accuracy and recall are both 0. */
  public static final String PLAIN_F1 = "spider_plain_f1";

  public SpiderScores {
    levels = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(levels, "levels")));
  }

  /**
   * One row of Spider's table.
   *
   * @param count questions at this level (interactions for {@code joint_all})
   * @param exec share that match by execution
   * @param exact share that match by exact set
   * @param partial per component (empty for a turn position)
   */
  public record Level(int count, double exec, double exact, Map<String, Partial> partial) {
    public Level {
      partial = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(partial, "partial")));
    }
  }

  /**
   * One component's partial-match figures at one level.
   *
   * @param acc mean score over the questions whose prediction has the component
   * @param rec mean score over the questions whose gold has it
   * @param f1 {@code 2*acc*rec/(acc+rec)}; 1 when both are 0, as Spider computes it
   * @param accCount questions whose prediction has it
   * @param recCount questions whose gold has it
   */
  public record Partial(double acc, double rec, double f1, int accCount, int recCount) {
  }

  /** Whether a verdict carries the {@code spider} judge's measures. */
  public static boolean judged(Verdict verdict) {
    return verdict.measure(HARDNESS_MEASURE).isPresent() && verdict.measure(EXACT).isPresent();
  }

  /** The hardness level a verdict records, if the {@code spider} judge gave it. */
  public static Optional<String> hardness(Verdict verdict) {
    double h = verdict.measure(HARDNESS_MEASURE).orElse(0);
    return h >= 1 && h <= 4 ? Optional.of(HARDNESS.get((int) h - 1)) : Optional.empty();
  }

  /**
   * Spider's scores of the judged results, in input order; results without the {@code spider} judge's measures
   * are left out, and none gives an empty result.
   *
   * @param results the results in the order of the predictions
   * @param interactions each question's interaction in a multi-turn benchmark (question id to interaction id);
   *     empty for a single-turn one. With more than one interaction the turn rows and {@code joint_all} are added.
   * @param turns each question's 1-based turn; a question without one takes its position in its interaction
   */
  public static Optional<SpiderScores> of(List<QuestionResult> results, Map<Integer, String> interactions,
                                          Map<Integer, Integer> turns) {
    List<QuestionResult> judged = results.stream().filter(r -> judged(r.verdict())).toList();
    if (judged.isEmpty()) {
      return Optional.empty();
    }
    boolean plainF1 = judged.stream().allMatch(r -> r.verdict().measure(PLAIN_F1).isPresent());
    Map<String, Sums> sums = new LinkedHashMap<>();
    for (String level : HARDNESS) {
      sums.put(level, new Sums());
    }
    sums.put("all", new Sums());
    Map<String, Sums> turnSums = new LinkedHashMap<>();
    for (String turn : TURNS) {
      turnSums.put(turn, new Sums());
    }
    // interaction -> {all exec, all exact}, in order of first appearance
    Map<String, boolean[]> joint = new LinkedHashMap<>();
    Map<String, Integer> positions = new LinkedHashMap<>();
    for (QuestionResult r : judged) {
      Verdict v = r.verdict();
      String level = hardness(v).orElseThrow();
      boolean exec = r.outcome().isMatch();
      boolean exact = v.measure(EXACT).orElse(0) == 1;
      sums.get(level).add(v, exec, exact);
      sums.get("all").add(v, exec, exact);
      String interaction = interactions.getOrDefault(r.questionId(), "\u0000" + r.questionId());
      int position = positions.merge(interaction, 1, Integer::sum);
      int turn = turns.getOrDefault(r.questionId(), position);
      turnSums.get(turn <= 4 ? "turn " + Math.max(turn, 1) : "turn > 4").addTurn(exec, exact);
      boolean[] all = joint.computeIfAbsent(interaction, k -> new boolean[] {true, true});
      all[0] &= exec;
      all[1] &= exact;
    }
    Map<String, Level> levels = new LinkedHashMap<>();
    sums.forEach((name, s) -> levels.put(name, s.level(plainF1)));
    if (!interactions.isEmpty() && joint.size() > 1) {
      turnSums.forEach((name, s) -> levels.put(name, s.turnLevel()));
      Sums j = new Sums();
      j.count = joint.size();
      for (boolean[] all : joint.values()) {
        j.exec += all[0] ? 1 : 0;
        j.exact += all[1] ? 1 : 0;
      }
      levels.put("joint_all", j.level(plainF1));
    }
    return Optional.of(new SpiderScores(levels));
  }

  /** Sums before division; every sum is a count, so the doubles equal Python's float sums of 0 and 1. */
  private static final class Sums {
    int count;
    int exec;
    int exact;
    final int[] acc = new int[MEASURES.size()];
    final int[] accCount = new int[MEASURES.size()];
    final int[] rec = new int[MEASURES.size()];
    final int[] recCount = new int[MEASURES.size()];

    void add(Verdict v, boolean isExec, boolean isExact) {
      addTurn(isExec, isExact);
      for (int i = 0; i < MEASURES.size(); i++) {
        String m = MEASURES.get(i);
        int score = (int) v.measure(m).orElse(0);
        if (v.measure(m + "_pred").orElse(0) > 0) {
          acc[i] += score;
          accCount[i]++;
        }
        if (v.measure(m + "_gold").orElse(0) > 0) {
          rec[i] += score;
          recCount[i]++;
        }
      }
    }

    void addTurn(boolean isExec, boolean isExact) {
      count++;
      exec += isExec ? 1 : 0;
      exact += isExact ? 1 : 0;
    }

    Level level(boolean plainF1) {
      Map<String, Partial> partial = new LinkedHashMap<>();
      for (int i = 0; i < COMPONENTS.size(); i++) {
        if (count == 0) {
          // evaluation.py skips an empty level: its sums stay 0
          partial.put(COMPONENTS.get(i), new Partial(0, 0, 0, 0, 0));
          continue;
        }
        double a = accCount[i] == 0 ? 0 : (double) acc[i] / accCount[i] * 1.0;
        double r = recCount[i] == 0 ? 0 : (double) rec[i] / recCount[i] * 1.0;
        double f1 = a == 0 && r == 0 ? (plainF1 ? 0 : 1) : 2.0 * a * r / (r + a);
        partial.put(COMPONENTS.get(i), new Partial(a, r, f1, accCount[i], recCount[i]));
      }
      return new Level(count, ratio(exec), ratio(exact), partial);
    }

    Level turnLevel() {
      return new Level(count, ratio(exec), ratio(exact), Map.of());
    }

    private double ratio(int n) {
      return count == 0 ? 0 : (double) n / count;
    }
  }
}
