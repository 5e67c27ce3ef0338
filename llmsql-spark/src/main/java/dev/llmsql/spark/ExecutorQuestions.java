package dev.llmsql.spark;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
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
  /** Per path, the last version read: a later evaluation with a changed file reads it again. */
  private static final Map<Path, Read> READ = new ConcurrentHashMap<>();

  private record Line(long number, String text) { }

  /**
   * What a read file is known by: the driver's content hash of it for the evaluation (the path alone kept the
   * first version for the JVM's life: a corrected benchmark in a later evaluation was judged with stale golds),
   * and its size and modification time here (a shared file changed while a job runs).
   */
  private record Version(String fingerprint, long size, long modified) { }

  private record Read(Version version, Map<Integer, Line> lines) { }

  private ExecutorQuestions() {
  }

  /**
   * Writes the questions of {@code ids} found in {@code questions} to a new temporary file (the caller deletes
   * it); ids the file lacks are left out, so their predictions are unknown questions as before.
   */
  static Path subset(Path questions, String fingerprint, Collection<Integer> ids) {
    Path path = questions.toAbsolutePath().normalize();
    Version version;
    try {
      version = new Version(fingerprint, Files.size(path), Files.getLastModifiedTime(path).toMillis());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read questions file " + path + ": " + e.getMessage(), e);
    }
    Map<Integer, Line> lines = READ.compute(path, (p, known) -> known != null && known.version().equals(version)
        ? known : new Read(version, read(p))).lines();
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
    // lines end at \n only, as the engine reads them (BufferedReader.readLine also ends one at a lone \r, which
    // is JSON whitespace inside a line: a question split there was lost)
    try (InputStream in = new BufferedInputStream(Files.newInputStream(questions))) {
      ByteArrayOutputStream line = new ByteArrayOutputStream();
      long number = 0;
      for (int b = in.read(); b != -1 || line.size() > 0; b = in.read()) {
        if (b != -1 && b != '\n') {
          line.write(b);
          continue;
        }
        number++;
        String text = line.toString(StandardCharsets.UTF_8);
        line.reset();
        Integer id = questionId(text);
        if (id != null) {
          lines.putIfAbsent(id, new Line(number, text));
        }
        if (b == -1) {
          break;
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
