package dev.llmsql.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import dev.llmsql.prediction.InputMode;
import dev.llmsql.prediction.InvalidInputException;
import dev.llmsql.prediction.Prediction;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Predictions as given: a JSONL file (read line by line, twice: once to validate, once to evaluate, so memory
 * does not grow with the file) or a list. Each entry is normalised to a {@link Entry}.
 */
public abstract class PredictionInput {

  static final ObjectMapper MAPPER = new ObjectMapper();

  /** One prediction as read, with what was wrong with its fields. */
  public record Entry(String location, Integer questionId, String rawQuestionId, String completion,
                      CompletionState completionState) { }

  /** Whether the completion field was usable. */
  public enum CompletionState { PRESENT, MISSING, NOT_A_STRING }

  public static PredictionInput jsonl(Path file) {
    return new Jsonl(file);
  }

  public static PredictionInput list(List<?> items) {
    return new ListInput(items);
  }

  public abstract InputMode mode();

  /** Checks every entry can be read; throws {@link InvalidInputException} at the first that cannot. */
  public abstract long validate();

  /** Streams every entry in input order. */
  public abstract void forEach(Consumer<Entry> consumer);

  private static final class Jsonl extends PredictionInput {
    private final Path file;

    Jsonl(Path file) {
      this.file = file;
    }

    @Override
    public InputMode mode() {
      return InputMode.JSONL_PATH;
    }

    @Override
    public long validate() {
      long[] count = {0};
      forEach(e -> count[0]++);
      return count[0];
    }

    @Override
    public void forEach(Consumer<Entry> consumer) {
      try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        String line;
        long lineNo = 0;
        while ((line = reader.readLine()) != null) {
          lineNo++;
          if (line.isBlank()) {
            continue;
          }
          String location = file + ":" + lineNo;
          JsonNode node;
          try {
            node = MAPPER.readTree(line);
          } catch (IOException e) {
            throw new InvalidInputException(location, "not valid JSON (" + firstLine(e.getMessage())
                + "); each line must be one JSON object such as "
                + "{\"question_id\": 1, \"completion\": \"SELECT ...\"}", e);
          }
          if (node == null || !node.isObject()) {
            throw new InvalidInputException(location, "expected a JSON object but found "
                + (node == null ? "nothing" : node.getNodeType().toString().toLowerCase())
                + "; each line must look like {\"question_id\": 1, \"completion\": \"SELECT ...\"}");
          }
          consumer.accept(fromJson(location, node));
        }
      } catch (NoSuchFileException e) {
        throw new InvalidInputException(file.toString(), "predictions file not found ("
            + file.toAbsolutePath() + "); check the path given to --outputs");
      } catch (java.nio.charset.MalformedInputException e) {
        throw new InvalidInputException(file.toString(), "not UTF-8 text; save the predictions as UTF-8 JSONL", e);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read predictions file " + file + ": " + e.getMessage(), e);
      }
    }

    private static Entry fromJson(String location, JsonNode node) {
      JsonNode id = node.get("question_id");
      Integer questionId = null;
      String rawId = id == null ? null : id.toString();
      if (id != null) {
        if (id.isIntegralNumber() && id.canConvertToInt()) {
          questionId = id.intValue();
        } else if (id.isNumber()) {
          questionId = integral(id.decimalValue());
        } else if (id.isTextual()) {
          questionId = parseInt(id.textValue());
        }
      }
      JsonNode completion = node.get("completion");
      if (completion == null || completion.isNull()) {
        JsonNode legacy = node.get("predicted_sql");
        if (legacy != null && !legacy.isNull()) {
          completion = legacy;
        }
      }
      if (completion == null || completion.getNodeType() == JsonNodeType.NULL) {
        return new Entry(location, questionId, rawId, null, CompletionState.MISSING);
      }
      if (!completion.isTextual()) {
        return new Entry(location, questionId, rawId, null, CompletionState.NOT_A_STRING);
      }
      return new Entry(location, questionId, rawId, completion.textValue(), CompletionState.PRESENT);
    }

    private static String firstLine(String message) {
      if (message == null) {
        return "parse error";
      }
      int nl = message.indexOf('\n');
      return nl < 0 ? message : message.substring(0, nl);
    }
  }

  private static final class ListInput extends PredictionInput {
    private final List<?> items;

    ListInput(List<?> items) {
      this.items = items;
    }

    @Override
    public InputMode mode() {
      return InputMode.DICT_LIST;
    }

    @Override
    public long validate() {
      for (int i = 0; i < items.size(); i++) {
        Object item = items.get(i);
        if (!(item instanceof Prediction) && !(item instanceof Map)) {
          throw new InvalidInputException("predictions[" + i + "]", "expected a Prediction or a Map with "
              + "\"question_id\" and \"completion\", but got "
              + (item == null ? "null" : item.getClass().getName()));
        }
      }
      return items.size();
    }

    @Override
    public void forEach(Consumer<Entry> consumer) {
      for (int i = 0; i < items.size(); i++) {
        String location = "predictions[" + i + "]";
        Object item = items.get(i);
        if (item instanceof Prediction p) {
          consumer.accept(new Entry(location, p.questionId(), Integer.toString(p.questionId()),
              p.completion(), CompletionState.PRESENT));
        } else {
          consumer.accept(fromMap(location, (Map<?, ?>) item));
        }
      }
    }

    private static Entry fromMap(String location, Map<?, ?> map) {
      Object id = map.get("question_id");
      Integer questionId = null;
      if (id instanceof Integer || id instanceof Long || id instanceof Short || id instanceof Byte) {
        long v = ((Number) id).longValue();
        questionId = v == (int) v ? (int) v : null;
      } else if (id instanceof Number n) {
        questionId = integral(new BigDecimal(n.toString()));
      } else if (id instanceof CharSequence s) {
        questionId = parseInt(s.toString());
      }
      Object completion = map.get("completion");
      if (completion == null) {
        completion = map.get("predicted_sql");
      }
      String rawId = id == null ? null : id.toString();
      if (completion == null) {
        return new Entry(location, questionId, rawId, null, CompletionState.MISSING);
      }
      if (!(completion instanceof CharSequence)) {
        return new Entry(location, questionId, rawId, null, CompletionState.NOT_A_STRING);
      }
      return new Entry(location, questionId, rawId, completion.toString(), CompletionState.PRESENT);
    }
  }

  static Integer parseInt(String text) {
    try {
      return Integer.valueOf(text.strip());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  static Integer integral(BigDecimal value) {
    try {
      return value.stripTrailingZeros().scale() <= 0 ? value.intValueExact() : null;
    } catch (ArithmeticException e) {
      return null;
    }
  }
}
