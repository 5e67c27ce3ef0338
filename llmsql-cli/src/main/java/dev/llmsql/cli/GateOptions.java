package dev.llmsql.cli;

import dev.llmsql.config.Range;
import dev.llmsql.gate.Gate;
import dev.llmsql.report.EvaluationReport;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The CI gate's options of {@code llmsql evaluate}: {@code --fail-under} and {@code --gate-format} read and
 * checked, and the {@link Gate} of {@code --fail-under}, {@code --baseline}, {@code --tolerance} and
 * {@code --max-regressions}.
 */
final class GateOptions {

  /** The CI gate of --fail-under, --baseline, --tolerance and --max-regressions, if any was given. */
  static Optional<Gate> gate(EvaluateCommand a, EvaluationReport baseline) {
    if (a.failUnder.isEmpty() && baseline == null) {
      return Optional.empty();
    }
    Gate.Builder g = Gate.builder();
    a.failUnder.forEach((name, min) -> {
      if (!name.equals("accuracy") && !a.scorings.contains(name) && !Gate.isLevel(name)) {
        throw new IllegalArgumentException("--fail-under " + name + " needs that score: add --scoring " + name
            + " (or gate on accuracy)");
      }
      if (!a.breakdowns && (name.startsWith("sql:") || name.startsWith("db:") || name.startsWith("table:"))) {
        // known before the run: the slice exists only with --breakdowns (the gate failed as "missing" after it)
        throw new IllegalArgumentException("--fail-under " + name + " gates on a breakdown slice: add --breakdowns");
      }
      g.failUnder(name, min);
    });
    if (baseline != null) {
      g.baseline(baseline);
    }
    if (a.tolerance != null) {
      g.tolerance(a.tolerance);
    }
    if (a.maxRegressions != null) {
      g.maxRegressions(a.maxRegressions);
    }
    return Optional.of(g.build());
  }

  /**
   * Why {@code baseline} is a run of another benchmark than the local questions file, found before the run (the
   * gate found it only after the whole evaluation): the first question both have whose text or gold SQL differs,
   * as the gate words it. Empty when they agree, or when it cannot be told here (no per-question details, no
   * local questions file, a file the run itself will report on).
   */
  static Optional<String> otherBenchmark(EvaluationReport baseline, Path questions) {
    if (baseline.details().isEmpty() || questions == null || !java.nio.file.Files.isRegularFile(questions)) {
      return Optional.empty();
    }
    Map<Integer, dev.llmsql.result.QuestionDetail> byId = new java.util.TreeMap<>();
    baseline.details().forEach(d -> byId.put(d.questionId(), d));
    Map<Integer, dev.llmsql.benchmark.Question> asked;
    try {
      asked = dev.llmsql.engine.QuestionReader.read(questions, byId::containsKey).byId();
    } catch (RuntimeException e) {
      return Optional.empty();
    }
    for (Map.Entry<Integer, dev.llmsql.result.QuestionDetail> entry : byId.entrySet()) {
      dev.llmsql.benchmark.Question q = asked.get(entry.getKey());
      dev.llmsql.result.QuestionDetail was = entry.getValue();
      if (q != null && (!q.sql().equals(was.goldSql()) || !q.question().equals(was.question()))) {
        return Optional.of("is a run of another benchmark: question " + q.id() + " has different "
            + (q.sql().equals(was.goldSql()) ? "text" : "gold SQL") + " in " + questions + " ('"
            + baseline.benchmark() + "' before); give a baseline of the same benchmark");
      }
    }
    return Optional.empty();
  }

  /**
   * {@code --fail-under}: each value checked when read; duplicates across values in
   * {@link EvaluateCommand#validate()}.
   */
  static final class FailUnder extends Converters.Rule<String> {
    @Override
    String apply(String value) {
      failUnder(value, new LinkedHashMap<>());
      return value;
    }
  }

  /** {@code --gate-format}: junit-xml=FILE or github. */
  static final class GateFormat extends Converters.Rule<String> {
    @Override
    String apply(String value) {
      junitXml(value);
      return value;
    }
  }

  /** {@code 0.7} (accuracy) or {@code accuracy=0.7,soft-f1=0.5}; may be given more than once. */
  static void failUnder(String value, Map<String, Double> failUnder) {
    // -1: an empty entry is kept and refused (split would drop them, and "," gave no gate at all: CI passed)
    for (String part : value.split(",", -1)) {
      String p = part.strip();
      // the last '=': a breakdown level holds one itself (sql:joins=1=0.5)
      int eq = p.lastIndexOf('=');
      String score = eq < 0 ? "accuracy" : p.substring(0, eq).strip();
      String number = eq < 0 ? p : p.substring(eq + 1);
      if (score.isEmpty() || p.isEmpty()) {
        throw new IllegalArgumentException("--fail-under takes SCORE=MIN[,SCORE=MIN] or MIN for accuracy, e.g. "
            + "accuracy=0.7,soft-f1=0.5, but was " + Range.quote(value));
      }
      double min = score.equals("accuracy") ? Options.rate("--fail-under " + score, number)
          : Options.nonNegative("--fail-under " + score, number);
      if (failUnder.putIfAbsent(score, min) != null) {
        throw new IllegalArgumentException("--fail-under gives " + score + " twice; give each score once");
      }
    }
  }

  /** The JUnit XML file of a {@code --gate-format} value, or empty for {@code github}. */
  static Optional<Path> junitXml(String value) {
    String v = value.strip();
    if (v.equals("github")) {
      return Optional.empty();
    }
    if (v.startsWith("junit-xml=") && v.length() > "junit-xml=".length()) {
      return Optional.of(Path.of(v.substring("junit-xml=".length())));
    }
    throw new IllegalArgumentException("--gate-format takes junit-xml=FILE or github, but was "
        + Range.quote(value));
  }

  private GateOptions() {
  }
}
