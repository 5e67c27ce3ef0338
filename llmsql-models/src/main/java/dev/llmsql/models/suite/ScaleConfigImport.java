package dev.llmsql.models.suite;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmsql.report.ReportFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns SCALE's own {@code dataset_config.py} into a suite config (the JSON that
 * {@link CapabilitySuite.Builder#dataset(java.nio.file.Path, java.nio.file.Path)} reads), so a SCALE
 * user keeps their weights, evaluation types and prompts. The Python file is read, never run: the
 * {@code DATASET_CONFIG} literal gives each capability's metric files with {@code evaluation_type} and
 * {@code indicator_ability_weights}; each {@code target_model_prompt} / {@code judge_model_prompt} function is
 * translated into a prompt file when it is the usual shape (assignments from {@code case.get("field")} or
 * {@code model_answer}, then one {@code return f"""..."""}): {@code {var}} becomes {@code {{field}}} (or
 * {@code {{answer}}}), {@code {{ }}} become braces. A function that computes more (loops, conditions, helper
 * calls) is written out as far as it goes and named in {@link #notes()} for a person to check; a judge prompt
 * that cannot be translated at all is left out, so the stock judge prompt is used.
 *
 * <pre>{@code
 * ScaleConfigImport imported = ScaleConfigImport.read(Path.of("evaluator/config/dataset_config.py"));
 * imported.write(Path.of("my-suite.json"));       // plus prompts/*.txt beside it
 * imported.notes().forEach(System.err::println);
 * }</pre>
 *
 * @param config the suite config, as the suite builder reads it
 * @param prompts prompt file (relative to the config) to its text
 * @param notes what a person should check, one line each
 */
public record ScaleConfigImport(ObjectNode config, Map<String, String> prompts, List<String> notes) {

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final Pattern DEF = Pattern.compile("(?m)^def\\s+([A-Za-z_]\\w*)\\s*\\(([^)]*)\\)[^:]*:\\s*$");
  private static final Pattern DOCSTRING = Pattern.compile("^\\s*\"\"\"[\\s\\S]*?\"\"\"");
  private static final Pattern RETURN_F = Pattern.compile("return\\s+f\"\"\"(.*?)\"\"\"", Pattern.DOTALL);
  private static final Pattern GET = Pattern.compile(
      "case\\.get\\(\\s*['\"]([A-Za-z_]\\w*)['\"]\\s*(?:,[^)]*)?\\)(?:\\s*or\\s*['\"]{2})?");
  private static final Pattern JOIN = Pattern.compile(
      "['\"]\\\\n['\"]\\.join\\(\\s*case\\.get\\(\\s*['\"]([A-Za-z_]\\w*)['\"]\\s*(?:,[^)]*)?\\)\\s*\\)");

  public ScaleConfigImport {
    requireNonNull(config, "config");
    prompts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(prompts));
    notes = List.copyOf(notes);
  }

  /**
   * Reads SCALE's {@code dataset_config.py}.
   *
   * @throws SuiteFormatException when it has no {@code DATASET_CONFIG = {...}} literal of the known shape,
   *     naming the line and the fix
   */
  public static ScaleConfigImport read(Path datasetConfig) {
    requireNonNull(datasetConfig, "datasetConfig");
    String source;
    try {
      source = dev.llmsql.benchmark.BoundedLineReader.readWhole(datasetConfig);
    } catch (java.nio.file.NoSuchFileException e) {
      // its message is the path alone: "cannot read X: X"
      throw new java.io.UncheckedIOException(datasetConfig + ": file not found; check the path", e);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot read " + datasetConfig + ": " + e.getMessage(), e);
    }
    source = source.replace("\r\n", "\n");
    int at = source.indexOf("DATASET_CONFIG");
    Matcher start = Pattern.compile("(?m)^DATASET_CONFIG\\s*(?::[^=]*)?=\\s*\\{").matcher(source);
    if (at < 0 || !start.find()) {
      throw new SuiteFormatException(datasetConfig, 0, "no DATASET_CONFIG = {...} found; give SCALE's "
          + "evaluator/config/dataset_config.py");
    }
    PyLiteral parser = new PyLiteral(datasetConfig, source, start.end() - 1);
    Object literal = parser.value();
    Map<String, String> functions = functions(source);
    ObjectNode config = JSON.createObjectNode();
    config.put("name", "imported from SCALE " + datasetConfig.getFileName());
    ObjectNode capabilities = config.putObject("capabilities");
    Map<String, String> prompts = new LinkedHashMap<>();
    List<String> notes = new ArrayList<>();
    for (Map.Entry<String, Object> cap : dict(parser, literal, "DATASET_CONFIG").entrySet()) {
      ObjectNode metrics = capabilities.putObject(cap.getKey());
      for (Map.Entry<String, Object> file : dict(parser, cap.getValue(), cap.getKey()).entrySet()) {
        String metric = file.getKey().endsWith(".jsonl")
            ? file.getKey().substring(0, file.getKey().length() - ".jsonl".length()) : file.getKey();
        String where = cap.getKey() + "/" + file.getKey();
        Map<String, Object> m = dict(parser, file.getValue(), where);
        ObjectNode out = metrics.putObject(metric);
        Object weight = m.get("indicator_ability_weights");
        if (weight instanceof Long w) {
          out.put("weight", w);
        } else {
          notes.add(where + ": no indicator_ability_weights, so it is not scored (as in SCALE)");
        }
        out.put("evaluation", String.valueOf(m.getOrDefault("evaluation_type", "objective")));
        Object target = m.get("target_model_prompt");
        String targetFile = "prompts/" + cap.getKey() + "/" + metric + ".txt";
        prompts.put(targetFile, translate(target, functions, where + " target_model_prompt", notes, true));
        out.put("prompt_file", targetFile);
        Object judge = m.get("judge_model_prompt");
        if (judge != null) {
          String judgeText = translate(judge, functions, where + " judge_model_prompt", notes, false);
          if (judgeText != null) {
            String judgeFile = "prompts/" + cap.getKey() + "/" + metric + ".judge.txt";
            prompts.put(judgeFile, judgeText);
            out.put("judge_prompt_file", judgeFile);
          }
        }
      }
    }
    Matcher difficulty = Pattern.compile("DIFFICULTY_WEIGHTS_CONFIG\\s*=\\s*\\{([^}]*)}").matcher(source);
    if (difficulty.find() && !difficulty.group(1).replaceAll("\\s", "").replace('"', '\'')
        .matches("'1':1,'2':2,'3':3,?")) {
      notes.add("DIFFICULTY_WEIGHTS_CONFIG differs from 1/2/3; suites weigh a case by its difficulty 1 to 3");
    }
    return new ScaleConfigImport(config, prompts, notes);
  }

  /** Writes the config to {@code configFile} and the prompt files beside it; returns the files written. */
  public List<Path> write(Path configFile) throws IOException {
    requireNonNull(configFile, "configFile");
    Path dir = configFile.toAbsolutePath().getParent();
    List<Path> written = new ArrayList<>();
    for (Map.Entry<String, String> p : prompts.entrySet()) {
      Path file = dir.resolve(p.getKey());
      java.nio.file.Files.createDirectories(file.getParent());
      byte[] text = p.getValue().getBytes(StandardCharsets.UTF_8);
      ReportFiles.write(file, out -> out.write(text));
      written.add(file);
    }
    byte[] json = (JSON.writeValueAsString(config) + "\n").getBytes(StandardCharsets.UTF_8);
    ReportFiles.write(configFile, out -> out.write(json));
    written.add(configFile);
    return written;
  }

  /** Top-level {@code def name(...)} to its body. */
  private static Map<String, String> functions(String source) {
    Map<String, String> bodies = new LinkedHashMap<>();
    Matcher def = DEF.matcher(source);
    List<int[]> spans = new ArrayList<>();
    List<String> names = new ArrayList<>();
    while (def.find()) {
      names.add(def.group(1));
      spans.add(new int[] {def.end(), 0});
    }
    for (int i = 0; i < spans.size(); i++) {
      int from = spans.get(i)[0];
      // prompt text inside the f-string may start at column 0, so the body ends at the next def or assignment
      Matcher next = Pattern.compile("(?m)^(def\\s|[A-Za-z_]\\w*\\s*(:[^=\\n]*)?=[^=])").matcher(source);
      int to = next.find(from + 1) ? next.start() : source.length();
      bodies.put(names.get(i), source.substring(from, to));
    }
    return bodies;
  }

  /**
   * The prompt of function {@code ref} with {@code {{field}}} placeholders; for a target prompt that cannot be
   * translated fully, its text as far as it goes (noted); for such a judge prompt, null (noted).
   */
  private static String translate(Object ref, Map<String, String> functions, String where, List<String> notes,
                                  boolean target) {
    String name = ref instanceof PyLiteral.Name n ? n.name() : null;
    String body = name == null ? null : functions.get(name);
    if (body == null) {
      notes.add(where + ": " + (name == null ? "not a function name" : "function " + name + " not found")
          + (target ? "; write its prompt into the prompt file" : "; the stock judge prompt is used"));
      return target ? "" : null;
    }
    Matcher ret = RETURN_F.matcher(body);
    if (!ret.find()) {
      notes.add(where + ": " + name + " does not return one f\"\"\"...\"\"\" string"
          + (target ? "; write its prompt into the prompt file" : "; the stock judge prompt is used"));
      return target ? "" : null;
    }
    Map<String, String> vars = new LinkedHashMap<>();
    boolean simple = true;
    // the docstring, if any, is text, not a statement
    String statements = DOCSTRING.matcher(body.substring(0, ret.start())).replaceFirst("");
    for (String raw : statements.split("\n")) {
      String line = raw.strip();
      if (line.isEmpty() || line.startsWith("#") || line.startsWith("\"\"\"") || !raw.startsWith("    ")
          || raw.startsWith("        ")) {
        continue;
      }
      Matcher assign = Pattern.compile("([A-Za-z_]\\w*)\\s*=\\s*(.+)").matcher(line);
      if (!assign.matches()) {
        simple = false;
        continue;
      }
      String expr = assign.group(2).strip();
      Matcher get = GET.matcher(expr);
      Matcher join = JOIN.matcher(expr);
      if (get.matches()) {
        vars.put(assign.group(1), get.group(1));
      } else if (join.matches()) {
        vars.put(assign.group(1), join.group(1));
      } else if (expr.equals("model_answer")) {
        vars.put(assign.group(1), "answer");
      } else {
        simple = false;
      }
    }
    vars.putIfAbsent("model_answer", "answer");
    StringBuilder text = new StringBuilder();
    String f = ret.group(1);
    List<String> unknown = new ArrayList<>();
    for (int i = 0; i < f.length(); i++) {
      char c = f.charAt(i);
      if ((c == '{' || c == '}') && i + 1 < f.length() && f.charAt(i + 1) == c) {
        text.append(c);
        i++;
      } else if (c == '{') {
        int end = f.indexOf('}', i);
        String expr = end < 0 ? f.substring(i + 1) : f.substring(i + 1, end);
        Matcher get = GET.matcher(expr.strip());
        String field = vars.containsKey(expr.strip()) ? vars.get(expr.strip()) : get.matches() ? get.group(1) : null;
        if (field == null) {
          unknown.add(expr.strip());
          text.append('{').append(expr).append('}');
        } else {
          text.append("{{").append(field).append("}}");
        }
        i = end < 0 ? f.length() : end;
      } else {
        text.append(c);
      }
    }
    if (!simple || !unknown.isEmpty()) {
      notes.add(where + ": " + name + " computes its prompt in Python"
          + (unknown.isEmpty() ? "" : " (" + String.join(", ", unknown) + ")")
          + (target ? "; check the prompt file" : "; the stock judge prompt is used"));
      if (!target) {
        return null;
      }
    }
    return text.toString().strip() + "\n";
  }

  private static Map<String, Object> dict(PyLiteral parser, Object value, String where) {
    if (!(value instanceof Map<?, ?> map)) {
      throw new SuiteFormatException(parser.file, 0, where + " is not a dict literal; give SCALE's "
          + "dataset_config.py as SCALE ships it");
    }
    Map<String, Object> out = new LinkedHashMap<>();
    map.forEach((k, v) -> out.put(String.valueOf(k), v));
    return out;
  }

  /** A reader of Python dict literals: strings, whole numbers, names (function references), dicts. */
  private static final class PyLiteral {
    record Name(String name) {
    }

    private final Path file;
    private final String s;
    private int i;

    PyLiteral(Path file, String s, int i) {
      this.file = file;
      this.s = s;
      this.i = i;
    }

    /** SCALE nests three dicts (capability, file, metrics); the reader recurses once per level. */
    private static final int MAX_DEPTH = 64;

    private int depth;

    Object value() {
      skip();
      if (i >= s.length()) {
        throw error("the DATASET_CONFIG literal ends early");
      }
      char c = s.charAt(i);
      if (c == '{') {
        if (++depth > MAX_DEPTH) {
          throw error("dicts nested more than " + MAX_DEPTH + " deep; SCALE's config nests three");
        }
        i++;
        Map<String, Object> map = new LinkedHashMap<>();
        while (true) {
          skip();
          if (i < s.length() && s.charAt(i) == '}') {
            i++;
            depth--;
            return map;
          }
          Object key = value();
          skip();
          expect(':');
          Object v = value();
          map.put(String.valueOf(key), v);
          skip();
          if (i < s.length() && s.charAt(i) == ',') {
            i++;
          }
        }
      }
      if (c == '\'' || c == '"') {
        int end = s.indexOf(c, i + 1);
        if (end < 0) {
          throw error("a string is not closed");
        }
        String text = s.substring(i + 1, end);
        i = end + 1;
        return text;
      }
      Matcher m = Pattern.compile("-?\\d+|[A-Za-z_][\\w.]*").matcher(s).region(i, s.length());
      if (m.lookingAt()) {
        i = m.end();
        String token = m.group();
        if (!token.matches("-?\\d+")) {
          return new Name(token);
        }
        try {
          return Long.parseLong(token);
        } catch (NumberFormatException e) {
          throw error("the whole number " + (token.length() > 40 ? token.substring(0, 40) + "..." : token)
              + " is out of range");
        }
      }
      throw error("unexpected '" + c + "'; only dicts, strings, whole numbers and function names are read");
    }

    private void skip() {
      while (i < s.length()) {
        char c = s.charAt(i);
        if (c == '#') {
          while (i < s.length() && s.charAt(i) != '\n') {
            i++;
          }
        } else if (Character.isWhitespace(c)) {
          i++;
        } else {
          return;
        }
      }
    }

    private void expect(char c) {
      if (i >= s.length() || s.charAt(i) != c) {
        throw error("expected '" + c + "'");
      }
      i++;
    }

    private SuiteFormatException error(String what) {
      int line = 1;
      for (int k = 0; k < Math.min(i, s.length()); k++) {
        if (s.charAt(k) == '\n') {
          line++;
        }
      }
      return new SuiteFormatException(file, line, what + " in DATASET_CONFIG; give SCALE's dataset_config.py "
          + "as SCALE ships it");
    }
  }
}
