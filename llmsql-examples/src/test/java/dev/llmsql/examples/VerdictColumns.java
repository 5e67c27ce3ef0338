package dev.llmsql.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/** Per-pair verdict files of {@code ../shared} ({@code peer_verdicts.jsonl}, {@code expected_verdicts.jsonl}). */
final class VerdictColumns {

  private VerdictColumns() {
  }

  /**
   * One column of a per-pair verdict file ({@code peer_verdicts.jsonl}, {@code expected_verdicts.jsonl}) for one
   * prediction set: question id to {@code key}'s value, read with {@code value}. {@code setField} names the
   * field that holds the set's name ({@code set} in one file, {@code predictions} in the other).
   */
  static <T> Map<Integer, T> read(Path file, String setField, String set, String key,
                                Function<JsonNode, T> value) throws IOException {
    ObjectMapper mapper = new ObjectMapper();
    Map<Integer, T> column = new TreeMap<>();
    try (BufferedReader reader = Files.newBufferedReader(file)) {
      for (String line; (line = reader.readLine()) != null; ) {
        JsonNode node = mapper.readTree(line);
        if (node.get(setField).asText().equals(set)) {
          column.put(node.get("question_id").asInt(), value.apply(node.get(key)));
        }
      }
    }
    return column;
  }
}
