package dev.llmsql.models.judge;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

/**
 * SCALE's process log: every exchange with a model appended as one JSON line with {@code time},
 * {@code model}, {@code prompt} (the messages), {@code answer} (the content, or the error), {@code status}
 * (HTTP status, or {@code timeout} / {@code io-error}), {@code latency_ms}, {@code prompt_tokens},
 * {@code completion_tokens}, {@code attempt} and {@code waited_ms} (the back-off before it). Request headers
 * are never logged, so the API key is written nowhere. Thread-safe; lines are never interleaved.
 *
 * <pre>{@code
 * ChatClient client = ChatClient.builder().model("gpt-4o-mini").processLog(ProcessLog.to(Path.of("judge-log.jsonl"))).build();
 * }</pre>
 */
public final class ProcessLog {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path file;

  private ProcessLog(Path file) {
    this.file = file;
  }

  /** A log appending to {@code file} (created with its directories when missing). */
  public static ProcessLog to(Path file) {
    Path absolute = file.toAbsolutePath();
    try {
      if (absolute.getParent() != null) {
        Files.createDirectories(absolute.getParent());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the directory of process log " + absolute
          + "; choose a writable path", e);
    }
    return new ProcessLog(absolute);
  }

  public Path file() {
    return file;
  }

  /** One exchange; {@code promptTokens}/{@code completionTokens} are -1 when unknown. */
  synchronized void append(String model, Object prompt, String answer, String status, long latencyMillis,
                           int promptTokens, int completionTokens, int attempt, long waitedMillis) {
    ObjectNode line = JSON.createObjectNode();
    line.put("time", Instant.now().toString());
    line.put("model", model);
    line.set("prompt", JSON.valueToTree(prompt));
    line.put("answer", answer);
    line.put("status", status);
    line.put("latency_ms", latencyMillis);
    if (promptTokens >= 0) {
      line.put("prompt_tokens", promptTokens);
    }
    if (completionTokens >= 0) {
      line.put("completion_tokens", completionTokens);
    }
    line.put("attempt", attempt);
    line.put("waited_ms", waitedMillis);
    try {
      Files.writeString(file, line.toString() + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot append to process log " + file + ": " + e.getMessage(), e);
    }
  }
}
