package dev.llmsql.report;

import static java.util.Objects.requireNonNull;

import dev.llmsql.result.QuestionDetail;
import dev.llmsql.result.QuestionResult;
import dev.llmsql.scoring.Score;
import dev.llmsql.scoring.Scoring;
import dev.llmsql.stats.Bootstrap;
import dev.llmsql.stats.Interval;
import dev.llmsql.stats.Wilson;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Where a model fails, for any benchmark: accuracy per SQL characteristic of the gold query
 * ({@link SqlCharacteristics}, NL2SQL360's breakdown), per database ({@code db_id}) and per table the gold reads,
 * and NL2SQL360's query variance testing (QVT): over the groups of at least two questions with the same normalised
 * gold SQL and at least one match, the mean of the group's accuracy. Computed once from a report's results and
 * details ({@link #of}); each slice's 95% interval is Wilson's. Each slice also carries the report's other
 * scores (soft-F1, VES, ...) on its results with their 95% intervals ({@link Breakdown#scores()},
 * {@link Breakdown#intervals()}), the same seeded bootstrap as the report's own ({@link Confidence}).
 *
 * <pre>{@code
 * EvaluationReport report = FullReportJson.read(Path.of("report.json"));
 * Breakdowns b = Breakdowns.of(report);
 * b.byCharacteristic().get("nested").accuracy();
 * b.byDatabase().get("car_1").total();
 * }</pre>
 *
 * @param byCharacteristic per characteristic, in {@link SqlCharacteristics#LABELS} order, only those that occur
 * @param byDatabase per {@code db_id}, sorted; empty for a single-database benchmark
 * @param byTable per table read by the gold, sorted
 * @param qvt the QVT figure, 0 when no group qualifies
 * @param qvtGroups the groups QVT averages over
 */
public record Breakdowns(Map<String, Breakdown> byCharacteristic, Map<String, Breakdown> byDatabase,
                         Map<String, Breakdown> byTable, double qvt, int qvtGroups) {

  public Breakdowns {
    byCharacteristic = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(byCharacteristic,
        "byCharacteristic")));
    byDatabase = Collections.unmodifiableMap(new TreeMap<>(requireNonNull(byDatabase, "byDatabase")));
    byTable = Collections.unmodifiableMap(new TreeMap<>(requireNonNull(byTable, "byTable")));
  }

  /** The 95% Wilson interval of a slice's accuracy; empty for an empty slice. */
  public static Optional<Interval> interval(Breakdown slice) {
    return slice.total() == 0 ? Optional.empty() : Optional.of(Wilson.interval(slice.matches(), slice.total()));
  }

  /**
   * The breakdowns of a report that holds its results and their details (question, gold SQL, database).
   *
   * @throws IllegalStateException for a report without per-question results
   */
  public static Breakdowns of(EvaluationReport report) {
    report.requireResults("Breakdowns");
    Map<Integer, QuestionDetail> details = new HashMap<>();
    report.details().forEach(d -> details.put(d.questionId(), d));
    Map<String, int[]> characteristics = new LinkedHashMap<>();
    SqlCharacteristics.LABELS.forEach(l -> characteristics.put(l, new int[2]));
    Map<String, int[]> databases = new TreeMap<>();
    Map<String, int[]> tables = new TreeMap<>();
    Map<String, int[]> groups = new LinkedHashMap<>();
    // the report's other scores that a registered scoring can compute again on a slice's results
    Map<String, Scoring> scorings = new LinkedHashMap<>();
    for (Score s : report.scores()) {
      Confidence.rescoring(report, s.name()).ifPresent(sc -> scorings.putIfAbsent(s.name(), sc));
    }
    Map<String, List<QuestionResult>> members = new HashMap<>();
    for (QuestionResult r : report.results()) {
      QuestionDetail d = details.get(r.questionId());
      if (d == null) {
        continue;
      }
      boolean match = r.outcome().isMatch();
      SqlCharacteristics c = SqlCharacteristics.of(d.goldSql());
      c.labels().forEach(l -> count(characteristics, l, match));
      c.tables().forEach(t -> count(tables, t, match));
      if (d.dbId() != null) {
        count(databases, d.dbId(), match);
      }
      if (!scorings.isEmpty()) {
        c.labels().forEach(l -> members.computeIfAbsent("sql:" + l, k -> new ArrayList<>()).add(r));
        c.tables().forEach(t -> members.computeIfAbsent("table:" + t, k -> new ArrayList<>()).add(r));
        if (d.dbId() != null) {
          members.computeIfAbsent("db:" + d.dbId(), k -> new ArrayList<>()).add(r);
        }
      }
      count(groups, (d.dbId() == null ? "" : d.dbId()) + "\u0000" + c.normalized(), match);
    }
    double sum = 0;
    int qualified = 0;
    for (int[] g : groups.values()) {
      if (g[0] >= 2 && g[1] >= 1) {
        sum += (double) g[1] / g[0];
        qualified++;
      }
    }
    Map<String, Breakdown> byCharacteristic = new LinkedHashMap<>();
    characteristics.forEach((k, v) -> {
      if (v[0] > 0) {
        byCharacteristic.put(k, slice(k, v, members.get("sql:" + k), scorings));
      }
    });
    Map<String, Breakdown> byDatabase = new TreeMap<>();
    databases.forEach((k, v) -> byDatabase.put(k, slice(k, v, members.get("db:" + k), scorings)));
    Map<String, Breakdown> byTable = new TreeMap<>();
    tables.forEach((k, v) -> byTable.put(k, slice(k, v, members.get("table:" + k), scorings)));
    return new Breakdowns(byCharacteristic, byDatabase, byTable, qualified == 0 ? 0 : sum / qualified, qualified);
  }

  private static Breakdown slice(String key, int[] counts, List<QuestionResult> results,
                                 Map<String, Scoring> scorings) {
    Map<String, Score> scores = new LinkedHashMap<>();
    Map<String, Interval> intervals = new LinkedHashMap<>();
    scorings.forEach((name, scoring) -> {
      Score whole = scoring.score(results);
      scores.put(name, new Score(name, whole.value(), whole.explanation()));
      intervals.put(name, Confidence.bootstrap(results, name, scoring, Bootstrap.DEFAULT));
    });
    return new Breakdown(key, counts[0], counts[1], scores, intervals);
  }

  private static void count(Map<String, int[]> counts, String key, boolean match) {
    int[] c = counts.computeIfAbsent(key, k -> new int[2]);
    c[0]++;
    c[1] += match ? 1 : 0;
  }

  /** The slices of every breakdown, prefixed by kind ({@code sql:}, {@code db:}, {@code table:}), in order. */
  public List<Breakdown> all() {
    List<Breakdown> out = new ArrayList<>();
    byCharacteristic.values().forEach(b -> out.add(b.rekeyed("sql:" + b.key())));
    byDatabase.values().forEach(b -> out.add(b.rekeyed("db:" + b.key())));
    byTable.values().forEach(b -> out.add(b.rekeyed("table:" + b.key())));
    return out;
  }

  /** The names of the other scores the slices carry, in the report's order; empty for accuracy only. */
  public List<String> scoreNames() {
    List<String> names = new ArrayList<>();
    all().forEach(b -> b.scores().keySet().forEach(n -> {
      if (!names.contains(n)) {
        names.add(n);
      }
    }));
    return names;
  }
}
