package dev.llmsql.spark;

import dev.llmsql.benchmark.BenchmarkFiles;
import dev.llmsql.benchmark.Question;
import java.io.Serializable;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;

/**
 * Which database each question of each benchmark runs on, read once on the driver and broadcast: the key that
 * partitions predictions, so a task opens one database. Routing never decides a verdict: a prediction routed
 * elsewhere is judged by the same engine, only on a task that has to open its database.
 */
final class Routes implements Serializable {

  private static final long serialVersionUID = 1L;

  private final HashMap<String, HashMap<Integer, String>> byBenchmark = new HashMap<>();

  /** Adds a benchmark's questions. */
  void add(String benchmark, BenchmarkFiles files, Map<Integer, Question> questions) {
    HashMap<Integer, String> routes = new HashMap<>();
    questions.forEach((id, q) -> routes.put(id, files.databasesDir() == null ? GroupKey.SINGLE
        : q.dbId() == null || files.outsideDirectory(q) != null ? GroupKey.UNROUTED : q.dbId()));
    byBenchmark.put(benchmark, routes);
  }

  /** The database key of a prediction's question. */
  String database(String benchmark, Object rawQuestionId) {
    Integer id = questionId(rawQuestionId);
    HashMap<Integer, String> routes = byBenchmark.get(benchmark);
    String database = id == null || routes == null ? null : routes.get(id);
    return database == null ? GroupKey.UNROUTED : database;
  }

  /** A {@code question_id} as the engine reads it from a map (a whole number, or a string holding one), or null. */
  static Integer questionId(Object id) {
    if (id instanceof Integer || id instanceof Long || id instanceof Short || id instanceof Byte) {
      long v = ((Number) id).longValue();
      return v == (int) v ? (int) v : null;
    }
    if (id instanceof Number n) {
      try {
        BigDecimal value = new BigDecimal(n.toString());
        return value.stripTrailingZeros().scale() <= 0 ? value.intValueExact() : null;
      } catch (ArithmeticException | NumberFormatException e) {
        return null;
      }
    }
    if (id instanceof CharSequence s) {
      try {
        return Integer.valueOf(s.toString().strip());
      } catch (NumberFormatException e) {
        return null;
      }
    }
    return null;
  }
}
