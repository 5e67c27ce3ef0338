package dev.llmsql.models.judge;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A judge prompt with {@code {{name}}} placeholders. The stock ones are resources ({@code yes-no} and
 * {@code rules}, in {@code dev/llmsql/models/judge/}); callers override them with their own text or file.
 * Placeholders the judges fill: {@value #PLACEHOLDERS}.
 *
 * <pre>{@code
 * PromptTemplate mine = PromptTemplate.of("Is {{predicted_sql}} right for: {{question}}? Reply {\"answer\": \"yes\"|\"no\", \"reason\": \"...\"}");
 * PromptTemplate fromFile = PromptTemplate.file(Path.of("prompts/strict-judge.txt"));
 * }</pre>
 */
public final class PromptTemplate {

  /** Every placeholder an {@link LlmJudge} fills. */
  public static final String PLACEHOLDERS =
      "question, gold_sql, gold_result, predicted_sql, predicted_result, execution_verdict, rules";
  private static final Set<String> KNOWN = Set.of(PLACEHOLDERS.split(", "));
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{\\s*([a-zA-Z_]+)\\s*}}");

  private final String text;

  private PromptTemplate(String text) {
    this.text = text;
    Set<String> unknown = new TreeSet<>(placeholders());
    unknown.removeAll(KNOWN);
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException("prompt template uses unknown placeholder(s) " + unknown
          + "; known: " + PLACEHOLDERS);
    }
  }

  public static PromptTemplate of(String text) {
    return new PromptTemplate(requireNonNull(text, "text"));
  }

  /** A stock template by name: {@code yes-no} or {@code rules}. */
  static PromptTemplate resource(String name) {
    String path = "/dev/llmsql/models/judge/" + name + ".txt";
    try (InputStream in = PromptTemplate.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalArgumentException("no stock prompt template '" + name + "'; known: yes-no, rules");
      }
      return new PromptTemplate(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A template read from a UTF-8 file. */
  public static PromptTemplate file(Path path) {
    try {
      return new PromptTemplate(dev.llmsql.benchmark.BoundedLineReader.readWhole(path));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read prompt template " + path + ": " + e.getMessage(), e);
    }
  }

  /** The placeholders this template uses. */
  public Set<String> placeholders() {
    Set<String> names = new TreeSet<>();
    Matcher m = PLACEHOLDER.matcher(text);
    while (m.find()) {
      names.add(m.group(1));
    }
    return names;
  }

  /** The text with every placeholder replaced; placeholders without a value become empty. */
  public String render(Map<String, String> values) {
    Matcher m = PLACEHOLDER.matcher(text);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      String value = values.getOrDefault(m.group(1), "");
      m.appendReplacement(sb, Matcher.quoteReplacement(value));
    }
    m.appendTail(sb);
    return sb.toString();
  }

  public String text() {
    return text;
  }
}
