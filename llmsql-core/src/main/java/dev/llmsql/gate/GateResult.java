package dev.llmsql.gate;

import static java.util.Objects.requireNonNull;

import dev.llmsql.judgement.Outcome;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The outcome of a {@link Gate}: each condition checked, the questions that regressed against the baseline,
 * and renderings for CI (a one-line summary, JUnit XML, GitHub Actions annotations).
 *
 * <pre>{@code
 * EvaluationReport report = FullReportJson.read(Path.of("report.json"));
 * Gate gate = Gate.builder().failUnder("accuracy", 0.7).build();
 * GateResult result = gate.check(report);
 * if (!result.passed()) {
 *   System.err.println(result.summary());
 * }
 * }</pre>
 *
 * @param checks each condition, fail-under first, then the baseline's
 * @param regressions questions that matched in the baseline and do not now, in the baseline's order
 * @param hasBaseline whether a baseline was compared (the summary then counts regressions)
 */
public record GateResult(List<Check> checks, List<Regression> regressions, boolean hasBaseline) {

  /** How many regressed question ids the one-line summary lists. */
  public static final int SUMMARY_IDS = 10;
  /** How many regressed questions become GitHub warning annotations. */
  public static final int ANNOTATED_REGRESSIONS = 50;

  public GateResult {
    checks = List.copyOf(checks);
    regressions = List.copyOf(regressions);
  }

  /** Whether every condition holds. */
  public boolean passed() {
    return checks.stream().allMatch(Check::passed);
  }

  /** The conditions that do not hold. */
  public List<Check> failures() {
    return checks.stream().filter(c -> !c.passed()).toList();
  }

  /**
   * One line for CI logs, e.g.
   * {@code llmsql gate: FAILED: accuracy 0.4800 < 0.7000 (fail-under); 2 question(s) regressed: 4, 9}.
   */
  public String summary() {
    StringBuilder sb = new StringBuilder("llmsql gate: ").append(passed() ? "passed" : "FAILED").append(": ");
    sb.append(checks.stream().map(Check::describe).collect(Collectors.joining(", ")));
    if (hasBaseline) {
      sb.append("; ").append(regressions.size()).append(" question(s) regressed");
      if (!regressions.isEmpty()) {
        sb.append(": ").append(regressions.stream().limit(SUMMARY_IDS).map(r -> String.valueOf(r.questionId()))
            .collect(Collectors.joining(", "))).append(regressions.size() > SUMMARY_IDS ? ", ..." : "");
      }
    }
    return sb.toString();
  }

  /**
   * The result as a JUnit XML test suite {@code llmsql gate}: one test case per condition (a failure when it
   * does not hold); the regressed questions are listed in the baseline cases' output.
   */
  public String toJunitXml() {
    StringWriter text = new StringWriter();
    try {
      // the JDK's own writer, not whichever StAX provider the class path offers: the output stays byte-stable
      XMLStreamWriter x = XMLOutputFactory.newDefaultFactory().createXMLStreamWriter(text);
      int failures = failures().size();
      x.writeStartDocument("UTF-8", "1.0");
      x.writeCharacters("\n");
      x.writeStartElement("testsuites");
      x.writeAttribute("name", "llmsql gate");
      x.writeAttribute("tests", Integer.toString(checks.size()));
      x.writeAttribute("failures", Integer.toString(failures));
      x.writeCharacters("\n  ");
      x.writeStartElement("testsuite");
      x.writeAttribute("name", "llmsql gate");
      x.writeAttribute("tests", Integer.toString(checks.size()));
      x.writeAttribute("failures", Integer.toString(failures));
      x.writeAttribute("errors", "0");
      x.writeAttribute("skipped", "0");
      for (Check c : checks) {
        x.writeCharacters("\n    ");
        x.writeStartElement("testcase");
        x.writeAttribute("classname", "llmsql.gate." + c.kind().label());
        x.writeAttribute("name", c.title());
        if (!c.passed()) {
          x.writeCharacters("\n      ");
          x.writeEmptyElement("failure");
          x.writeAttribute("type", c.kind().label());
          x.writeAttribute("message", c.describe());
        }
        if (c.kind() != Kind.FAIL_UNDER && !regressions.isEmpty()) {
          x.writeCharacters("\n      ");
          x.writeStartElement("system-out");
          x.writeCharacters(regressions.stream().map(Regression::describe).collect(Collectors.joining("\n")));
          x.writeEndElement();
        }
        x.writeCharacters("\n    ");
        x.writeEndElement();
      }
      x.writeCharacters("\n  ");
      x.writeEndElement();
      x.writeCharacters("\n");
      x.writeEndElement();
      x.writeEndDocument();
      x.close();
    } catch (XMLStreamException e) {
      throw new IllegalStateException("writing JUnit XML to a string failed", e);
    }
    return text + "\n";
  }

  /**
   * GitHub Actions workflow commands: an {@code ::error} per failed condition, a {@code ::warning} per
   * regressed question (the first {@value #ANNOTATED_REGRESSIONS}), then the summary as {@code ::notice} (or
   * {@code ::error} when failed). {@code file}, when given, is the predictions file the annotations point at.
   */
  public List<String> toGithubAnnotations(Optional<String> file) {
    String where = file.map(f -> "file=" + property(f) + ",").orElse("");
    List<String> lines = new ArrayList<>();
    for (Check c : failures()) {
      lines.add("::error " + where + "title=" + property("llmsql gate: " + c.title()) + "::" + data(c.describe()));
    }
    regressions.stream().limit(ANNOTATED_REGRESSIONS).forEach(r -> lines.add("::warning " + where + "title="
        + property("regressed question " + r.questionId()) + "::" + data(r.describe())));
    if (regressions.size() > ANNOTATED_REGRESSIONS) {
      lines.add("::warning " + where + "title=" + property("regressed questions") + "::"
          + data((regressions.size() - ANNOTATED_REGRESSIONS) + " more question(s) regressed"));
    }
    lines.add("::" + (passed() ? "notice" : "error") + " title=" + property("llmsql gate") + "::" + data(summary()));
    return lines;
  }

  private static String data(String s) {
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
  }

  private static String property(String s) {
    return data(s).replace(":", "%3A").replace(",", "%2C");
  }

  /** What a condition checks. */
  public enum Kind {
    /** A score must reach a minimum. */
    FAIL_UNDER("fail-under"),
    /** A score must not fall below the baseline's minus the tolerance. */
    BASELINE("baseline"),
    /** At most so many baseline matches may be lost. */
    REGRESSIONS("regressions");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    /** The name in summaries and JUnit XML, e.g. {@code fail-under}. */
    public String label() {
      return label;
    }
  }

  /**
   * One condition of a gate and whether it holds.
   *
   * @param kind what is checked
   * @param name the score's name, or {@code regressions}
   * @param actual the run's value, empty when the report lacks the score
   * @param required the least value that passes (the most regressions, for {@link Kind#REGRESSIONS})
   * @param reference the baseline's value for {@link Kind#BASELINE}, else {@code required}
   * @param passed whether it holds
   */
  public record Check(Kind kind, String name, Optional<Double> actual, double required, double reference,
                      boolean passed) {

    public Check {
      requireNonNull(kind, "kind");
      requireNonNull(name, "name");
      requireNonNull(actual, "actual");
    }

    static Check of(Kind kind, String name, double actual, double required, double reference) {
      return new Check(kind, name, Optional.of(actual), required, reference, actual >= required - Gate.EPSILON);
    }

    static Check missing(String name, double required) {
      return new Check(Kind.FAIL_UNDER, name, Optional.empty(), required, required, false);
    }

    static Check regressions(int count, int max) {
      return new Check(Kind.REGRESSIONS, "regressions", Optional.of((double) count), max, max, count <= max);
    }

    /** The condition, e.g. {@code accuracy >= 0.7000 (fail-under)}. */
    public String title() {
      return switch (kind) {
        case REGRESSIONS -> String.format(Locale.ROOT, "regressions <= %d (baseline)", (int) required);
        default -> String.format(Locale.ROOT, "%s >= %.4f (%s)", name, required, kind.label());
      };
    }

    /** The check with its values, e.g. {@code accuracy 0.4800 < 0.7000 (fail-under)}. */
    public String describe() {
      if (actual.isEmpty()) {
        // a level is no scoring: "--scoring hard" is refused, so the hint names what gives the run that level
        return Gate.isLevel(name) ? name + " missing (no question of the run is at that level: Spider's hardness "
            + "needs --judge spider, a difficulty level the questions' \"difficulty\", a sql:, db: or table: "
            + "slice --breakdowns)"
            : name + " missing (the run did not compute it; add it with --scoring " + name + ")";
      }
      double v = actual.get();
      String op = passed ? ">=" : "<";
      return switch (kind) {
        case FAIL_UNDER -> String.format(Locale.ROOT, "%s %.4f %s %.4f (fail-under)", name, v, op, required);
        case BASELINE -> String.format(Locale.ROOT, "%s %.4f %s %.4f (baseline %.4f - tolerance %.4f)", name, v,
            op, required, reference, reference - required);
        case REGRESSIONS -> String.format(Locale.ROOT, "%d regression(s) %s %d (max-regressions)", (int) v,
            passed ? "<=" : ">", (int) required);
      };
    }
  }

  /**
   * A question that matched in the baseline and does not now.
   *
   * @param questionId the question
   * @param outcome its outcome now, empty when the run has no scored prediction for it
   * @param reason its reason now, empty when none
   */
  public record Regression(int questionId, Optional<Outcome> outcome, String reason) {

    public Regression {
      requireNonNull(outcome, "outcome");
      requireNonNull(reason, "reason");
    }

    /** E.g. {@code question 4: matched in the baseline, now MISMATCH WRONG_ROWS}. */
    public String describe() {
      return "question " + questionId + ": matched in the baseline, now "
          + outcome.map(o -> o.name() + (reason.isEmpty() ? "" : " " + reason)).orElse("not answered");
    }
  }
}
