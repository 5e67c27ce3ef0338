package dev.llmsql.engine;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.llmsql.execution.QueryResult;
import dev.llmsql.prediction.InputMode;
import dev.llmsql.prediction.InvalidInputException;
import dev.llmsql.prediction.Prediction;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntConsumer;

/**
 * Predictions as given: a JSONL file (read line by line, twice: once to validate, once to evaluate, so memory
 * does not grow with the file) or a list. Each entry is normalised to a {@link Entry}.
 */
public abstract class PredictionInput {

  private static final String EXPECTED = "{\"question_id\": 1, \"completion\": \"SELECT ...\"}";

  /**
   * One prediction as read, with what was wrong with its fields. A prediction given as a result names its
   * file ({@code resultCsv}, already confined to the submission's directory) or holds the result itself
   * ({@code result}); {@code resultProblem} says why a named file cannot be used.
   */
  public record Entry(String location, Integer questionId, String rawQuestionId, String completion,
                      CompletionState completionState, Path resultCsv, QueryResult result, String resultProblem) {

    public Entry(String location, Integer questionId, String rawQuestionId, String completion,
                 CompletionState completionState) {
      this(location, questionId, rawQuestionId, completion, completionState, null, null, null);
    }

    Entry withResultCsv(Path file, String problem) {
      return new Entry(location, questionId, rawQuestionId, completion, completionState, file, result, problem);
    }

    /** Whether the prediction is a result rather than a completion. */
    boolean givesResult() {
      return resultCsv != null || result != null || resultProblem != null;
    }
  }

  /**
   * A Spider 2.0 submission directory: every {@code <name>.sql} (a completion) and {@code <name>.csv} (a result)
   * directly in {@code dir}, in name order; {@code <name>} is a question's {@code instance_id} or its
   * {@code question_id}.
   */
  public static PredictionInput directory(Path dir) {
    return new SubmissionDirectory(dir);
  }

  /**
   * Whether the completion field was usable; {@code LINE_TOO_LONG}: the line was longer than the bound and was
   * skipped unread (its id, when the line starts with one, is still given).
   */
  public enum CompletionState { PRESENT, MISSING, NOT_A_STRING, LINE_TOO_LONG }

  /**
   * Tells the input the questions' names ({@code instance_id} to {@code question_id}) once the benchmark is
   * known; only a submission directory needs them.
   */
  void names(java.util.function.Supplier<Map<String, Integer>> names) {
  }

  public static PredictionInput jsonl(Path file) {
    return new Jsonl(file, Jsonl.REPLAY_CHARS, JsonLines.MAX_LINE_BYTES);
  }

  /** {@link #jsonl(Path)} keeping at most {@code replayChars} completion characters between the passes. */
  static PredictionInput jsonl(Path file, long replayChars) {
    return new Jsonl(file, replayChars, JsonLines.MAX_LINE_BYTES);
  }

  public static PredictionInput list(List<?> items) {
    return new ListInput(items);
  }

  public abstract InputMode mode();

  /** Where the predictions come from, for messages: the file, or {@code "predictions"} for a list. */
  public abstract String source();

  /** The predictions file, or null for a list. */
  public abstract Path file();

  /**
   * Fails at once, before a download or any other work, if the predictions cannot be read at all (a missing
   * file, a directory, a device, a pipe).
   */
  public void requireReadable() {
    Path file = file();
    if (file == null) {
      return;
    }
    try {
      JsonLines.requireRegularFile(file, "predictions file", "--outputs");
    } catch (NoSuchFileException e) {
      throw new InvalidInputException(file.toString(), "predictions file not found (" + file.toAbsolutePath()
          + "); check the path given to --outputs");
    }
  }

  /** Checks every entry can be read; throws {@link InvalidInputException} at the first that cannot. */
  public long validate() {
    return validate(id -> { });
  }

  /** {@link #validate()}, also telling {@code ids} every readable question id, so only those are loaded. */
  public long validate(IntConsumer ids) {
    long[] count = {0};
    forEach(e -> {
      count[0]++;
      if (e.questionId() != null) {
        ids.accept(e.questionId());
      }
    });
    return count[0];
  }

  /** Streams every entry in input order. */
  public abstract void forEach(Consumer<Entry> consumer);

  private static final class Jsonl extends PredictionInput {

    /**
     * Completion characters the validation pass keeps for the evaluation pass, which then parses only what
     * did not fit: LLMSQL-sized files are parsed once, larger ones in bounded memory.
     */
    static final long REPLAY_CHARS = 4L << 20;

    private final Path file;
    private final long replayChars;
    private final int maxLineBytes;
    private List<Entry> replay;
    private long resumeOffset = -1;
    private long resumeLine;

    Jsonl(Path file, long replayChars, int maxLineBytes) {
      this.file = file;
      this.replayChars = replayChars;
      this.maxLineBytes = maxLineBytes;
    }

    @Override
    public long validate(IntConsumer ids) {
      List<Entry> kept = new ArrayList<>();
      long[] state = {0, replayChars, -1, 0};   // count, budget left, resume offset, lines before it
      read(0, 0, (entry, offset, line) -> {
        state[0]++;
        if (entry.questionId() != null) {
          ids.accept(entry.questionId());
        }
        if (state[2] < 0) {
          long cost = 64 + (entry.completion() == null ? 0 : entry.completion().length());
          if (cost <= state[1]) {
            kept.add(entry);
            state[1] -= cost;
          } else {
            state[2] = offset;
            state[3] = line - 1;
          }
        }
      });
      replay = kept;
      resumeOffset = state[2];
      resumeLine = state[3];
      return state[0];
    }

    @Override
    public InputMode mode() {
      return InputMode.JSONL_PATH;
    }

    @Override
    public String source() {
      return file.toString();
    }

    @Override
    public Path file() {
      return file;
    }

    /** Replays what {@link #validate} kept (once), then reads the rest; without it, reads the whole file. */
    @Override
    public void forEach(Consumer<Entry> consumer) {
      List<Entry> kept = replay;
      replay = null;
      if (kept == null) {
        read(0, 0, (entry, offset, line) -> consumer.accept(entry));
        return;
      }
      kept.forEach(consumer);
      if (resumeOffset >= 0) {
        read(resumeOffset, resumeLine, (entry, offset, line) -> consumer.accept(entry));
      }
    }

    private interface Reader {
      void entry(Entry entry, long offset, long line);
    }

    private void read(long fromOffset, long linesBefore, Reader reader) {
      try {
        JsonLines.requireRegularFile(file, "predictions file", "--outputs");
        JsonLines.forEach(file, fromOffset, linesBefore, EXPECTED, null,
            (String location, long lineNo, long offset, int length, JsonParser parser) -> {
              reader.entry(entry(location, parser), offset, lineNo);
              return true;
            }, maxLineBytes, (location, lineNo, offset, head, headLength) -> {
              long id = QuestionReader.leadingId(head, 0, Math.min(headLength, 64));
              Integer questionId = id == Long.MIN_VALUE ? null : (int) id;
              reader.entry(new Entry(location, questionId, questionId == null ? null : Long.toString(id), null,
                  CompletionState.LINE_TOO_LONG), offset, lineNo);
            });
      } catch (NoSuchFileException e) {
        throw new InvalidInputException(file.toString(), "predictions file not found ("
            + file.toAbsolutePath() + "); check the path given to --outputs");
      } catch (IOException e) {
        throw new InvalidInputException(file.toString(), "cannot read the predictions file (" + e
            + "); check the path given to --outputs and its permissions");
      }
    }

    private Entry entry(String location, JsonParser parser) throws IOException {
      Integer questionId = null;
      String rawId = null;
      String completion = null;
      String legacy = null;
      boolean completionNotString = false;
      boolean legacyNotString = false;
      String resultCsv = null;
      boolean resultCsvGiven = false;
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        JsonToken value = parser.nextToken();
        switch (field) {
          case "question_id" -> {
            if (value == JsonToken.VALUE_NUMBER_INT) {
              rawId = parser.getText();
              questionId = parser.getNumberType() == JsonParser.NumberType.INT ? parser.getIntValue() : null;
            } else if (value == JsonToken.VALUE_NUMBER_FLOAT) {
              rawId = parser.getText();
              questionId = integral(parser.getDecimalValue());
            } else if (value == JsonToken.VALUE_STRING) {
              rawId = '"' + parser.getText() + '"';
              questionId = parseInt(parser.getText());
            } else {
              rawId = value == JsonToken.VALUE_NULL ? null
                  : JsonLines.mapper().readTree(parser).toString();
            }
          }
          case "completion" -> {
            completion = value == JsonToken.VALUE_STRING ? parser.getText() : null;
            completionNotString = value != JsonToken.VALUE_STRING && value != JsonToken.VALUE_NULL;
            parser.skipChildren();
          }
          case "predicted_sql" -> {
            legacy = value == JsonToken.VALUE_STRING ? parser.getText() : null;
            legacyNotString = value != JsonToken.VALUE_STRING && value != JsonToken.VALUE_NULL;
            parser.skipChildren();
          }
          case "result_csv" -> {
            resultCsvGiven = value != JsonToken.VALUE_NULL;
            resultCsv = value == JsonToken.VALUE_STRING ? parser.getText() : null;
            parser.skipChildren();
          }
          default -> parser.skipChildren();
        }
      }
      if (resultCsvGiven) {
        Entry e = new Entry(location, questionId, rawId, completion == null ? "" : completion,
            CompletionState.PRESENT);
        if (resultCsv == null) {
          return e.withResultCsv(null, "\"result_csv\" must be a string (a path relative to the predictions "
              + "file's directory)");
        }
        Path base = file.toAbsolutePath().getParent();
        ResultFiles.Resolved r = ResultFiles.resolve(base, resultCsv);
        return e.withResultCsv(r.file(), r.problem());
      }
      if (completion == null && !completionNotString) {
        // LLMSQL's older docs name the field predicted_sql.
        completion = legacy;
        completionNotString = legacyNotString;
      }
      if (completionNotString) {
        return new Entry(location, questionId, rawId, null, CompletionState.NOT_A_STRING);
      }
      return completion == null
          ? new Entry(location, questionId, rawId, null, CompletionState.MISSING)
          : new Entry(location, questionId, rawId, completion, CompletionState.PRESENT);
    }
  }

  private static final class ListInput extends PredictionInput {
    private final List<?> items;

    ListInput(List<?> items) {
      this.items = items;
    }

    @Override
    public InputMode mode() {
      return InputMode.DICT_LIST;
    }

    @Override
    public String source() {
      return "predictions";
    }

    @Override
    public Path file() {
      return null;
    }

    @Override
    public long validate(IntConsumer ids) {
      for (int i = 0; i < items.size(); i++) {
        Object item = items.get(i);
        if (!(item instanceof Prediction) && !(item instanceof Map)) {
          throw new InvalidInputException("predictions[" + i + "]", "expected a Prediction or a Map with "
              + "\"question_id\" and \"completion\", but got "
              + (item == null ? "null" : item.getClass().getName()));
        }
      }
      return super.validate(ids);
    }

    @Override
    public void forEach(Consumer<Entry> consumer) {
      for (int i = 0; i < items.size(); i++) {
        String location = "predictions[" + i + "]";
        Object item = items.get(i);
        if (item instanceof Prediction p) {
          consumer.accept(new Entry(location, p.questionId(), Integer.toString(p.questionId()),
              p.completion(), CompletionState.PRESENT));
        } else {
          consumer.accept(fromMap(location, (Map<?, ?>) item));
        }
      }
    }

    private static Entry fromMap(String location, Map<?, ?> map) {
      Object id = map.get("question_id");
      Integer questionId = null;
      if (id instanceof Integer || id instanceof Long || id instanceof Short || id instanceof Byte) {
        long v = ((Number) id).longValue();
        questionId = v == (int) v ? (int) v : null;
      } else if (id instanceof Number n) {
        questionId = integral(new BigDecimal(n.toString()));
      } else if (id instanceof CharSequence s) {
        questionId = parseInt(s.toString());
      }
      Object completion = map.get("completion");
      if (completion == null) {
        completion = map.get("predicted_sql");
      }
      String rawId = id == null ? null : id.toString();
      if (map.get("result") instanceof QueryResult result) {
        return new Entry(location, questionId, rawId, "", CompletionState.PRESENT, null, result, null);
      }
      if (completion == null) {
        return new Entry(location, questionId, rawId, null, CompletionState.MISSING);
      }
      if (!(completion instanceof CharSequence)) {
        return new Entry(location, questionId, rawId, null, CompletionState.NOT_A_STRING);
      }
      return new Entry(location, questionId, rawId, completion.toString(), CompletionState.PRESENT);
    }
  }

  private static final class SubmissionDirectory extends PredictionInput {
    private final Path dir;
    private java.util.function.Supplier<Map<String, Integer>> names = Map::of;
    private Map<String, Integer> resolvedNames;

    SubmissionDirectory(Path dir) {
      this.dir = dir;
    }

    @Override
    void names(java.util.function.Supplier<Map<String, Integer>> names) {
      this.names = names;
      this.resolvedNames = null;
    }

    @Override
    public InputMode mode() {
      return InputMode.JSONL_PATH;
    }

    @Override
    public String source() {
      return dir.toString();
    }

    @Override
    public Path file() {
      return null;
    }

    @Override
    public void requireReadable() {
      if (!java.nio.file.Files.isDirectory(dir)) {
        throw new InvalidInputException(dir.toString(), "submission directory not found (" + dir.toAbsolutePath()
            + "); check the path given to --outputs");
      }
    }

    @Override
    public void forEach(Consumer<Entry> consumer) {
      requireReadable();
      if (resolvedNames == null) {
        resolvedNames = names.get();
      }
      List<Path> files = new ArrayList<>();
      try (java.util.stream.Stream<Path> listing = java.nio.file.Files.list(dir)) {
        listing.filter(f -> {
          String n = f.getFileName().toString();
          return n.endsWith(".sql") || n.endsWith(".csv");
        }).sorted().forEach(files::add);
      } catch (IOException e) {
        throw new InvalidInputException(dir.toString(), "cannot list the submission directory (" + e
            + "); check the path given to --outputs and its permissions");
      }
      for (Path f : files) {
        String name = f.getFileName().toString();
        String stem = name.substring(0, name.length() - 4);
        Integer id = resolvedNames.get(stem);
        if (id == null) {
          id = parseInt(stem);
        }
        String raw = id != null ? stem : '"' + stem + "\" (no question has this instance_id)";
        if (name.endsWith(".csv")) {
          ResultFiles.Resolved r = ResultFiles.resolve(dir.toAbsolutePath(), name);
          consumer.accept(new Entry(f.toString(), id, raw, "", CompletionState.PRESENT)
              .withResultCsv(r.file(), r.problem()));
          continue;
        }
        ResultFiles.Resolved r = ResultFiles.resolve(dir.toAbsolutePath(), name, "SQL file");
        if (r.problem() != null) {
          consumer.accept(new Entry(f.toString(), id, raw, "", CompletionState.PRESENT)
              .withResultCsv(null, r.problem()));
          continue;
        }
        try {
          consumer.accept(new Entry(f.toString(), id, raw, ResultFiles.readSql(r.file()), CompletionState.PRESENT));
        } catch (IOException | IllegalArgumentException e) {
          consumer.accept(new Entry(f.toString(), id, raw, "", CompletionState.PRESENT)
              .withResultCsv(null, "SQL file \"" + name + "\" cannot be read (" + e.getMessage() + ")"));
        }
      }
    }
  }

  static Integer parseInt(String text) {
    try {
      return Integer.valueOf(text.strip());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  static Integer integral(BigDecimal value) {
    try {
      return value.stripTrailingZeros().scale() <= 0 ? value.intValueExact() : null;
    } catch (ArithmeticException e) {
      return null;
    }
  }
}
