package dev.llmsql.spark;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The questions files an executor JVM has read, each once, by question id: a task hands its evaluator a file of
 * only the questions its predictions answer, instead of every (task, model) scanning LLMSQL's 80,000 questions
 * again. The lines are copied as they are, in the file's order, so each question reads exactly as from the
 * whole file.
 */
final class ExecutorQuestions {

  private static final JsonFactory JSON = new JsonFactory();
  private static final Map<Path, Map<Integer, Line>> READ = new ConcurrentHashMap<>();

  private record Line(long number, String text) { }

  private ExecutorQuestions() {
  }

  /**
   * Writes the questions of {@code ids} found in {@code questions} to a new temporary file (the caller deletes
   * it); ids the file lacks are left out, so their predictions are unknown questions as before.
   */
  static Path subset(Path questions, Collection<Integer> ids) {
    Map<Integer, Line> lines = READ.computeIfAbsent(questions.toAbsolutePath().normalize(), ExecutorQuestions::read);
    List<Line> wanted = new ArrayList<>();
    for (Integer id : new java.util.HashSet<>(ids)) {
      Line line = lines.get(id);
      if (line != null) {
        wanted.add(line);
      }
    }
    wanted.sort(java.util.Comparator.comparingLong(Line::number));
    try {
      Path file = Files.createTempFile("llmsql-questions-", ".jsonl");
      try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
        for (Line line : wanted) {
          out.write(line.text());
          out.write('\n');
        }
      }
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write a task's questions file: " + e.getMessage(), e);
    }
  }

  private static Map<Integer, Line> read(Path questions) {
    Map<Integer, Line> lines = new HashMap<>();
    try (BufferedReader reader = Files.newBufferedReader(questions, StandardCharsets.UTF_8)) {
      long number = 0;
      for (String text; (text = reader.readLine()) != null; ) {
        number++;
        Integer id = questionId(text);
        if (id != null) {
          lines.putIfAbsent(id, new Line(number, text));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read questions file " + questions + ": " + e.getMessage(), e);
    }
    return lines;
  }

  /** The top-level {@code question_id} of a JSON line, or null (a blank or broken line the driver refused). */
  private static Integer questionId(String line) throws IOException {
    if (line.isBlank()) {
      return null;
    }
    try (JsonParser p = JSON.createParser(line)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return null;
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        JsonToken value = p.nextToken();
        if (name.equals("question_id")) {
          return value == JsonToken.VALUE_NUMBER_INT ? Integer.valueOf(p.getIntValue())
              : value == JsonToken.VALUE_STRING ? Routes.questionId(p.getText()) : null;
        }
        p.skipChildren();
      }
      return null;
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return null;
    }
  }
}
