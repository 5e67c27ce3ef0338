package dev.llmsql.models.inference;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmsql.files.JsonSyntax;
import dev.llmsql.benchmark.Llmsql2Prompt;
import dev.llmsql.benchmark.PromptTable;
import dev.llmsql.config.Range;
import dev.llmsql.models.judge.ChatClient;
import dev.llmsql.models.judge.ChatException;
import dev.llmsql.models.judge.ChatMessage;
import dev.llmsql.benchmark.BoundedLineReader;
import dev.llmsql.config.Settings;
import dev.llmsql.threads.DaemonThreads;
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
 * Text-to-SQL inference: for each question of an LLMSQL-shaped questions file, builds a prompt, asks the
 * model through a {@link ChatClient}, and appends {@code {"question_id", "completion"}} to a predictions JSONL
 * file ready for evaluation. An LLMSQL 2.0 question (one that carries {@code answer} or {@code prompt}) is
 * sent its {@code prompt} field as the one user message, or, when the field is absent, the same text
 * rendered from the tables of its {@code tables} field ({@link Llmsql2Prompt#render}); 2.0 is zero-shot. An LLMSQL
 * 1.0 question gets a 0-, 1- or 5-shot prompt built from its table in {@code tables.jsonl}. Reasoning
 * ({@code <think>…</think>}) is stripped from the stored completion but kept in the client's process log. A
 * re-run appends only questions not yet in the file, so an interrupted run resumes; questions whose call
 * failed are reported in the summary and asked again next time. Each record is appended in one write of the
 * whole line; a torn last line left by a crash is cut off before the next run appends (and its question
 * asked again), so the file stays valid JSONL for {@code evaluate}.
 *
 * <p>Defaults: 5 shots for 1.0 questions and 0 for 2.0 ones (asking 1 or 5 for 2.0 questions is an error),
 * no limit, {@value #DEFAULT_CONCURRENCY} questions in flight (the client's own
 * {@code maxConcurrency} caps requests too). Build the client with {@code jsonMode(false)}: SQL is not JSON.
 *
 * <pre>{@code
 * ChatClient model = ChatClient.builder().baseUrl("http://localhost:8000/v1").model("qwen2.5-7b")
 *     .jsonMode(false).maxConcurrency(8).build();
 * InferenceSummary summary = Inference.builder().client(model)
 *     .questionsPath(Path.of("questions.jsonl")).tablesPath(Path.of("tables.jsonl"))
 *     .limit(100).concurrency(8).build()   // 2.0 questions zero-shot, 1.0 ones 5-shot
 *     .run(Path.of("qwen2.5-7b.jsonl"));
 * }</pre>
 */
public final class Inference {

  /** Worked examples per LLMSQL 1.0 prompt unless {@link Builder#shots} says otherwise. */
  public static final int DEFAULT_SHOTS = 5;
  /** New tokens a model may generate per LLMSQL 2.0 question by default (upstream's default). */
  public static final int LLMSQL2_MAX_NEW_TOKENS = 4096;
  /** New tokens a model may generate per LLMSQL 1.0 question by default (upstream's default). */
  public static final int LLMSQL1_MAX_NEW_TOKENS = 256;
  public static final int DEFAULT_CONCURRENCY = 4;

  private static final ObjectMapper JSON = new ObjectMapper();

  private final ChatClient client;
  private final Path questionsPath;
  private final Path tablesPath;
  private final Integer shots;
  private final int limit;
  private final int concurrency;
  private final InferenceListener listener;

  private Inference(Builder b) {
    this.listener = b.listener;
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

  /**
   * A question to ask. {@code prompt} is the 2.0 {@code prompt} field (null when absent); {@code tables} the
   * tables a 2.0 prompt shows, empty for 1.0.
   */
  private record Task(long questionId, String question, String tableId, boolean llmsql2, String prompt,
                      List<String> tables) {

    /** The tables this task needs from tables.jsonl: none when its prompt is given. */
    List<String> needs() {
      return prompt != null ? List.of() : llmsql2 ? tables : List.of(tableId);
    }
  }

  /**
   * Asks the model every selected question not yet in {@code outputFile} and appends the predictions.
   *
   * @throws IllegalArgumentException when the questions or tables file is malformed; the message names file,
   *     line and fix
   * @throws dev.llmsql.prediction.InvalidInputException when the questions file holds no question
   * @throws UncheckedIOException when a file cannot be read or written
   * @throws IllegalStateException when another run is writing to {@code outputFile} (in this process or another)
   */
  public InferenceSummary run(Path outputFile) {
    requireNonNull(outputFile, "outputFile");
    long start = System.nanoTime();
    List<Task> tasks = readQuestions();
    if (tasks.isEmpty()) {
      // an empty questions file is almost always a step that failed upstream; a run over it would "succeed"
      throw new dev.llmsql.prediction.InvalidInputException(questionsPath.toString(), "no questions: the file is "
          + "empty or holds only blank lines; check the questions file (or the download that wrote it)");
    }
    OutputLock lock = OutputLock.take(outputFile);
    try {
      return run(outputFile, tasks, start);
    } finally {
      lock.close();
    }
  }

  /** {@link #run(Path)} while holding the output's lock: what is in the file stays as read until the run ends. */
  private InferenceSummary run(Path outputFile, List<Task> tasks, long start) {
    long torn = repairTornTail(outputFile);
    Set<Long> done = alreadyWritten(outputFile);
    List<Task> todo = new ArrayList<>();
    for (Task t : tasks) {
      if (!done.contains(t.questionId())) {
        todo.add(t);
      }
    }
    Set<String> needed = new HashSet<>();
    todo.forEach(t -> needed.addAll(t.needs()));
    Map<String, TableLine> tables = readTables(needed);
    for (Task t : todo) {
      for (String table : t.needs()) {
        if (!tables.containsKey(table)) {
          throw new IllegalArgumentException(questionsPath + ": question " + t.questionId() + " names table '"
              + table + "', which " + tablesPath + " does not hold; give the tables.jsonl of the same "
              + "benchmark version");
        }
      }
    }
    Map<Long, String> failed = new ConcurrentHashMap<>();
    AtomicInteger written = new AtomicInteger();
    listener.onInferenceStart(todo.size(), tasks.size() - todo.size());
    try {
      if (outputFile.toAbsolutePath().getParent() != null) {
        Files.createDirectories(outputFile.toAbsolutePath().getParent());
      }
      try (FileChannel out = FileChannel.open(outputFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
          StandardOpenOption.APPEND)) {
        ExecutorService pool = Executors.newFixedThreadPool(concurrency,
            DaemonThreads.named("llmsql-inference"));
        try {
          List<Future<?>> futures = new ArrayList<>();
          for (Task t : todo) {
            String prompt = prompt(t, tables);
            futures.add(pool.submit(() -> ask(t, prompt, out, written, failed)));
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

  private String prompt(Task t, Map<String, TableLine> tables) {
    if (t.prompt() != null) {
      return t.prompt();
    }
    if (t.llmsql2()) {
      return Llmsql2Prompt.render(t.question(), t.tables().stream().map(id -> tables.get(id).prompt()).toList());
    }
    return Prompts.build(shots == null ? DEFAULT_SHOTS : shots, tables.get(t.tableId()).schema(), t.question());
  }

  private void ask(Task t, String prompt, FileChannel out, AtomicInteger written, Map<Long, String> failed) {
    String answer;
    try {
      answer = client.complete(List.of(ChatMessage.user(prompt))).content();
    } catch (ChatException e) {
      failed.put(t.questionId(), e.getMessage());
      heard(t.questionId(), true);
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
    heard(t.questionId(), false);
  }

  private void heard(long questionId, boolean failed) {
    // one call at a time, so a listener need not be thread-safe
    synchronized (listener) {
      listener.onAnswer(questionId, failed);
    }
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
      tasks.add(task(node, where));
      return tasks.size() < limit;
    });
    return tasks;
  }

  private Task task(JsonNode node, String where) {
    long id = node.path("question_id").asLong();
    String tableId = node.path("table_id").asText();
    if (!isLlmsql2(node)) {
      return new Task(id, node.path("question").asText(), tableId, false, null, List.of());
    }
    if (shots != null && shots != 0) {
      throw new IllegalArgumentException(zeroShotOnly(where, shots));
    }
    JsonNode prompt = node.get("prompt");
    if (prompt != null && !prompt.isNull() && !prompt.isTextual()) {
      throw new IllegalArgumentException(where + ": \"prompt\" must be a string (the exact model prompt); "
          + "fix it, or drop it to have the prompt rendered from \"tables\"");
    }
    List<String> shown = new ArrayList<>();
    JsonNode tablesField = node.get("tables");
    if (tablesField == null || tablesField.isNull()) {
      shown.add(tableId);
    } else if (tablesField.isArray() && !tablesField.isEmpty()) {
      for (JsonNode t : tablesField) {
        if (!t.isTextual()) {
          throw new IllegalArgumentException(where + ": \"tables\" must be a list of table ids (strings)");
        }
        shown.add(t.asText());
      }
    } else {
      throw new IllegalArgumentException(where + ": \"tables\" must be a non-empty list of table ids "
          + "(strings)");
    }
    return new Task(id, node.path("question").asText(), tableId, true,
        prompt != null && prompt.isTextual() ? prompt.asText() : null, List.copyOf(shown));
  }

  /** An LLMSQL 2.0 question: it carries a stored {@code answer} or the 2.0 {@code prompt}. */
  private static boolean isLlmsql2(JsonNode question) {
    return question.has("answer") || question.has("prompt");
  }

  private static String zeroShotOnly(String where, int shots) {
    return where + ": LLMSQL 2.0 questions are asked zero-shot, but " + shots + " few-shot example(s) were "
        + "requested; leave shots unset (or 0) for 2.0";
  }

  /**
   * Whether the first question of {@code questionsFile} is an LLMSQL 2.0 question (it carries {@code answer}
   * or {@code prompt}), to choose 2.0's defaults ({@link #LLMSQL2_MAX_NEW_TOKENS}, zero-shot) before a run.
   *
   * @throws IllegalArgumentException when the first line is not JSON
   * @throws UncheckedIOException when the file cannot be read
   */
  public static boolean isLlmsql2(Path questionsFile) {
    boolean[] v2 = {false};
    forEachLine(questionsFile, (node, where) -> {
      v2[0] = isLlmsql2(node);
      return false;
    });
    return v2[0];
  }

  /** Like {@link #isLlmsql2(Path)}, but a malformed first line is left for {@link #run} to report. */
  private static boolean firstIsLlmsql2(Path questionsFile) {
    try {
      return isLlmsql2(questionsFile);
    } catch (IllegalArgumentException malformed) {
      return false;
    }
  }

  /** One table of tables.jsonl as both prompts show it. */
  private record TableLine(TableSchema schema, PromptTable prompt) {
  }

  private Map<String, TableLine> readTables(Set<String> needed) {
    Map<String, TableLine> tables = new HashMap<>();
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
      tables.put(id, new TableLine(new TableSchema(id, columns, types, example), Llmsql2Prompt.table(node)));
      return tables.size() < needed.size();
    });
    return tables;
  }

  private interface LineHandler {
    /** Handles one JSON line; returns whether to read on. */
    boolean handle(JsonNode node, String where);
  }

  private static void forEachLine(Path file, LineHandler handler) {
    try (BoundedLineReader in = BoundedLineReader.open(file)) {
      String line;
      long number = 0;
      while ((line = in.readLine()) != null) {
        number++;
        if (line.isBlank()) {
          continue;
        }
        String where = file + " line " + number;
        JsonNode node;
        try {
          node = JSON.readTree(line);
        } catch (JsonProcessingException e) {
          throw new IllegalArgumentException(where + ": not valid JSON " + JsonSyntax.describe(e, line)
              + "; write one JSON object per line");
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
    // bounded like every other line reader: a predictions file is input too, and may hold one endless line
    try (BoundedLineReader in = BoundedLineReader.open(outputFile)) {
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
          throw new IllegalArgumentException(outputFile + " line " + number + ": not a prediction record (not "
              + "valid JSON " + JsonSyntax.describe(e, line) + "); only a torn last line is repaired, so remove "
              + "this line or choose another output file");
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
      if (end - lineStart > BoundedLineReader.MAX_LINE_BYTES) {
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
        + ", shots=" + (shots == null ? "default" : shots) + (limit == Integer.MAX_VALUE ? "" : ", limit=" + limit) + ", concurrency="
        + concurrency + "]";
  }

  /** Options of {@link Inference}; client, questions and tables are required. */
  public static final class Builder {
    private ChatClient client;
    private Path questionsPath;
    private Path tablesPath;
    private Integer shots;
    private int limit = Integer.MAX_VALUE;
    private int concurrency = DEFAULT_CONCURRENCY;
    private InferenceListener listener = InferenceListener.NONE;
    private final Settings settings = new Settings("Inference.Builder");

    private Builder() {
    }

    /** Hears the run advance (default: {@link InferenceListener#NONE}); the library prints nothing itself. */
    public Builder listener(InferenceListener listener) {
      this.listener = settings.once("listener", requireNonNull(listener, "listener"));
      return this;
    }

    /** The model to ask; build it with {@code jsonMode(false)}. */
    public Builder client(ChatClient client) {
      this.client = settings.once("client", requireNonNull(client, "client"));
      return this;
    }

    /** LLMSQL-shaped questions JSONL ({@code question_id}, {@code question}, {@code table_id}). */
    public Builder questionsPath(Path questions) {
      this.questionsPath = settings.once("questionsPath", requireNonNull(questions, "questions"));
      return this;
    }

    /** LLMSQL {@code tables.jsonl} ({@code table_id}, {@code header}, {@code types}, {@code rows}). */
    public Builder tablesPath(Path tables) {
      this.tablesPath = settings.once("tablesPath", requireNonNull(tables, "tables"));
      return this;
    }

    /**
     * Worked examples in each LLMSQL 1.0 prompt: 0, 1 or 5 (default {@value Inference#DEFAULT_SHOTS}). LLMSQL 2.0 is
     * zero-shot: leave this unset (or 0) for 2.0 questions, or {@link #build()} and {@link #run} refuse.
     */
    public Builder shots(int shots) {
      if (!Prompts.SHOTS.contains(shots)) {
        throw new IllegalArgumentException("shots must be 0, 1 or 5, but was " + shots);
      }
      this.shots = settings.once("shots", shots);
      return this;
    }

    /** Only the first {@code limit} questions of the file, for a quick run. */
    public Builder limit(int limit) {
      this.limit = settings.once("limit", Range.LIMIT.check("limit", limit));
      return this;
    }

    /** Questions in flight at once for this model ({@link Range#CONCURRENCY}). */
    public Builder concurrency(int concurrency) {
      this.concurrency = settings.once("concurrency", Range.CONCURRENCY.check("concurrency", concurrency));
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
        if (Files.exists(p) && !Files.isRegularFile(p)) {
          throw new dev.llmsql.prediction.InvalidInputException(p.toString(), "not a regular file (a directory, "
              + "device, pipe or socket); give a JSONL file");
        }
        if (!Files.isRegularFile(p)) {
          throw new IllegalStateException(p + " does not exist; give the path of an existing file");
        }
      }
      if (shots != null && shots != 0 && firstIsLlmsql2(questionsPath)) {
        throw new IllegalStateException(zeroShotOnly(questionsPath.toString(), shots));
      }
      return new Inference(this);
    }
  }
}
