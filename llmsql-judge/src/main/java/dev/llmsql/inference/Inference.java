package dev.llmsql.inference;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmsql.judge.llm.ChatClient;
import dev.llmsql.judge.llm.ChatException;
import dev.llmsql.judge.llm.ChatMessage;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Text-to-SQL inference: for each question of an LLMSQL-shaped questions file, builds a 0-, 1- or 5-shot
 * prompt from the question's table in {@code tables.jsonl}, asks the model through a {@link ChatClient}, and
 * appends {@code {"question_id", "completion"}} to a predictions JSONL file ready for evaluation. Reasoning
 * ({@code <think>…</think>}) is stripped from the stored completion but kept in the client's process log. A
 * re-run appends only questions not yet in the file, so an interrupted run resumes; questions whose call
 * failed are reported in the summary and asked again next time. Each record is appended in one write of the
 * whole line; a torn last line left by a crash is cut off before the next run appends (and its question
 * asked again), so the file stays valid JSONL for {@code evaluate}.
 *
 * <p>Defaults: 5 shots, no limit, {@value #DEFAULT_CONCURRENCY} questions in flight (the client's own
 * {@code maxConcurrency} caps requests too). Build the client with {@code jsonMode(false)}: SQL is not JSON.
 *
 * <pre>{@code
 * ChatClient model = ChatClient.builder().baseUrl("http://localhost:8000/v1").model("qwen2.5-7b")
 *     .jsonMode(false).maxConcurrency(8).build();
 * InferenceSummary summary = Inference.builder().client(model)
 *     .questionsPath(Path.of("questions.jsonl")).tablesPath(Path.of("tables.jsonl"))
 *     .shots(5).limit(100).concurrency(8).build()
 *     .run(Path.of("qwen2.5-7b.jsonl"));
 * }</pre>
 */
public final class Inference {

  public static final int DEFAULT_SHOTS = 5;
  public static final int DEFAULT_CONCURRENCY = 4;
  /** Longest question or table line read; longer lines are refused rather than filling memory. */
  static final int MAX_LINE_CHARS = 64 * 1024 * 1024;

  private static final ObjectMapper JSON = new ObjectMapper();

  private final ChatClient client;
  private final Path questionsPath;
  private final Path tablesPath;
  private final int shots;
  private final int limit;
  private final int concurrency;

  private Inference(Builder b) {
    this.client = b.client;
    this.questionsPath = b.questionsPath;
    this.tablesPath = b.tablesPath;
    this.shots = b.shots;
    this.limit = b.limit;
    this.concurrency = b.concurrency;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** A question to ask. */
  private record Task(long questionId, String question, String tableId) {
  }

  /**
   * Asks the model every selected question not yet in {@code outputFile} and appends the predictions.
   *
   * @throws IllegalArgumentException when the questions or tables file is malformed; the message names file,
   *     line and fix
   * @throws UncheckedIOException when a file cannot be read or written
   */
  public InferenceSummary run(Path outputFile) {
    requireNonNull(outputFile, "outputFile");
    long start = System.nanoTime();
    List<Task> tasks = readQuestions();
    long torn = repairTornTail(outputFile);
    Set<Long> done = alreadyWritten(outputFile);
    List<Task> todo = new ArrayList<>();
    for (Task t : tasks) {
      if (!done.contains(t.questionId())) {
        todo.add(t);
      }
    }
    Set<String> needed = new HashSet<>();
    todo.forEach(t -> needed.add(t.tableId()));
    Map<String, TableSchema> tables = readTables(needed);
    for (Task t : todo) {
      if (!tables.containsKey(t.tableId())) {
        throw new IllegalArgumentException(questionsPath + ": question " + t.questionId() + " names table '"
            + t.tableId() + "', which " + tablesPath + " does not hold; give the tables.jsonl of the same "
            + "benchmark version");
      }
    }
    Map<Long, String> failed = new ConcurrentHashMap<>();
    AtomicInteger written = new AtomicInteger();
    try {
      if (outputFile.toAbsolutePath().getParent() != null) {
        Files.createDirectories(outputFile.toAbsolutePath().getParent());
      }
      try (FileChannel out = FileChannel.open(outputFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
          StandardOpenOption.APPEND)) {
        ExecutorService pool = Executors.newFixedThreadPool(concurrency, r -> {
          Thread thread = new Thread(r, "llmsql-inference");
          thread.setDaemon(true);
          return thread;
        });
        try {
          List<Future<?>> futures = new ArrayList<>();
          for (Task t : todo) {
            futures.add(pool.submit(() -> ask(t, tables.get(t.tableId()), out, written, failed)));
          }
          for (Future<?> f : futures) {
            f.get();
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("inference interrupted; run again to resume", e);
        } catch (ExecutionException e) {
          if (e.getCause() instanceof UncheckedIOException io) {
            throw io;
          }
          throw new IllegalStateException("inference failed: " + e.getCause(), e.getCause());
        } finally {
          pool.shutdownNow();
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write predictions to " + outputFile + ": " + e.getMessage()
          + "; choose a writable output file", e);
    }
    return new InferenceSummary(tasks.size(), tasks.size() - todo.size(), written.get(), failed,
        Duration.ofNanos(System.nanoTime() - start), torn);
  }

  private void ask(Task t, TableSchema table, FileChannel out, AtomicInteger written, Map<Long, String> failed) {
    String answer;
    try {
      answer = client.complete(List.of(ChatMessage.user(Prompts.build(shots, table, t.question())))).content();
    } catch (ChatException e) {
      failed.put(t.questionId(), e.getMessage());
      return;
    }
    ObjectNode line = JSON.createObjectNode();
    line.put("question_id", t.questionId());
    line.put("completion", Completions.withoutReasoning(answer));
    // The whole record in one write on an O_APPEND channel, straight to the OS (no buffer to flush): a crash
    // leaves at most one incomplete last line, which the next run cuts off (repairTornTail).
    ByteBuffer record = ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8));
    synchronized (out) {
      try {
        while (record.hasRemaining()) {
          out.write(record);
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot append to predictions file: " + e.getMessage(), e);
      }
    }
    written.incrementAndGet();
  }

  private List<Task> readQuestions() {
    List<Task> tasks = new ArrayList<>();
    Set<Long> seen = new HashSet<>();
    forEachLine(questionsPath, (node, where) -> {
      JsonNode id = node.path("question_id");
      if (!id.canConvertToLong() || !node.path("question").isTextual() || !node.path("table_id").isTextual()) {
        throw new IllegalArgumentException(where + ": a question needs \"question_id\" (integer), \"question\" "
            + "and \"table_id\"; this line lacks one of them");
      }
      if (!seen.add(id.asLong())) {
        throw new IllegalArgumentException(where + ": question_id " + id.asLong() + " appears twice; give each "
            + "question its own id");
      }
      tasks.add(new Task(id.asLong(), node.path("question").asText(), node.path("table_id").asText()));
      return tasks.size() < limit;
    });
    return tasks;
  }

  private Map<String, TableSchema> readTables(Set<String> needed) {
    Map<String, TableSchema> tables = new HashMap<>();
    if (needed.isEmpty()) {
      return tables;
    }
    forEachLine(tablesPath, (node, where) -> {
      String id = node.path("table_id").asText("");
      if (!needed.contains(id)) {
        return true;
      }
      JsonNode header = node.path("header");
      if (!header.isArray()) {
        throw new IllegalArgumentException(where + ": table " + id + " has no \"header\" array; each line must "
            + "be {\"table_id\", \"header\", \"types\", \"rows\"}");
      }
      List<String> columns = new ArrayList<>();
      header.forEach(h -> columns.add(h.asText()));
      List<String> types = new ArrayList<>();
      node.path("types").forEach(t -> types.add(t.asText()));
      List<String> example = new ArrayList<>();
      node.path("rows").path(0).forEach(c -> example.add(c.isNull() ? "NULL" : c.asText()));
      tables.put(id, new TableSchema(id, columns, types, example));
      return tables.size() < needed.size();
    });
    return tables;
  }

  private interface LineHandler {
    /** Handles one JSON line; returns whether to read on. */
    boolean handle(JsonNode node, String where);
  }

  private static void forEachLine(Path file, LineHandler handler) {
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line;
      int number = 0;
      while ((line = in.readLine()) != null) {
        number++;
        if (line.isBlank()) {
          continue;
        }
        String where = file + " line " + number;
        if (line.length() > MAX_LINE_CHARS) {
          throw new IllegalArgumentException(where + ": longer than " + MAX_LINE_CHARS + " characters; "
              + "split the file into one JSON object per line");
        }
        JsonNode node;
        try {
          node = JSON.readTree(line);
        } catch (JsonProcessingException e) {
          throw new IllegalArgumentException(where + ": not JSON (" + e.getOriginalMessage() + "); write one "
              + "JSON object per line");
        }
        if (!handler.handle(node, where)) {
          return;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e + "; check the path", e);
    }
  }

  /** Ids already in the output (the file holds only whole records once {@link #repairTornTail} ran). */
  private static Set<Long> alreadyWritten(Path outputFile) {
    Set<Long> ids = new HashSet<>();
    if (!Files.exists(outputFile)) {
      return ids;
    }
    try (BufferedReader in = Files.newBufferedReader(outputFile, StandardCharsets.UTF_8)) {
      String line;
      int number = 0;
      while ((line = in.readLine()) != null) {
        number++;
        if (line.isBlank()) {
          continue;
        }
        JsonNode id;
        try {
          id = JSON.readTree(line).path("question_id");
        } catch (JsonProcessingException e) {
          throw new IllegalArgumentException(outputFile + " line " + number + ": not a prediction record ("
              + e.getOriginalMessage() + "); only a torn last line is repaired, so remove this line or choose "
              + "another output file");
        }
        if (id.canConvertToLong()) {
          ids.add(id.asLong());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read existing predictions " + outputFile + ": " + e
          + "; choose another output file", e);
    }
    return ids;
  }

  /**
   * Cuts an incomplete last record, left by a crash mid-write, so the file is valid JSONL again before
   * anything is appended: the bytes after the last newline when they are no whole JSON record (a whole one
   * only gets its newline), and a last line that is no JSON although newline-ended (what earlier versions
   * left after a crash). Returns how many bytes were dropped; their question is asked again.
   */
  static long repairTornTail(Path file) {
    if (!Files.isRegularFile(file)) {
      return 0;
    }
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      long size = channel.size();
      long lineStart = lastLineStart(channel, size);
      boolean newlineEnded = size > 0 && byteAt(channel, size - 1) == '\n';
      long end = newlineEnded ? size - 1 : size;
      if (lineStart >= end) {
        return 0;
      }
      if (end - lineStart > MAX_LINE_CHARS * 4L) {
        throw new IllegalArgumentException(file + ": its last line is longer than any prediction record; "
            + "choose another output file");
      }
      ByteBuffer tail = ByteBuffer.allocate((int) (end - lineStart));
      channel.read(tail, lineStart);
      String text = new String(tail.array(), StandardCharsets.UTF_8);
      if (isRecord(text)) {
        if (!newlineEnded) {
          channel.write(ByteBuffer.wrap(new byte[] {'\n'}), size);
        }
        return 0;
      }
      channel.truncate(lineStart);
      return size - lineStart;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot repair the end of predictions file " + file + ": " + e.getMessage()
          + "; choose a writable output file", e);
    }
  }

  private static boolean isRecord(String line) {
    if (line.isBlank()) {
      return true;
    }
    try {
      return JSON.readTree(line).isObject();
    } catch (JsonProcessingException e) {
      return false;
    }
  }

  /** Where the last line starts: just after the newline before the final one (or the file's end). */
  private static long lastLineStart(FileChannel channel, long size) throws IOException {
    long pos = size > 0 && byteAt(channel, size - 1) == '\n' ? size - 1 : size;
    ByteBuffer chunk = ByteBuffer.allocate(64 * 1024);
    while (pos > 0) {
      int n = (int) Math.min(chunk.capacity(), pos);
      chunk.clear().limit(n);
      channel.read(chunk, pos - n);
      for (int i = n - 1; i >= 0; i--) {
        if (chunk.get(i) == '\n') {
          return pos - n + i + 1;
        }
      }
      pos -= n;
    }
    return 0;
  }

  private static int byteAt(FileChannel channel, long at) throws IOException {
    ByteBuffer one = ByteBuffer.allocate(1);
    channel.read(one, at);
    return one.get(0);
  }

  @Override
  public String toString() {
    return "Inference[model=" + client.model() + ", questions=" + questionsPath + ", tables=" + tablesPath
        + ", shots=" + shots + (limit == Integer.MAX_VALUE ? "" : ", limit=" + limit) + ", concurrency="
        + concurrency + "]";
  }

  /** Options of {@link Inference}; client, questions and tables are required. */
  public static final class Builder {
    private ChatClient client;
    private Path questionsPath;
    private Path tablesPath;
    private int shots = DEFAULT_SHOTS;
    private int limit = Integer.MAX_VALUE;
    private int concurrency = DEFAULT_CONCURRENCY;

    private Builder() {
    }

    /** The model to ask; build it with {@code jsonMode(false)}. */
    public Builder client(ChatClient client) {
      this.client = requireNonNull(client, "client");
      return this;
    }

    /** LLMSQL-shaped questions JSONL ({@code question_id}, {@code question}, {@code table_id}). */
    public Builder questionsPath(Path questions) {
      this.questionsPath = requireNonNull(questions, "questions");
      return this;
    }

    /** LLMSQL {@code tables.jsonl} ({@code table_id}, {@code header}, {@code types}, {@code rows}). */
    public Builder tablesPath(Path tables) {
      this.tablesPath = requireNonNull(tables, "tables");
      return this;
    }

    /** Worked examples in each prompt: 0, 1 or 5. */
    public Builder shots(int shots) {
      if (!Prompts.SHOTS.contains(shots)) {
        throw new IllegalArgumentException("shots must be 0, 1 or 5, but was " + shots);
      }
      this.shots = shots;
      return this;
    }

    /** Only the first {@code limit} questions of the file, for a quick run. */
    public Builder limit(int limit) {
      if (limit < 1) {
        throw new IllegalArgumentException("limit must be at least 1, but was " + limit);
      }
      this.limit = limit;
      return this;
    }

    /** Questions in flight at once for this model. */
    public Builder concurrency(int concurrency) {
      if (concurrency < 1) {
        throw new IllegalArgumentException("concurrency must be at least 1, but was " + concurrency);
      }
      this.concurrency = concurrency;
      return this;
    }

    public Inference build() {
      if (client == null) {
        throw new IllegalStateException("client is required; call client(ChatClient.builder().model(...)"
            + ".jsonMode(false).build())");
      }
      if (questionsPath == null || tablesPath == null) {
        throw new IllegalStateException("questionsPath(...) and tablesPath(...) are both required; the CLI "
            + "downloads them with --version, or give local files");
      }
      for (Path p : List.of(questionsPath, tablesPath)) {
        if (!Files.isRegularFile(p)) {
          throw new IllegalStateException(p + " does not exist; give the path of an existing file");
        }
      }
      return new Inference(this);
    }
  }
}
