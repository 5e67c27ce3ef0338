package dev.llmsql.prediction;

/**
 * How predictions were handed to the evaluator; saved in the report as LLMSQL's {@code input_mode}.
 *
 * <pre>{@code
 * EvaluationReport report = FullReportJson.read(Path.of("report.json"));
 * boolean fromFile = report.inputMode() == InputMode.JSONL_PATH;   // saved as "jsonl_path"
 * }</pre>
 */
public enum InputMode {
  /** A JSONL file path. */
  JSONL_PATH("jsonl_path"),
  /** An in-memory list of predictions or maps. */
  DICT_LIST("dict_list");

  private final String jsonName;

  InputMode(String jsonName) {
    this.jsonName = jsonName;
  }

  /** The name LLMSQL's report uses. */
  public String jsonName() {
    return jsonName;
  }
}
