package dev.llmsql.benchmark;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.files.AtomicFiles;
import dev.llmsql.prediction.InvalidInputException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * SParC's and CoSQL's own {@code dev.json} (a list of interactions, each {@code database_id} and
 * {@code interaction}: turns with {@code utterance} and {@code query}) as a questions JSONL file the evaluator reads:
 * one line per turn with {@code question_id} (the turn's position in the file, from 0), {@code question},
 * {@code sql}, {@code db_id}, {@code interaction_id} (the interaction's position, from 0) and {@code turn} (from 1),
 * so the {@code spider} judge reports Spider's turn rows and {@code joint_all}. Predictions name the same
 * {@code question_id}s.
 *
 * <pre>{@code
 * int turns = MultiTurnQuestions.convert(Path.of("sparc/dev.json"), Path.of("sparc-questions.jsonl"));
 * Evaluator.builder().questionsPath(Path.of("sparc-questions.jsonl")).databasesDir(Path.of("sparc/database"))
 *     .judge(Judges.named("spider")).build().run(Path.of("predictions.jsonl"));
 * }</pre>
 */
public final class MultiTurnQuestions {

  /** Larger files are refused: SParC's and CoSQL's dev sets are a few megabytes. */
  static final long MAX_BYTES = 256L << 20;
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private MultiTurnQuestions() {
  }

  /**
   * Writes {@code devJson}'s turns to {@code questionsJsonl} (atomically) and returns how many.
   *
   * @throws InvalidInputException when the file is not SParC's or CoSQL's layout, naming the file, the
   *     interaction and the field
   * @throws IOException when a file cannot be read or written
   */
  public static int convert(Path devJson, Path questionsJsonl) throws IOException {
    if (!Files.isRegularFile(devJson)) {
      throw new NoSuchFileException(devJson.toString(), null, "dev.json not found; check the path");
    }
    if (Files.size(devJson) > MAX_BYTES) {
      throw new InvalidInputException(devJson.toString(), "larger than " + (MAX_BYTES >> 20)
          + " MB; SParC's and CoSQL's dev.json are a few MB");
    }
    // first: Jackson's string decoder takes an overlong form (C0 AF for '/'), an encoded surrogate and a code
    // point above U+10FFFF as characters, where Python's json.load, and Java's decoder, refuse the file
    java.util.Optional<String> notUtf8 = dev.llmsql.files.Utf8Text.check(devJson);
    if (notUtf8.isPresent()) {
      throw new InvalidInputException(devJson.toString(), notUtf8.get());
    }
    JsonNode root;
    try (InputStream in = Files.newInputStream(devJson)) {
      root = MAPPER.readTree(in);
    } catch (JsonProcessingException e) {
      throw new InvalidInputException(devJson.toString(), "not valid JSON (" + e.getOriginalMessage() + ")");
    }
    if (root == null || !root.isArray()) {
      throw new InvalidInputException(devJson.toString(), "expected a JSON list of interactions (SParC's or "
          + "CoSQL's dev.json)");
    }
    int[] written = new int[1];
    AtomicFiles.write(questionsJsonl, temp -> {
      try (OutputStream out = Files.newOutputStream(temp);
           JsonGenerator g = MAPPER.getFactory().createGenerator(out, JsonEncoding.UTF8)) {
        g.setRootValueSeparator(null);
        int id = 0;
        for (int i = 0; i < root.size(); i++) {
          JsonNode interaction = root.get(i);
          String where = devJson + ", interaction " + i;
          String db = text(interaction, "database_id", where);
          JsonNode turns = interaction.get("interaction");
          if (turns == null || !turns.isArray()) {
            throw new InvalidInputException(where, "\"interaction\" must be a list of turns");
          }
          for (int t = 0; t < turns.size(); t++) {
            JsonNode turn = turns.get(t);
            String at = where + ", turn " + (t + 1);
            g.writeStartObject();
            g.writeNumberField("question_id", id++);
            g.writeStringField("question", text(turn, "utterance", at));
            g.writeStringField("sql", text(turn, "query", at));
            g.writeStringField("db_id", db);
            g.writeNumberField("interaction_id", i);
            g.writeNumberField("turn", t + 1);
            g.writeEndObject();
            g.writeRaw('\n');
          }
        }
        written[0] = id;
      }
    });
    return written[0];
  }

  private static String text(JsonNode node, String field, String where) {
    JsonNode v = node == null ? null : node.get(field);
    if (v == null || !v.isTextual()) {
      throw new InvalidInputException(where, "\"" + field + "\" must be a string");
    }
    return v.asText();
  }
}
