package dev.llmsql.engine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmsql.benchmark.Llmsql2Fields;
import dev.llmsql.execution.QueryResult;
import dev.llmsql.prediction.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Parses the optional question fields: {@code sql} as a string or a list of alternatives,
 * {@code difficulty}, {@code tags}, {@code ordered} and {@code gold_results} (Falcon's column-oriented
 * expected results, one object or a list of alternatives).
 */
final class GoldFields {

  private GoldFields() {
  }

  static List<String> sql(String location, JsonNode node, boolean hasResults) {
    if (node == null || node.isNull()) {
      if (hasResults) {
        return List.of();
      }
      throw new InvalidInputException(location, "missing \"sql\"; every question needs "
          + "question_id, question, sql and table_id (or db_id)");
    }
    if (node.isTextual()) {
      return List.of(node.textValue());
    }
    if (node.isArray() && node.size() > 0) {
      List<String> all = new ArrayList<>();
      for (JsonNode item : node) {
        if (!item.isTextual()) {
          throw new InvalidInputException(location, "\"sql\" alternatives must be strings, but one was " + item);
        }
        all.add(item.textValue());
      }
      return all;
    }
    throw new InvalidInputException(location, "\"sql\" must be a string or a non-empty list of strings "
        + "(alternative gold queries), but was " + node);
  }

  /**
   * The difficulty as our breakdowns and SCALE's weights read it: 1, 2 or 3, also as easy/medium/hard, BIRD's
   * simple/moderate/challenging and Spider's extra, in any case; 0 for none and for any other label, which
   * counts in the totals only (as BIRD and SCALE count a label they do not know) instead of stopping the run.
   * BIRD's own table reads the raw field ({@code BirdScores.level}).
   */
  static int difficulty(JsonNode node) {
    if (node == null || node.isNull()) {
      return 0;
    }
    String text = node.isNumber() ? node.asText() : node.isTextual() ? node.textValue().trim() : "";
    return switch (text.toLowerCase(Locale.ROOT)) {
      case "1", "easy", "simple" -> 1;
      case "2", "medium", "moderate" -> 2;
      case "3", "hard", "challenging", "extra", "extra hard" -> 3;
      default -> 0;
    };
  }

  static List<String> tags(String location, JsonNode node) {
    if (node == null || node.isNull()) {
      return List.of();
    }
    if (node.isTextual()) {
      return Arrays.stream(node.textValue().split(",")).map(String::trim).filter(t -> !t.isEmpty()).toList();
    }
    if (node.isArray()) {
      List<String> tags = new ArrayList<>();
      for (JsonNode item : node) {
        if (!item.isTextual()) {
          throw new InvalidInputException(location, "\"tags\" must be strings, but one was " + item);
        }
        tags.add(item.textValue());
      }
      return tags;
    }
    throw new InvalidInputException(location, "\"tags\" must be a list of strings or a comma-separated "
        + "string, but was " + node);
  }

  static Boolean ordered(String location, JsonNode node) {
    if (node == null || node.isNull()) {
      return null;
    }
    if (node.isBoolean()) {
      return node.booleanValue();
    }
    String text = node.asText().trim().toLowerCase(Locale.ROOT);
    return switch (text) {
      case "true", "yes", "1" -> true;
      case "false", "no", "0" -> false;
      default -> throw new InvalidInputException(location, "\"ordered\" must be true or false, but was " + node);
    };
  }

  static List<QueryResult> results(String location, JsonNode node) {
    if (node == null || node.isNull()) {
      return List.of();
    }
    List<QueryResult> results = new ArrayList<>();
    if (node.isObject()) {
      results.add(result(location, node));
    } else if (node.isArray()) {
      for (JsonNode item : node) {
        results.add(result(location, item));
      }
    } else {
      throw new InvalidInputException(location, "\"gold_results\" must be an object such as "
          + "{\"gender\": [\"Female\", \"Male\"], \"avg_age\": [27.73, 27.84]} or a list of such objects, but was "
          + node);
    }
    return results;
  }

  /** One result: column-oriented {@code {"col": [values]}} or row-oriented {@code {"columns", "rows"}}. */
  private static QueryResult result(String location, JsonNode node) {
    if (!node.isObject()) {
      throw new InvalidInputException(location, "each gold result must be a JSON object of columns, but was "
          + node);
    }
    if (node.size() == 2 && node.has("columns") && node.has("rows") && node.get("rows").isArray()) {
      List<String> columns = new ArrayList<>();
      node.get("columns").forEach(c -> columns.add(c.asText()));
      List<List<Object>> rows = new ArrayList<>();
      for (JsonNode row : node.get("rows")) {
        if (!row.isArray() || row.size() != columns.size()) {
          throw new InvalidInputException(location, "each gold result row must be a list of " + columns.size()
              + " values (one per column), but was " + row);
        }
        List<Object> cells = new ArrayList<>();
        row.forEach(cell -> cells.add(cell(cell, false)));
        rows.add(java.util.Collections.unmodifiableList(cells));
      }
      return new QueryResult(columns, rows);
    }
    List<String> columns = new ArrayList<>();
    List<JsonNode> values = new ArrayList<>();
    int height = -1;
    for (Map.Entry<String, JsonNode> column : node.properties()) {
      if (!column.getValue().isArray()) {
        throw new InvalidInputException(location, "gold result column \"" + column.getKey()
            + "\" must be a list of values, but was " + column.getValue());
      }
      if (height >= 0 && column.getValue().size() != height) {
        throw new InvalidInputException(location, "gold result columns must have equal lengths, but \""
            + column.getKey() + "\" has " + column.getValue().size() + " values and \"" + columns.get(0)
            + "\" has " + height);
      }
      height = column.getValue().size();
      columns.add(column.getKey());
      values.add(column.getValue());
    }
    List<List<Object>> rows = new ArrayList<>();
    for (int r = 0; r < Math.max(height, 0); r++) {
      List<Object> cells = new ArrayList<>();
      for (JsonNode column : values) {
        cells.add(cell(column.get(r), false));
      }
      rows.add(java.util.Collections.unmodifiableList(cells));
    }
    return new QueryResult(columns, rows);
  }

  /**
   * The LLMSQL 2.0 fields. {@code answer} is a JSON array of rows, or (as the released files hold it) a string
   * holding one; a JSON null counts as absent.
   */
  static Llmsql2Fields llmsql2(String location, JsonNode answer, JsonNode category, JsonNode family,
                               JsonNode prompt, JsonNode tables) {
    if (answer == null && category == null && family == null && prompt == null && tables == null) {
      return Llmsql2Fields.NONE;
    }
    List<String> shown = new ArrayList<>();
    if (tables != null && !tables.isNull()) {
      if (!tables.isArray()) {
        throw new InvalidInputException(location, "\"tables\" must be a list of table ids, but was " + tables);
      }
      for (JsonNode t : tables) {
        if (!t.isTextual()) {
          throw new InvalidInputException(location, "\"tables\" must hold table ids (strings), but one was " + t);
        }
        shown.add(t.textValue());
      }
    }
    return new Llmsql2Fields(answer(location, answer), string(location, "category", category),
        string(location, "family", family), string(location, "prompt", prompt), shown);
  }

  private static String string(String location, String field, JsonNode node) {
    if (node == null || node.isNull()) {
      return null;
    }
    if (!node.isTextual()) {
      throw new InvalidInputException(location, "\"" + field + "\" must be a string, but was " + node);
    }
    return node.textValue();
  }

  private static List<List<Object>> answer(String location, JsonNode node) {
    if (node == null || node.isNull()) {
      return null;
    }
    JsonNode rows = node;
    if (node.isTextual()) {
      try {
        // upstream's json.dumps writes an infinite cell as Infinity, which json.loads reads back
        rows = JsonLines.mapper().reader().with(com.fasterxml.jackson.core.json.JsonReadFeature
            .ALLOW_NON_NUMERIC_NUMBERS.mappedFeature()).readTree(node.textValue());
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        throw new InvalidInputException(location, "\"answer\" is a string but not JSON rows such as "
            + "\"[[\\\"Hurts\\\"]]\" (" + dev.llmsql.files.JsonSyntax.describe(e, node.textValue()) + ")");
      }
    }
    if (rows == null || !rows.isArray()) {
      throw new InvalidInputException(location, "\"answer\" must be a JSON array of rows such as [[\"Hurts\"]] "
          + "(or a string holding one), but was " + node);
    }
    List<List<Object>> decoded = new ArrayList<>();
    for (JsonNode row : rows) {
      if (!row.isArray()) {
        throw new InvalidInputException(location, "each \"answer\" row must be an array of cells, but one was "
            + row);
      }
      List<Object> cells = new ArrayList<>();
      for (JsonNode c : row) {
        if (c.isContainerNode()) {
          throw new InvalidInputException(location, "\"answer\" cells must be numbers, strings or null, but one "
              + "was " + c);
        }
        if (c.isNumber() && Double.isNaN(c.doubleValue())) {
          // Python's nan equals nothing, ours would equal itself: refused rather than judged differently
          throw new InvalidInputException(location, "\"answer\" holds NaN, which no rule can compare as "
              + "upstream does; give the question's answer as a number, a string or null");
        }
        cells.add(cell(c, true));
      }
      decoded.add(cells);
    }
    return decoded;
  }

  /**
   * JSON values as SQLite would hand them over: integers as Long, other numbers as Double, the sign of {@code -0.0}
   * kept and {@code 1e400} infinite (it stopped the run). An integer past Long is a Double, as SQLite reads one;
   * in an LLMSQL 2.0 answer ({@code pythonInts}) a BigInteger, as upstream's {@code json.loads} keeps every digit
   * of it, which rule 3 compares and only that protocol's matcher reads.
   */
  private static Object cell(JsonNode cell, boolean pythonInts) {
    if (cell == null || cell.isNull()) {
      return null;
    }
    if (cell.isIntegralNumber() && (cell.canConvertToLong() || pythonInts)) {
      return cell.canConvertToLong() ? (Object) cell.longValue() : cell.bigIntegerValue();
    }
    if (cell.isNumber()) {
      return cell.doubleValue();
    }
    if (cell.isBoolean()) {
      return cell.booleanValue();
    }
    return cell.isTextual() ? cell.textValue() : cell.toString();
  }
}
