package dev.llmsql.models.suite;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmsql.models.judge.Rule;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One case of a metric file: a line such as
 * {@code {"id": "ea-1", "difficulty": "2", "question": "...", "setup": ["CREATE TABLE ..."], "expected": [[3]]}}.
 *
 * <pre>{@code
 * ChatClient judge = ChatClient.builder().baseUrl("http://localhost:8001/v1").model("judge-1").build();
 * ChatClient target = ChatClient.builder().baseUrl("http://localhost:8000/v1").model("qwen2.5").build();
 * CapabilitySuite suite = CapabilitySuite.builder()
 *     .dataset(Path.of("my-suite"), Path.of("my-suite.json")).judge(judge).build();
 * ModelResult model = suite.run(target);
 * SuiteCase c = model.cases().get(0).suiteCase();
 * c.fields().get("question");
 * }</pre>
 *
 * @param capability the capability folder
 * @param metric the metric file name without {@code .jsonl}
 * @param id unique within the metric
 * @param difficulty 1 to 3, SCALE's case weight
 * @param fields every field of the line as prompt text (strings as they are, anything else as JSON)
 * @param reference what an answer is checked against: the expected answer, the rules, the setup
 * @param file the metric file
 * @param line the 1-based line in it
 */
public record SuiteCase(String capability, String metric, String id, int difficulty, Map<String, String> fields,
                        Reference reference, Path file, int line) {

  public SuiteCase {
    requireNonNull(capability, "capability");
    requireNonNull(metric, "metric");
    requireNonNull(id, "id");
    fields = Map.copyOf(requireNonNull(fields, "fields"));
    requireNonNull(reference, "reference");
    requireNonNull(file, "file");
    if (difficulty < 1 || difficulty > 3) {
      throw new IllegalArgumentException("difficulty must be 1, 2 or 3, but was " + difficulty);
    }
  }

  /**
   * What a case's answer is checked against.
   *
   * @param expected the reference answer, or null when the case has none
   * @param rules the optimisation rules a judge matches (empty when the case is not rule-judged)
   * @param setup CREATE/INSERT statements of an execution case's in-memory database (empty when none)
   */
  public record Reference(JsonNode expected, List<Rule> rules, List<String> setup) {

    public Reference {
      expected = expected == null ? null : expected.deepCopy();
      rules = List.copyOf(requireNonNull(rules, "rules"));
      setup = List.copyOf(requireNonNull(setup, "setup"));
    }

    /** The reference answer (a copy: JSON nodes are mutable), or null when the case has none. */
    @Override
    public JsonNode expected() {
      return expected == null ? null : expected.deepCopy();
    }
  }

  /** The reference answer (a copy: JSON nodes are mutable), or null when the case has none. */
  public JsonNode expected() {
    return reference.expected();
  }

  /** The optimisation rules a judge matches (empty when the case is not rule-judged). */
  public List<Rule> rules() {
    return reference.rules();
  }

  /** CREATE/INSERT statements of an execution case's in-memory database (empty when none). */
  public List<String> setup() {
    return reference.setup();
  }

  /** Whether the case is judged rule by rule (SCALE's optimisation depth). */
  boolean ruleBased() {
    return !rules().isEmpty();
  }

  /** Whether the case's SQL answer is run on an in-memory database built from {@link #setup}. */
  public boolean executed() {
    return !setup().isEmpty();
  }

  /** Where the case is, for messages: {@code file:line (id)}. */
  public String location() {
    return file + ":" + line + " (" + id + ")";
  }
}
