package dev.llmsql.models.suite;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.models.judge.Rule;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A SCALE-format dataset directory, checked against its {@link SuiteConfig}: capability folders of metric
 * JSONL files ({@code sql_understanding/execution_accuracy.jsonl}, ...), one case per line. A case needs
 * {@code id} and a {@code difficulty} ("1" to "3", in the line or the config); objective and hybrid cases
 * need {@code expected}; {@code optimization_depth} cases need {@code rules} ([{"id", "text",
 * "difficulty"}]); execution cases may carry {@code setup} (CREATE/INSERT statements, at most
 * {@value #MAX_SETUP_STATEMENTS}). Every other field is free and fills the prompts' {@code {{field}}}
 * placeholders. Metric files the config does not weight are not scored (SCALE's rule) and not run; a
 * configured metric without its file is an error.
 *
 * <pre>{@code
 * SuiteDataset dataset = SuiteDataset.load(Path.of("my-suite"), SuiteConfig.read(Path.of("my-suite.json")));
 * dataset.cases().size();
 * }</pre>
 *
 * @param directory the dataset directory
 * @param config the config it was checked against
 * @param cases the cases of every scored metric, in config and file order
 * @param unscored {@code capability/metric} of metric files present but not weighted in the config
 */
record SuiteDataset(Path directory, SuiteConfig config, List<SuiteCase> cases, List<String> unscored) {

  /** The most CREATE/INSERT statements one case may carry. */
  static final int MAX_SETUP_STATEMENTS = 200;
  /** Placeholders the judge prompts may use besides the case's fields. */
  static final Set<String> JUDGE_PLACEHOLDERS = Set.of("prompt", "answer", "expected", "rules");

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{\\s*([a-zA-Z_][a-zA-Z0-9_]*)\\s*}}");

  public SuiteDataset {
    requireNonNull(directory, "directory");
    requireNonNull(config, "config");
    cases = List.copyOf(requireNonNull(cases, "cases"));
    unscored = List.copyOf(requireNonNull(unscored, "unscored"));
  }

  /**
   * Loads {@code directory} for {@code config}.
   *
   * @throws SuiteFormatException naming the file, the line and the fix
   * @throws UncheckedIOException when a file cannot be read
   */
  static SuiteDataset load(Path directory, SuiteConfig config) {
    requireNonNull(directory, "directory");
    requireNonNull(config, "config");
    if (!Files.isDirectory(directory)) {
      throw new SuiteFormatException(directory, 0, "not a directory; give the folder that holds the capability "
          + "folders (sql_understanding/, dialect_conversion/, sql_optimization/)");
    }
    List<SuiteCase> cases = new ArrayList<>();
    for (MetricConfig metric : config.metrics()) {
      Path file = directory.resolve(metric.capability()).resolve(metric.metric() + ".jsonl");
      if (!Files.isRegularFile(file)) {
        throw new SuiteFormatException(config.file(), 0, "unknown metric " + metric.key() + ": there is no "
            + file + "; add the file or remove capabilities." + metric.capability() + "." + metric.metric()
            + " from the config");
      }
      if (metric.scored()) {
        cases.addAll(readMetric(file, metric));
      }
    }
    List<String> unscored = new ArrayList<>();
    try (Stream<Path> capabilities = Files.list(directory)) {
      for (Path capability : capabilities.filter(Files::isDirectory).sorted().toList()) {
        try (Stream<Path> files = Files.list(capability)) {
          for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".jsonl")).sorted().toList()) {
            String name = f.getFileName().toString();
            String metric = name.substring(0, name.length() - ".jsonl".length());
            String cap = capability.getFileName().toString();
            if (config.metric(cap, metric).map(m -> !m.scored()).orElse(true)) {
              unscored.add(cap + "/" + metric);
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list suite directory " + directory + ": " + e.getMessage(), e);
    }
    return new SuiteDataset(directory, config, cases, unscored);
  }

  private static List<SuiteCase> readMetric(Path file, MetricConfig metric) {
    List<SuiteCase> cases = new ArrayList<>();
    Set<String> ids = new HashSet<>();
    try (dev.llmsql.benchmark.BoundedLineReader in = dev.llmsql.benchmark.BoundedLineReader.open(file)) {
      String text;
      int line = 0;
      while ((text = in.readLine()) != null) {
        line++;
        if (text.isBlank()) {
          continue;
        }
        SuiteCase c = readCase(file, line, text, metric);
        if (!ids.add(c.id())) {
          throw new SuiteFormatException(file, line, "id \"" + c.id() + "\" is used twice in this file; give each "
              + "case its own id");
        }
        cases.add(c);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
    }
    if (cases.isEmpty()) {
      return cases;
    }
    Set<String> unknown = new TreeSet<>(metric.caseDifficulty().keySet());
    cases.forEach(c -> unknown.remove(c.id()));
    if (!unknown.isEmpty()) {
      throw new SuiteFormatException(file, 0, "the config gives a difficulty for case(s) " + unknown + " of "
          + metric.key() + ", but this file has no such id; fix the id in the config's difficulty map");
    }
    return cases;
  }

  private static SuiteCase readCase(Path file, int line, String text, MetricConfig metric) {
    JsonNode node;
    try {
      node = JSON.readTree(text);
    } catch (JsonProcessingException e) {
      throw SuiteFormatException.notJson(file, line, text, e, "each line is one case object such as "
          + "{\"id\": \"c1\", \"difficulty\": \"1\", ...}");
    }
    if (node == null || !node.isObject()) {
      throw new SuiteFormatException(file, line, "a case must be a JSON object, but was " + abbreviate(text));
    }
    // SCALE's own case files name these case_id and difficulty_level
    JsonNode idNode = node.has("id") ? node.get("id") : node.get("case_id");
    if (idNode == null || !idNode.isValueNode() || idNode.asText().isBlank()) {
      throw new SuiteFormatException(file, line, "missing field \"id\"; give each case an id unique in its file");
    }
    String id = idNode.asText();
    Integer configured = metric.caseDifficulty().get(id);
    int difficulty;
    if (configured != null) {
      difficulty = configured;
    } else {
      JsonNode d = node.has("difficulty") ? node.get("difficulty") : node.get("difficulty_level");
      if (d == null) {
        throw new SuiteFormatException(file, line, "missing field \"difficulty\" in case " + id + "; add "
            + "\"difficulty\": \"1\" (to \"3\") or set it in the config's " + metric.key() + " difficulty map");
      }
      difficulty = difficulty(d).orElseThrow(() -> new SuiteFormatException(file, line, "difficulty of case " + id
          + " must be \"1\", \"2\" or \"3\", but was " + d));
    }
    JsonNode expected = node.get("expected");
    if (expected == null && metric.evaluation() != Evaluation.SUBJECTIVE) {
      throw new SuiteFormatException(file, line, "missing field \"expected\" in case " + id + "; "
          + metric.evaluation().configName() + " metrics compare the answer with it");
    }
    List<Rule> rules = rules(file, line, id, node.get("rules"));
    if (rules.isEmpty() && metric.metric().equals("optimization_depth")) {
      throw new SuiteFormatException(file, line, "missing field \"rules\" in case " + id + "; optimization_depth "
          + "cases list the rules a judge matches: [{\"id\": \"r1\", \"text\": \"...\", \"difficulty\": \"2\"}]");
    }
    if (!rules.isEmpty() && metric.evaluation() == Evaluation.OBJECTIVE) {
      throw new SuiteFormatException(file, line, "case " + id + " has rules but " + metric.key() + " is objective; "
          + "rules are matched by LLM judges, so make the metric subjective");
    }
    List<String> setup = setup(file, line, id, node.get("setup"));
    if (!setup.isEmpty() && metric.evaluation() == Evaluation.SUBJECTIVE) {
      throw new SuiteFormatException(file, line, "case " + id + " has setup but " + metric.key() + " is "
          + "subjective; execution cases compare rows with \"expected\", so make the metric objective or hybrid");
    }
    if (!setup.isEmpty() && !expected.isArray()) {
      throw new SuiteFormatException(file, line, "\"expected\" of execution case " + id + " must be the rows the "
          + "query returns, a list of lists such as [[1, \"Ann\"]], but was " + abbreviate(expected.toString()));
    }
    Map<String, String> fields = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : node.properties()) {
      fields.put(e.getKey(), e.getKey().equals("setup") ? String.join(";\n", setup) + ";"
          : e.getValue().isTextual() ? e.getValue().asText()
          : textList(e.getValue()).orElse(e.getValue().toString()));
    }
    for (String name : placeholders(metric.prompt())) {
      if (name.equals("expected")) {
        throw new SuiteFormatException(file, line, "the prompt of " + metric.key() + " uses {{expected}}, which "
            + "would show the model the answer; only judge_prompt may use it");
      }
      if (!fields.containsKey(name)) {
        throw new SuiteFormatException(file, line, "the prompt of " + metric.key() + " uses {{" + name + "}}, but "
            + "case " + id + " has no field \"" + name + "\"; add the field to the case or change the prompt in "
            + "the config");
      }
    }
    for (String name : metric.customJudgePrompt().map(SuiteDataset::placeholders).orElse(Set.of())) {
      if (!fields.containsKey(name) && !JUDGE_PLACEHOLDERS.contains(name)) {
        throw new SuiteFormatException(file, line, "the judge_prompt of " + metric.key() + " uses {{" + name
            + "}}, which is neither a field of case " + id + " nor one of " + new TreeSet<>(JUDGE_PLACEHOLDERS));
      }
    }
    return new SuiteCase(metric.capability(), metric.metric(), id, difficulty, fields,
        new SuiteCase.Reference(expected, rules, setup), file, line);
  }

  private static List<Rule> rules(Path file, int line, String id, JsonNode node) {
    List<Rule> rules = new ArrayList<>();
    if (node == null) {
      return rules;
    }
    if (!node.isArray() || node.isEmpty()) {
      throw new SuiteFormatException(file, line, "\"rules\" of case " + id + " must be a non-empty list of "
          + "{\"id\", \"text\", \"difficulty\"}");
    }
    Set<String> ids = new HashSet<>();
    for (JsonNode r : node) {
      String ruleId = r.path("id").asText("");
      String ruleText = r.path("text").asText("");
      Optional<Integer> d = difficulty(r.path("difficulty"));
      if (ruleId.isBlank() || ruleText.isBlank() || d.isEmpty()) {
        throw new SuiteFormatException(file, line, "rule " + r + " of case " + id + " needs \"id\", \"text\" and "
            + "\"difficulty\" (\"1\" to \"3\")");
      }
      if (!ids.add(ruleId)) {
        throw new SuiteFormatException(file, line, "rule id \"" + ruleId + "\" is used twice in case " + id);
      }
      rules.add(new Rule(ruleId, ruleText, d.get()));
    }
    return rules;
  }

  private static List<String> setup(Path file, int line, String id, JsonNode node) {
    List<String> setup = new ArrayList<>();
    if (node == null) {
      return setup;
    }
    if (!node.isArray()) {
      throw new SuiteFormatException(file, line, "\"setup\" of case " + id + " must be a list of CREATE/INSERT "
          + "statements, one per item");
    }
    if (node.size() > MAX_SETUP_STATEMENTS) {
      throw new SuiteFormatException(file, line, "\"setup\" of case " + id + " has " + node.size()
          + " statements; at most " + MAX_SETUP_STATEMENTS + " are run; use multi-row INSERTs");
    }
    for (JsonNode s : node) {
      String sql = s.asText("").strip();
      String head = sql.split("\\s+", 2)[0].toUpperCase(Locale.ROOT);
      if (!s.isTextual() || !(head.equals("CREATE") || head.equals("INSERT"))) {
        throw new SuiteFormatException(file, line, "\"setup\" of case " + id + " may hold only CREATE and INSERT "
            + "statements, but has " + abbreviate(s.toString()));
      }
      setup.add(sql);
    }
    return setup;
  }

  /**
   * A list of texts one per line, as SCALE's prompts join {@code create_table_statements} and
   * {@code insert_statements}; empty for anything else (which fills a placeholder as JSON).
   */
  private static Optional<String> textList(JsonNode node) {
    if (!node.isArray() || node.isEmpty()) {
      return Optional.empty();
    }
    List<String> texts = new ArrayList<>();
    for (JsonNode item : node) {
      if (!item.isTextual()) {
        return Optional.empty();
      }
      texts.add(item.asText());
    }
    return Optional.of(String.join("\n", texts));
  }

  /** "1" to "3" (text or number) as 1 to 3; empty for anything else. */
  static Optional<Integer> difficulty(JsonNode node) {
    if (node == null || !(node.isTextual() || node.isIntegralNumber())) {
      return Optional.empty();
    }
    String text = node.asText().trim();
    return switch (text) {
      case "1", "2", "3" -> Optional.of(Integer.parseInt(text));
      default -> Optional.empty();
    };
  }

  /** The {@code {{name}}} placeholders of a template. */
  static Set<String> placeholders(String template) {
    Set<String> names = new TreeSet<>();
    Matcher m = PLACEHOLDER.matcher(template);
    while (m.find()) {
      names.add(m.group(1));
    }
    return names;
  }

  /** {@code template} with every placeholder replaced; unknown ones become empty. */
  static String render(String template, Map<String, String> values) {
    Matcher m = PLACEHOLDER.matcher(template);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(sb, Matcher.quoteReplacement(values.getOrDefault(m.group(1), "")));
    }
    m.appendTail(sb);
    return sb.toString();
  }

  private static String abbreviate(String text) {
    String t = text.replaceAll("\\s+", " ").trim();
    return t.length() <= 80 ? t : t.substring(0, 80) + "...";
  }
}
