package dev.llmsql.models.suite;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A suite config: SCALE's {@code dataset_config.py} as JSON. Capabilities hold metrics; each metric has a
 * weight (leave it out and the metric is not scored), an evaluation ({@code objective}, {@code subjective},
 * {@code hybrid}), the target prompt ({@code prompt}, or {@code prompt_file} relative to the config), an
 * optional {@code judge_prompt} / {@code judge_prompt_file} and optional per-case difficulties
 * ({@code "difficulty": {"case-id": "2"}}) that override the cases' own.
 *
 * <pre>{@code
 * {"name": "mini",
 *  "capabilities": {
 *    "sql_understanding": {
 *      "execution_accuracy": {"weight": 4, "evaluation": "objective",
 *                             "prompt": "Write one SQLite query. Schema: {{schema}} Question: {{question}}"}}}}
 * SuiteConfig config = SuiteConfig.read(Path.of("suite.json"));
 * }</pre>
 *
 * @param name the suite's name, shown in reports
 * @param file where it was read from (prompt files and errors are relative to it)
 * @param metrics every configured metric, in file order
 */
record SuiteConfig(String name, Path file, List<MetricConfig> metrics) {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> METRIC_KEYS =
      Set.of("weight", "evaluation", "prompt", "prompt_file", "judge_prompt", "judge_prompt_file", "difficulty");

  public SuiteConfig {
    requireNonNull(name, "name");
    requireNonNull(file, "file");
    metrics = List.copyOf(requireNonNull(metrics, "metrics"));
  }

  /** The metric configured for {@code capability/metric}, if any. */
  Optional<MetricConfig> metric(String capability, String metric) {
    return metrics.stream().filter(m -> m.capability().equals(capability) && m.metric().equals(metric)).findFirst();
  }

  /**
   * Reads a config file.
   *
   * @throws SuiteFormatException naming the file, the key at fault and the fix
   * @throws java.io.UncheckedIOException when the file cannot be read
   */
  static SuiteConfig read(Path file) {
    requireNonNull(file, "file");
    JsonNode root;
    String text = null;
    try {
      text = dev.llmsql.benchmark.BoundedLineReader.readWhole(file);
      root = JSON.readTree(text);
    } catch (JsonProcessingException e) {
      throw SuiteFormatException.notJson(file, 0, text, e, "a suite config is one JSON object");
    } catch (java.nio.file.NoSuchFileException e) {
      // its message is the path alone: "cannot read suite config X: X"
      throw new java.io.UncheckedIOException("suite config " + file + ": file not found; check the path", e);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot read suite config " + file + ": " + e.getMessage(), e);
    }
    if (root == null || !root.isObject()) {
      throw new SuiteFormatException(file, 0, "a suite config is one JSON object with \"capabilities\"");
    }
    JsonNode capabilities = root.get("capabilities");
    if (capabilities == null || !capabilities.isObject() || capabilities.isEmpty()) {
      throw new SuiteFormatException(file, 0, "\"capabilities\" is missing or empty; give e.g. "
          + "{\"capabilities\": {\"sql_understanding\": {\"execution_accuracy\": {\"weight\": 4, ...}}}}");
    }
    String name = root.path("name").asText(stem(file));
    List<MetricConfig> metrics = new ArrayList<>();
    for (Map.Entry<String, JsonNode> capability : capabilities.properties()) {
      if (!capability.getValue().isObject()) {
        throw new SuiteFormatException(file, 0, "capabilities." + capability.getKey()
            + " must be an object of metrics, e.g. {\"explain_detection\": {\"weight\": 2, ...}}");
      }
      for (Map.Entry<String, JsonNode> metric : capability.getValue().properties()) {
        metrics.add(metric(file, capability.getKey(), metric.getKey(), metric.getValue()));
      }
    }
    return new SuiteConfig(name, file, metrics);
  }

  private static MetricConfig metric(Path file, String capability, String metric, JsonNode node) {
    String at = "capabilities." + capability + "." + metric;
    if (!node.isObject()) {
      throw new SuiteFormatException(file, 0, at + " must be an object with weight, evaluation and prompt");
    }
    for (Map.Entry<String, JsonNode> e : node.properties()) {
      if (!METRIC_KEYS.contains(e.getKey())) {
        throw new SuiteFormatException(file, 0, at + " has unknown key \"" + e.getKey() + "\"; known: "
            + String.join(", ", new java.util.TreeSet<>(METRIC_KEYS)));
      }
    }
    int weight = 0;
    JsonNode w = node.get("weight");
    if (w != null && !w.isNull()) {
      if (!w.canConvertToInt() || !w.isIntegralNumber() || w.asInt() < 1) {
        throw new SuiteFormatException(file, 0, at + ".weight must be a positive whole number, but was " + w
            + "; leave it out to not score the metric");
      }
      weight = w.asInt();
    }
    JsonNode evaluation = node.get("evaluation");
    if (evaluation == null || !evaluation.isTextual()) {
      throw new SuiteFormatException(file, 0, at + ".evaluation is missing; give \"objective\", \"subjective\" "
          + "or \"hybrid\"");
    }
    Evaluation kind;
    try {
      kind = Evaluation.parse(evaluation.asText());
    } catch (IllegalArgumentException e) {
      throw new SuiteFormatException(file, 0, at + "." + e.getMessage());
    }
    String prompt = text(file, node, at, "prompt");
    if (prompt == null) {
      throw new SuiteFormatException(file, 0, at + " needs \"prompt\" (text with {{field}} placeholders) or "
          + "\"prompt_file\" (a file next to the config)");
    }
    String judgePrompt = text(file, node, at, "judge_prompt");
    Map<String, Integer> difficulty = new LinkedHashMap<>();
    JsonNode d = node.get("difficulty");
    if (d != null) {
      if (!d.isObject()) {
        throw new SuiteFormatException(file, 0, at + ".difficulty must map case ids to \"1\", \"2\" or \"3\"");
      }
      for (Map.Entry<String, JsonNode> e : d.properties()) {
        difficulty.put(e.getKey(), SuiteDataset.difficulty(e.getValue())
            .orElseThrow(() -> new SuiteFormatException(file, 0, at + ".difficulty." + e.getKey()
                + " must be \"1\", \"2\" or \"3\", but was " + e.getValue())));
      }
    }
    return new MetricConfig(capability, metric, weight, kind, prompt, judgePrompt, difficulty);
  }

  /** {@code key} inline, or {@code key_file} read relative to the config; null when neither is given. */
  private static String text(Path file, JsonNode node, String at, String key) {
    JsonNode inline = node.get(key);
    JsonNode fromFile = node.get(key + "_file");
    if (inline != null && fromFile != null) {
      throw new SuiteFormatException(file, 0, at + " has both \"" + key + "\" and \"" + key + "_file\"; keep one");
    }
    if (inline != null) {
      if (!inline.isTextual() || inline.asText().isBlank()) {
        throw new SuiteFormatException(file, 0, at + "." + key + " must be non-empty text");
      }
      return inline.asText();
    }
    if (fromFile != null) {
      Path path = file.toAbsolutePath().resolveSibling(fromFile.asText());
      try {
        return dev.llmsql.benchmark.BoundedLineReader.readWhole(path);
      } catch (IOException e) {
        throw new SuiteFormatException(file, 0, at + "." + key + "_file: cannot read " + path + " ("
            + e.getClass().getSimpleName() + "); the path is relative to the config");
      }
    }
    return null;
  }

  private static String stem(Path file) {
    String n = file.getFileName().toString();
    return n.endsWith(".json") ? n.substring(0, n.length() - 5) : n;
  }
}
