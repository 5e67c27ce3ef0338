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

/** Locates the read-only reference data in {@code ../shared} beside the project root. */
final class SharedData {

  private SharedData() {
  }

  /**
   * The path {@code shared/<relative>} found in a parent of the working directory; skips the calling test with
   * a clear message when a fresh clone has no {@code ../shared}, and fails it on CI.
   */
  static Path require(String relative) {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("shared").resolve(relative);
      if (Files.exists(candidate)) {
        return candidate;
      }
    }
    Requirement.require(false, "skipped: ../shared/" + relative + " is not beside the project root "
        + "(it ships with the team's workspace and CI, not with a clone)");
    throw new AssertionError("unreachable");
  }

  /**
   * One column of a per-pair verdict file ({@code peer_verdicts.jsonl}, {@code expected_verdicts.jsonl}) for one
   * prediction set: question id to {@code key}'s value, read with {@code value}. {@code setField} names the
   * field that holds the set's name ({@code set} in one file, {@code predictions} in the other).
   */
  static <T> Map<Integer, T> verdictColumn(Path file, String setField, String set, String key,
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
