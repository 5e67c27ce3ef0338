package dev.llmsql.models.judge;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One judge model's parsed answer. Parsing accepts the JSON object bare, inside a markdown fence, or
 * surrounded by prose (the outermost braces are taken); anything else is malformed.
 *
 * <pre>{@code
 * JudgeAnswer a = JudgeAnswer.parse("```json\n{\"answer\": \"yes\", \"reason\": \"same rows\"}\n```", VerdictForm.YES_NO);
 * a.yes();   // true
 * }</pre>
 *
 * @param yes the yes/no answer (false for the rules form)
 * @param matchedRuleIds the matched rules (empty for the yes/no form)
 * @param reason the judge's reason, empty when not given
 * @param raw the text as received
 */
public record JudgeAnswer(boolean yes, Set<String> matchedRuleIds, String reason, String raw) {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern FENCE = Pattern.compile("```(?:json|JSON)?\\s*(.*?)```", Pattern.DOTALL);

  public JudgeAnswer {
    matchedRuleIds = Set.copyOf(new LinkedHashSet<>(requireNonNull(matchedRuleIds, "matchedRuleIds")));
    requireNonNull(reason, "reason");
    requireNonNull(raw, "raw");
  }

  /**
   * Parses an answer of the given form.
   *
   * @throws IllegalArgumentException when it is not such an answer, saying what is wrong
   */
  public static JudgeAnswer parse(String raw, VerdictForm form) {
    String json = extractJson(raw);
    JsonNode root;
    try {
      root = JSON.readTree(json);
    } catch (Exception e) {
      throw new IllegalArgumentException("no JSON object in the answer");
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("no JSON object in the answer");
    }
    String reason = root.path("reason").isValueNode() ? root.path("reason").asText() : "";
    if (form == VerdictForm.YES_NO) {
      JsonNode answer = root.get("answer");
      String value = answer == null || !answer.isValueNode() ? "" : answer.asText().trim().toLowerCase(Locale.ROOT);
      if (!value.equals("yes") && !value.equals("no")) {
        throw new IllegalArgumentException("\"answer\" must be \"yes\" or \"no\", but was "
            + (answer == null ? "missing" : answer.toString()));
      }
      return new JudgeAnswer(value.equals("yes"), Set.of(), reason, raw);
    }
    JsonNode ids = root.get("matched_rule_ids");
    if (ids == null || !ids.isArray()) {
      throw new IllegalArgumentException("\"matched_rule_ids\" must be a list, but was "
          + (ids == null ? "missing" : ids.toString()));
    }
    Set<String> matched = new LinkedHashSet<>();
    ids.forEach(id -> matched.add(id.asText().trim()));
    return new JudgeAnswer(false, matched, reason, raw);
  }

  private static String extractJson(String raw) {
    String text = raw == null ? "" : raw.trim();
    Matcher fence = FENCE.matcher(text);
    if (fence.find()) {
      text = fence.group(1).trim();
    }
    int open = text.indexOf('{');
    int close = text.lastIndexOf('}');
    return open >= 0 && close > open ? text.substring(open, close + 1) : text;
  }
}
