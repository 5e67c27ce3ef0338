package dev.llmsql.spark;

import dev.llmsql.Evaluator;
import dev.llmsql.execution.Database;
import dev.llmsql.execution.DatabaseUnavailableException;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.judgement.Judges;
import dev.llmsql.prediction.InputProblem;
import dev.llmsql.report.BirdScores;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.FullReportJson;
import dev.llmsql.result.QuestionResult;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import scala.Tuple2;

/**
 * What one task does on an executor: for each model in its partition (one benchmark, one database, one split),
 * the single-machine {@link Evaluator} over that model's predictions, in their order, on the executor's shared
 * database with the broadcast golds. The verdicts are the engine's own, so they equal an in-process run's; what
 * the task adds is where each result and input problem stands among the model's predictions.
 */
final class EvaluationTask {

  private static final Pattern LOCATION = Pattern.compile("predictions\\[(\\d+)]");

  private EvaluationTask() {
  }

  /** Judges a partition's predictions. */
  static List<PartOutput> run(SparkEvaluation config, Map<String, Map<String, SharedGold>> golds,
                              java.util.Iterator<Tuple2<GroupKey, PredictionRow>> partition) {
    Map<List<String>, List<PredictionRow>> byModel = new LinkedHashMap<>();
    Map<List<String>, GroupKey> keys = new HashMap<>();
    while (partition.hasNext()) {
      Tuple2<GroupKey, PredictionRow> next = partition.next();
      List<String> id = List.of(next._1().benchmark(), next._1().database(), next._2().model());
      byModel.computeIfAbsent(id, k -> new ArrayList<>()).add(next._2());
      keys.putIfAbsent(id, next._1());
    }
    List<PartOutput> outputs = new ArrayList<>();
    Map<String, Path> subsets = new HashMap<>();
    try {
      for (Map.Entry<List<String>, List<PredictionRow>> group : byModel.entrySet()) {
        GroupKey key = keys.get(group.getKey());
        List<PredictionRow> rows = group.getValue();
        rows.sort(Comparator.comparingLong(PredictionRow::ordinal));
        Path questions = subsets.computeIfAbsent(key.benchmark(), b -> ExecutorQuestions.subset(
            config.questions(b), config.questionsFingerprint(b), byModel.entrySet().stream()
                .filter(e -> e.getKey().get(0).equals(b)).flatMap(e -> e.getValue().stream())
                .map(p -> Routes.questionId(p.questionId())).filter(java.util.Objects::nonNull).toList()));
        outputs.add(evaluate(config, key, questions,
            golds.getOrDefault(key.benchmark() + "\u0000" + key.database(), Map.of()), rows));
      }
    } finally {
      for (Path subset : subsets.values()) {
        try {
          java.nio.file.Files.deleteIfExists(subset);
        } catch (IOException e) {
          // a temporary file left behind costs disk, not a verdict
        }
      }
    }
    return outputs;
  }

  private static PartOutput evaluate(SparkEvaluation config, GroupKey key, Path questions,
                                     Map<String, SharedGold> golds, List<PredictionRow> rows) {
    SparkBenchmark benchmark = config.benchmark(key.benchmark());
    Path database = config.database(key.benchmark());
    String model = rows.get(0).model();
    // the task's questions file holds only its predictions' questions: the driver counts the benchmark's
    Evaluator.Builder builder = config.evaluatorBuilder(model).allowEmptyInput(true);
    if (benchmark.directory()) {
      builder.questionsPath(questions).databasesDir(database);
    } else {
      builder.questionsPath(questions).dbPath(database);
    }
    Database shared = key.database().equals(GroupKey.UNROUTED) ? null
        : benchmark.directory() ? Database.file(database.resolve(key.database()).resolve(key.database() + ".sqlite"))
        : Database.file(database);
    if (shared != null) {
      try {
        QueryExecutor executor = ExecutorDatabases.get(shared, config.engineName(), config.limits());
        builder.executor(new GoldServingExecutor(executor, golds));
      } catch (DatabaseUnavailableException e) {
        // the evaluator opens it again and reports it as the single-machine engine does
      }
    }
    List<Map<String, Object>> items = new ArrayList<>(rows.size());
    for (PredictionRow row : rows) {
      Map<String, Object> item = new LinkedHashMap<>();
      item.put("question_id", row.questionId());
      item.put("completion", row.completion());
      items.add(item);
    }
    EvaluationReport report = builder.build().run(items);

    // results come in input order, skipping predictions that were input problems: match them up by question id
    long[] resultOrdinals = new long[report.results().size()];
    int next = 0;
    for (int i = 0; i < resultOrdinals.length; i++) {
      int id = report.results().get(i).questionId();
      while (next < rows.size() && !sameQuestion(rows.get(next).questionId(), id)) {
        next++;
      }
      if (next == rows.size()) {
        throw new IllegalStateException("result " + i + " (question " + id + ") of model " + model
            + " matches no prediction of its task; the engine's results are not in its input order");
      }
      resultOrdinals[i] = rows.get(next++).ordinal();
    }
    List<InputProblem> problems = new ArrayList<>();
    long[] problemOrdinals = new long[report.inputProblems().size()];
    for (int i = 0; i < problemOrdinals.length; i++) {
      InputProblem p = report.inputProblems().get(i);
      Matcher m = LOCATION.matcher(p.location());
      if (m.matches()) {
        long ordinal = rows.get(Integer.parseInt(m.group(1))).ordinal();
        problemOrdinals[i] = ordinal;
        problems.add(new InputProblem(p.kind(), "predictions[" + ordinal + "]", p.questionId(), p.message()));
      } else {
        problemOrdinals[i] = -1;
        problems.add(p);
      }
    }
    // BIRD's table groups by the raw "difficulty" label alone, which the partial report does not keep (a detail
    // shows "hardness" or "level" when "difficulty" is missing): each result's level travels beside it
    byte[] birdLevels = new byte[ReportMerger.birdJudge(report.judge()) ? resultOrdinals.length : 0];
    if (birdLevels.length > 0) {
      Map<Integer, dev.llmsql.benchmark.Question> asked = Evaluator.readQuestions(questions);
      for (int i = 0; i < birdLevels.length; i++) {
        dev.llmsql.benchmark.Question q = asked.get(report.results().get(i).questionId());
        birdLevels[i] = (byte) (q == null ? 0 : BirdScores.level(q.extra().get("difficulty")));
      }
    }
    EvaluationReport relocated = report.toBuilder().inputProblems(problems).build();
    ByteArrayOutputStream json = new ByteArrayOutputStream();
    try {
      FullReportJson.write(relocated, json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<Row> out = new ArrayList<>(resultOrdinals.length);
    for (int i = 0; i < resultOrdinals.length; i++) {
      out.add(row(model, key.benchmark(), resultOrdinals[i], report.results().get(i)));
    }
    return new PartOutput(model, key.benchmark(), json.toByteArray(), resultOrdinals, problemOrdinals, birdLevels,
        out);
  }

  /** One row of the results dataset ({@link SparkEvaluation#RESULT_SCHEMA}). */
  private static Row row(String model, String benchmark, long ordinal, QuestionResult r) {
    return RowFactory.create(model, benchmark, ordinal, r.questionId(), r.outcome().name(), r.reason().name(),
        r.outcome().isMatch(), r.verdict().detail(), r.error(), r.candidates(), r.executed(), r.predNone(),
        r.goldNone(), r.nanos(), scala.jdk.javaapi.CollectionConverters.asScala(new HashMap<>(
            r.verdict().measuresAndFlags())));
  }

  /** Whether a raw question id (as given) names question {@code id}, as the engine reads ids. */
  private static boolean sameQuestion(Object raw, int id) {
    return Integer.valueOf(id).equals(Routes.questionId(raw));
  }

  /** Judges are named; checks the name on the driver so a typo fails before any task. */
  static void requireJudge(String spec) {
    if (spec != null) {
      Judges.named(spec);
    }
  }
}
