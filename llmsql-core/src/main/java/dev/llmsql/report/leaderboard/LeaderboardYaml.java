package dev.llmsql.report.leaderboard;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.llmsql.prediction.InputMode;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.ReportFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * One leaderboard entry in upstream LLMSQL's {@code run.yaml} layout, made from an evaluation report, so a
 * result from us can be submitted where theirs are. Keys in upstream's order, unknown values null:
 * {@code date}, {@code model} (name, revision, commit_hash, parameter_count, dtype, thinking), {@code type},
 * {@code llmsql} (version, commit_hash), {@code version}, {@code os_name}, {@code python_version},
 * {@code pip_freeze}, {@code device}, {@code inference} (backend, arguments), {@code results}
 * (execution_accuracy to 4 decimals, num_samples, answers_path). What upstream detects from its Python
 * environment is written as: {@code llmsql.version} this library's version (llmsql-java, not upstream's
 * Python package), {@code python_version} null (there is no Python in the run), {@code os_name} the
 * {@code PRETTY_NAME} of {@code /etc/os-release} or else {@code os.name os.version}. Run metadata (a mapping,
 * e.g. from {@code --run-metadata}) is deep-merged on top: nested mappings merge, other values replace.
 *
 * <pre>{@code
 * EvaluationReport report = Evaluator.evaluate(Path.of("outputs.jsonl"));
 * LeaderboardYaml entry = LeaderboardYaml.builder().report(report).modelName("Qwen/Qwen3-0.6B")
 *     .answersPath("qwen3.jsonl").runMetadata(Map.of("type", "open-source")).build();
 * entry.write(Path.of("leaderboard/Qwen3-0.6B/0fewshots/run.yaml"));
 * }</pre>
 */
public final class LeaderboardYaml {

  /** Largest YAML or JSON file read (run metadata, a leaderboard entry); larger ones are refused. */
  public static final long MAX_FILE_BYTES = 1024 * 1024;

  static final YAMLMapper YAML = YAMLMapper.builder(YAMLFactory.builder()
          .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
          .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
          .disable(YAMLGenerator.Feature.SPLIT_LINES)
          .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
          .build())
      .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
      .build();
  private static final ObjectMapper JSON = JsonMapper.builder().build();
  private static final TypeReference<Object> ANY = new TypeReference<>() {
  };

  private final Map<String, Object> record;

  private LeaderboardYaml(Map<String, Object> record) {
    this.record = record;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The entry as nested maps in key order (a copy: changing it changes nothing here). */
  public Map<String, Object> record() {
    return deepCopy(record);
  }

  /** The entry as YAML text. */
  public String toYaml() {
    try {
      return YAML.writeValueAsString(record);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot render a map of plain values as YAML", e);
    }
  }

  /** Writes the entry to {@code file} atomically (UTF-8), creating parent directories. */
  public void write(Path file) throws IOException {
    byte[] bytes = toYaml().getBytes(StandardCharsets.UTF_8);
    ReportFiles.write(file, out -> out.write(bytes));
  }

  /**
   * Reads a run-metadata file: one YAML or JSON mapping (JSON when the name ends in {@code .json}).
   *
   * @throws IllegalArgumentException when the file is not a mapping, too large or malformed; the message names
   *     the file and the fix
   * @throws IOException when the file cannot be read
   */
  public static Map<String, Object> readMetadata(Path file) throws IOException {
    Object value = parse(file);
    if (!(value instanceof Map<?, ?> map)) {
      throw new IllegalArgumentException(file + ": run metadata must be one mapping (YAML or JSON object), e.g. "
          + "{\"type\": \"open-source\", \"inference\": {\"backend\": \"vllm\"}}");
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> mapping = (Map<String, Object>) map;
    return mapping;
  }

  /** Parses a bounded YAML (or, by name, JSON) file into plain values. */
  @SuppressWarnings("deprecation")   // Jackson's wrapper is the one YAML exception that carries SnakeYAML's marks
  static Object parse(Path file) throws IOException {
    // a device or pipe (a link to /dev/zero, a FIFO) reports size 0 and reads for ever: regular files only,
    // and the bound is on the bytes read, not on what the file system says
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException(file + (Files.exists(file) ? ": not a regular file (a directory, device or "
          + "pipe); give a YAML or JSON file" : ": file not found; check the path"));
    }
    byte[] bytes;
    try (java.io.InputStream in = Files.newInputStream(file)) {
      bytes = in.readNBytes((int) MAX_FILE_BYTES + 1);
    }
    if (bytes.length > MAX_FILE_BYTES) {
      throw new IllegalArgumentException(file + ": more than the " + MAX_FILE_BYTES
          + " bytes a leaderboard entry or run metadata may have; give the entry alone");
    }
    ObjectMapper mapper = file.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".json")
        ? JSON : YAML;
    // decoded leniently, bytes that are not UTF-8 became U+FFFD and went on into the leaderboard entry unsaid
    java.util.Optional<String> notUtf8 = dev.llmsql.files.Utf8Text.check(bytes);
    if (notUtf8.isPresent()) {
      throw new IllegalArgumentException(file + ": " + notUtf8.get());
    }
    String text = new String(bytes, StandardCharsets.UTF_8);
    try {
      return mapper.readValue(text, ANY);
    } catch (com.fasterxml.jackson.dataformat.yaml.snakeyaml.error.MarkedYAMLException e) {
      throw new IllegalArgumentException(file + ": not valid YAML " + yamlProblem(e) + "; fix the file", e);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      String why = mapper == JSON ? dev.llmsql.files.JsonSyntax.describe(e, text)
          : e.getLocation() == null ? "" : "at line " + e.getLocation().getLineNr() + ", column "
              + e.getLocation().getColumnNr();
      throw new IllegalArgumentException(file + ": not valid " + (mapper == JSON ? "JSON " : "YAML ") + why
          + "; fix the file", e);
    }
  }

  /**
   * Where and what SnakeYAML found, in plain words: its problem text ("mapping values are not allowed here") is
   * plain already; its marks count from 0 and its message adds a snippet and Jackson's source description.
   */
  @SuppressWarnings("deprecation")
  private static String yamlProblem(com.fasterxml.jackson.dataformat.yaml.snakeyaml.error.MarkedYAMLException e) {
    var mark = e.getProblemMark();
    String problem = e.getProblem() == null ? "invalid YAML" : e.getProblem();
    String plain = switch (problem) {
      case "mapping values are not allowed here" -> "a ':' where no 'key: value' can start (indent nested keys "
          + "under their parent, or quote a value that holds ': ')";
      case "could not find expected ':'" -> "expected ':' after a key (write 'key: value')";
      default -> problem.startsWith("found character '\\t") ? "a tab; YAML indents with spaces only"
          : problem.replace("<block end>", "the end of the block").replace("<block mapping start>", "a new key")
              .replace("<scalar>", "a value").replace("<stream end>", "the end of the file");
    };
    String context = e.getContext() == null || plain.startsWith("a tab") ? "" : " (" + e.getContext() + ")";
    return (mark == null ? "" : "at line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1) + ": ")
        + plain + context;
  }

  /** {@code base} with {@code override} merged in: nested mappings merge, other values replace; both kept. */
  static Map<String, Object> deepMerge(Map<String, Object> base, Map<String, Object> override) {
    Map<String, Object> merged = deepCopy(base);
    for (Map.Entry<String, Object> e : override.entrySet()) {
      Object mine = merged.get(e.getKey());
      if (e.getValue() instanceof Map<?, ?> theirs && mine instanceof Map<?, ?> ours) {
        merged.put(e.getKey(), deepMerge(stringKeys(ours), stringKeys(theirs)));
      } else {
        merged.put(e.getKey(), copy(e.getValue()));
      }
    }
    return merged;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> stringKeys(Map<?, ?> map) {
    return (Map<String, Object>) map;
  }

  private static Map<String, Object> deepCopy(Map<String, Object> map) {
    Map<String, Object> copy = new LinkedHashMap<>();
    map.forEach((k, v) -> copy.put(String.valueOf(k), copy(v)));
    return copy;
  }

  private static Object copy(Object value) {
    if (value instanceof Map<?, ?> map) {
      return deepCopy(stringKeys(map));
    }
    if (value instanceof List<?> list) {
      List<Object> copy = new ArrayList<>();
      list.forEach(v -> copy.add(copy(v)));
      return copy;
    }
    return value;
  }

  /** Python's {@code round(accuracy, 4)} as YAML shows it: {@code 0.6667}, {@code 1.0}, {@code 0.0005}. */
  static BigDecimal fourDecimals(double accuracy) {
    BigDecimal rounded = new BigDecimal(accuracy).setScale(4, RoundingMode.HALF_EVEN).stripTrailingZeros();
    return rounded.scale() < 1 ? rounded.setScale(1) : rounded;
  }

  /** This library's version, from the build; {@code "unknown"} when run from classes without it. */
  static String detectToolVersion() {
    try (InputStream in = LeaderboardYaml.class.getResourceAsStream("llmsql-java.properties")) {
      if (in == null) {
        return "unknown";
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }

  /** The operating system as upstream names it: os-release's PRETTY_NAME, else Java's name and version. */
  static String detectOsName() {
    Path osRelease = Path.of("/etc/os-release");
    try {
      if (Files.isRegularFile(osRelease) && Files.size(osRelease) < 64 * 1024) {
        for (String line : Files.readAllLines(osRelease, StandardCharsets.UTF_8)) {
          if (line.startsWith("PRETTY_NAME=")) {
            String value = line.substring("PRETTY_NAME=".length()).strip();
            if (value.length() >= 2 && (value.startsWith("\"") || value.startsWith("'"))
                && value.endsWith(value.substring(0, 1))) {
              value = value.substring(1, value.length() - 1);
            }
            if (!value.isEmpty()) {
              return value;
            }
          }
        }
      }
    } catch (IOException | UncheckedIOException unreadable) {
      // fall back to what the JVM knows, as upstream falls back to platform.platform()
    }
    return System.getProperty("os.name") + " " + System.getProperty("os.version");
  }

  /** Options of a {@link LeaderboardYaml}; the report is required. */
  public static final class Builder {
    private EvaluationReport report;
    private String modelName;
    private String answersPath;
    private Map<String, Object> runMetadata = Map.of();
    private LocalDate date;
    private String version;
    private String osName;
    private String toolVersion;
    private final Map<String, Object[]> given = new java.util.HashMap<>();
    private final List<String> conflicts = new java.util.ArrayList<>();

    private Builder() {
    }

    /** {@code value}, noting a conflict when {@code setting} was given another value before. */
    private <T> T once(String setting, T value, String shown) {
      Object[] before = given.putIfAbsent(setting, new Object[] {value, shown});
      if (before != null && !before[0].equals(value)) {
        conflicts.add(setting + "(" + before[1] + ") and " + setting + "(" + shown + ") conflict; set " + setting
            + " once");
      }
      return value;
    }

    /** The evaluation whose accuracy and size the entry reports (accuracy over its predictions, its total). */
    public Builder report(EvaluationReport report) {
      this.report = once("report", requireNonNull(report, "report"), "...");
      return this;
    }

    /** {@code model.name}; default the report's model name, else null. */
    public Builder modelName(String modelName) {
      this.modelName = once("modelName", requireNonNull(modelName, "modelName"), modelName);
      return this;
    }

    /**
     * {@code results.answers_path}: where the evaluated predictions are (the predictions file as given). Left
     * unset it is null, what upstream writes for in-memory predictions.
     */
    public Builder answersPath(String answersPath) {
      this.answersPath = once("answersPath", requireNonNull(answersPath, "answersPath"), answersPath);
      return this;
    }

    /** A mapping deep-merged on top of the entry (not modified, nor kept: a copy is merged). */
    public Builder runMetadata(Map<String, ?> runMetadata) {
      @SuppressWarnings("unchecked")
      Map<String, Object> copy = deepCopy((Map<String, Object>) requireNonNull(runMetadata, "runMetadata"));
      this.runMetadata = once("runMetadata", copy, "...");
      return this;
    }

    /** {@code date}; default today in the JVM's time zone (upstream: {@code date.today()}). */
    public Builder date(LocalDate date) {
      this.date = once("date", requireNonNull(date, "date"), String.valueOf(date));
      return this;
    }

    /** {@code version}, the benchmark's; default the report's version. */
    public Builder version(String version) {
      this.version = once("version", requireNonNull(version, "version"), version);
      return this;
    }

    /** {@code os_name}; default detected (os-release PRETTY_NAME). */
    public Builder osName(String osName) {
      this.osName = once("osName", requireNonNull(osName, "osName"), osName);
      return this;
    }

    /** {@code llmsql.version}; default this library's version. */
    public Builder toolVersion(String toolVersion) {
      this.toolVersion = once("toolVersion", requireNonNull(toolVersion, "toolVersion"), toolVersion);
      return this;
    }

    /**
     * The entry.
     *
     * @throws IllegalStateException without a report, with an answers path for in-memory predictions, or with a
     *     setting given twice with different values
     */
    public LeaderboardYaml build() {
      if (!conflicts.isEmpty()) {
        throw new IllegalStateException(String.join("; ", conflicts));
      }
      if (report == null) {
        throw new IllegalStateException("report(...) is required: the entry reports its accuracy");
      }
      if (answersPath != null && report.inputMode() == InputMode.DICT_LIST) {
        throw new IllegalStateException("answersPath(...) was given, but the report's predictions were in "
            + "memory (input_mode dict_list); upstream writes null there, so leave it unset");
      }
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("date", (date != null ? date : LocalDate.now()).toString());
      Map<String, Object> model = new LinkedHashMap<>();
      model.put("name", modelName != null ? modelName : report.modelName().orElse(null));
      for (String key : List.of("revision", "commit_hash", "parameter_count", "dtype", "thinking")) {
        model.put(key, null);
      }
      r.put("model", model);
      r.put("type", null);
      Map<String, Object> tool = new LinkedHashMap<>();
      tool.put("version", toolVersion != null ? toolVersion : detectToolVersion());
      tool.put("commit_hash", null);
      r.put("llmsql", tool);
      r.put("version", version != null ? version : report.version().orElse(null));
      r.put("os_name", osName != null ? osName : detectOsName());
      r.put("python_version", null);
      r.put("pip_freeze", null);
      r.put("device", null);
      Map<String, Object> inference = new LinkedHashMap<>();
      inference.put("backend", null);
      inference.put("arguments", new LinkedHashMap<>());
      r.put("inference", inference);
      Map<String, Object> results = new LinkedHashMap<>();
      results.put("execution_accuracy", fourDecimals(report.accuracy()));
      results.put("num_samples", report.total());
      results.put("answers_path", answersPath);
      r.put("results", results);
      return new LeaderboardYaml(Collections.unmodifiableMap(deepMerge(r, runMetadata)));
    }
  }
}
