package dev.llmsql.models.suite;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.llmsql.models.inference.Completions;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reading a target model's answer and SCALE's objective comparison: deep equality where numbers are equal
 * when numerically equal (also written as text: "25.00" equals 25.0), lists compare in order, objects by key.
 *
 * <pre>{@code
 * Answers.equal(Answers.json("{\"total\": \"25.00\"}"), Answers.json("{\"total\": 25}"));   // true
 * }</pre>
 */
final class Answers {

  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
  private static final Pattern FENCE = Pattern.compile("```[a-zA-Z]*\\s*(.*?)```", Pattern.DOTALL);

  private Answers() {
  }

  /**
   * The answer's JSON value: the text without reasoning and code fences, parsed; when it holds no JSON, the
   * text itself as a JSON string (so a bare "yes" still compares with "yes").
   */
  static JsonNode json(String answer) {
    String text = unfenced(Completions.withoutReasoning(answer));
    Optional<JsonNode> parsed = parse(text);
    if (parsed.isPresent()) {
      return parsed.get();
    }
    int object = text.indexOf('{');
    int array = text.indexOf('[');
    int open = object < 0 ? array : array < 0 ? object : Math.min(object, array);
    if (open >= 0) {
      char close = text.charAt(open) == '{' ? '}' : ']';
      int end = text.lastIndexOf(close);
      if (end > open) {
        parsed = parse(text.substring(open, end + 1));
        if (parsed.isPresent()) {
          return parsed.get();
        }
      }
    }
    return TextNode.valueOf(text);
  }

  /**
   * The SQL of an answer: the {@code "sql"} field of a JSON object answer, else the text without reasoning
   * and code fences.
   */
  static String sql(String answer) {
    JsonNode json = json(answer);
    if (json.isObject() && json.path("sql").isTextual()) {
      return json.get("sql").asText().strip();
    }
    return unfenced(Completions.withoutReasoning(answer)).strip();
  }

  /** SCALE's deep equality. */
  static boolean equal(JsonNode a, JsonNode b) {
    if (a == null || b == null) {
      return a == b;
    }
    Optional<BigDecimal> x = number(a);
    Optional<BigDecimal> y = number(b);
    if (x.isPresent() && y.isPresent()) {
      return x.get().compareTo(y.get()) == 0;
    }
    if (a.isArray() && b.isArray()) {
      if (a.size() != b.size()) {
        return false;
      }
      for (int i = 0; i < a.size(); i++) {
        if (!equal(a.get(i), b.get(i))) {
          return false;
        }
      }
      return true;
    }
    if (a.isObject() && b.isObject()) {
      if (a.size() != b.size()) {
        return false;
      }
      for (Map.Entry<String, JsonNode> e : a.properties()) {
        if (!b.has(e.getKey()) || !equal(e.getValue(), b.get(e.getKey()))) {
          return false;
        }
      }
      return true;
    }
    if (a.isTextual() && b.isTextual()) {
      return a.asText().strip().equals(b.asText().strip());
    }
    return a.equals(b);
  }

  /**
   * A number, or text that is one ("25.00"); booleans are not numbers. An infinite value ({@code 1e999} as
   * JSON, or from SQL) and text whose exponent no BigDecimal holds ("1e9999999999") are not numbers here:
   * they are compared as they are, so they differ from any finite expected value instead of failing the case
   * (a failed case leaves the score, so such an answer raised it).
   */
  private static Optional<BigDecimal> number(JsonNode n) {
    if (n.isNumber()) {
      boolean infinite = (n.isDouble() || n.isFloat()) && !Double.isFinite(n.doubleValue());
      return infinite ? Optional.empty() : Optional.of(n.decimalValue());
    }
    if (n.isTextual()) {
      String t = n.asText().strip();
      if (t.matches("[-+]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?")) {
        try {
          return Optional.of(new BigDecimal(t));
        } catch (NumberFormatException exponentOverflow) {
          return Optional.empty();
        }
      }
    }
    return Optional.empty();
  }

  private static Optional<JsonNode> parse(String text) {
    try {
      JsonNode node = JSON.readTree(text);
      return node == null || node.isMissingNode() ? Optional.empty() : Optional.of(node);
    } catch (Exception e) {
      return Optional.empty();
    }
  }

  private static String unfenced(String text) {
    int open = text.indexOf("```");
    if (open < 0 || text.indexOf("```", open + 3) < 0) {
      // no closing fence, so no match: the regex would find that out by scanning to the end once per letter
      // or space after the opening one (an answer of "```" and 4 MB of letters took hours)
      return text.strip();
    }
    Matcher fence = FENCE.matcher(text);
    return fence.find() ? fence.group(1).strip() : text.strip();
  }
}
