package dev.llmsql.internal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmsql.benchmark.Question;
import dev.llmsql.prediction.InvalidInputException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import dev.llmsql.execution.QueryResult;
import java.util.LinkedHashMap;
import java.util.Map;

/** Reads a questions JSONL file into a map by id, failing with file and line on bad input. */
public final class QuestionReader {

  private QuestionReader() {
  }

  /** Questions by id, in file order. */
  public static Map<Integer, Question> read(Path file) {
    Map<Integer, Question> questions = new LinkedHashMap<>();
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
          node = PredictionInput.MAPPER.readTree(line);
        } catch (IOException e) {
          throw new InvalidInputException(location, "not valid JSON in the questions file; each line must be "
              + "{\"question_id\": 1, \"question\": \"...\", \"sql\": \"SELECT ...\", \"table_id\": \"...\"}", e);
        }
        Question q = question(location, node);
        if (questions.putIfAbsent(q.id(), q) != null) {
          throw new InvalidInputException(location, "question_id " + q.id()
              + " appears twice in the questions file; ids must be unique");
        }
      }
    } catch (NoSuchFileException e) {
      throw new InvalidInputException(file.toString(), "questions file not found (" + file.toAbsolutePath()
          + "); check --questions-path");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read questions file " + file + ": " + e.getMessage(), e);
    }
    return questions;
  }

  private static Question question(String location, JsonNode node) {
    if (node == null || !node.isObject()) {
      throw new InvalidInputException(location, "expected a JSON object with question_id, question, sql, "
          + "table_id or db_id");
    }
    JsonNode idNode = node.get("question_id");
    Integer id = null;
    if (idNode != null && idNode.isIntegralNumber() && idNode.canConvertToInt()) {
      id = idNode.intValue();
    } else if (idNode != null && idNode.isTextual()) {
      id = PredictionInput.parseInt(idNode.textValue());
    }
    if (id == null) {
      throw new InvalidInputException(location, "question_id must be an integer (or a string holding one), "
          + "but was " + (idNode == null ? "missing" : idNode.toString()));
    }
    String question = text(location, node, "question", true);
    List<QueryResult> goldResults = GoldFields.results(location, node.get("gold_results"));
    List<String> allSql = GoldFields.sql(location, node.get("sql"), !goldResults.isEmpty());
    String sql = allSql.isEmpty() ? "" : allSql.get(0);
    String tableId = text(location, node, "table_id", false);
    String dbId = text(location, node, "db_id", false);
    if (tableId == null && dbId == null) {
      throw new InvalidInputException(location, "question " + id + " needs \"table_id\" (LLMSQL) or "
          + "\"db_id\" (one database per question)");
    }
    Map<String, Object> extra = new HashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      switch (field.getKey()) {
        // difficulty, tags, ordered and gold_results stay in extra too, for judges that read them raw
        case "question_id", "question", "sql", "table_id", "db_id" -> { }
        default -> extra.put(field.getKey(), PredictionInput.MAPPER.convertValue(field.getValue(), Object.class));
      }
    }
    return new Question(id, question, sql, tableId, dbId, extra,
        GoldFields.difficulty(location, node.get("difficulty")), GoldFields.tags(location, node.get("tags")),
        GoldFields.ordered(location, node.get("ordered")), allSql.subList(Math.min(1, allSql.size()),
        allSql.size()), goldResults);
  }

  private static String text(String location, JsonNode node, String field, boolean required) {
    JsonNode value = node.get(field);
    if (value == null || value.isNull()) {
      if (required) {
        throw new InvalidInputException(location, "missing \"" + field + "\"; every question needs "
            + "question_id, question, sql and table_id (or db_id)");
      }
      return null;
    }
    if (!value.isTextual()) {
      throw new InvalidInputException(location, "\"" + field + "\" must be a string, but was " + value);
    }
    return value.textValue();
  }
}
