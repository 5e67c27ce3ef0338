package dev.llmsql.engine;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.llmsql.benchmark.Question;
import dev.llmsql.execution.QueryResult;
import dev.llmsql.prediction.InvalidInputException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

/** Reads a questions JSONL file into a map by id, failing with file and line on bad input. */
public final class QuestionReader {

  private static final String EXPECTED =
      "{\"question_id\": 1, \"question\": \"...\", \"sql\": \"SELECT ...\", \"table_id\": \"...\"}";

  private QuestionReader() {
  }

  /** The questions of a file that were asked for, and how many the file holds in all. */
  public record Loaded(Map<Integer, Question> byId, int total) { }

  /** Every question by id, in file order. */
  public static Map<Integer, Question> read(Path file) {
    return read(file, id -> true).byId();
  }

  /**
   * The questions whose id {@code wanted} accepts. A line that starts with an unwanted integer
   * {@code question_id} is left right after the id, unparsed: evaluating 16,000 predictions against LLMSQL's
   * 80,000 questions then parses a fifth of the file. Such lines are checked only for their id and its
   * uniqueness.
   */
  public static Loaded read(Path file, IntPredicate wanted) {
    Map<Integer, Question> questions = new LinkedHashMap<>(1 << 12);
    int total = scan(file, wanted, (question, location, offset, length) -> questions.put(question.id(), question));
    return new Loaded(questions, total);
  }

  /** Receives each wanted question with where its line lies. */
  interface Visitor {
    void wanted(Question question, String location, long offset, int length);
  }

  /**
   * Reads and checks {@code file}, handing every question {@code wanted} accepts to {@code visitor}.
   *
   * @return how many questions the file holds
   */
  static int scan(Path file, IntPredicate wanted, Visitor visitor) {
    IntSet seen = new IntSet();
    try {
      // Most lines of a large benchmark are not predicted: their id is read from the raw bytes, with no parser.
      JsonLines.RawFilter unwanted = (buffer, from, to, f, lineNo) -> {
        long id = leadingId(buffer, from, to);
        if (id == NO_ID || wanted.test((int) id)) {
          return false;
        }
        unique(seen, (int) id, f + ":" + lineNo);
        return true;
      };
      JsonLines.requireRegularFile(file, "questions file", "--questions-path");
      JsonLines.forEach(file, 0, 0, EXPECTED, unwanted,
          (String location, long lineNo, long offset, int length, JsonParser parser) -> {
        Draft draft = new Draft(location);
        JsonToken token = parser.nextToken();
        if (token == JsonToken.FIELD_NAME && parser.currentName().equals("question_id")) {
          draft.field(parser, "question_id", parser.nextToken());
          if (draft.id != null && !wanted.test(draft.id)) {
            unique(seen, draft.id, location);
            return false;
          }
          token = parser.nextToken();
        }
        Question q = draft.rest(parser, token);
        unique(seen, q.id(), location);
        if (wanted.test(q.id())) {
          visitor.wanted(q, location, offset, length);
        }
        return true;
      }, JsonLines.MAX_LINE_BYTES, null);
    } catch (NoSuchFileException e) {
      throw new InvalidInputException(file.toString(), "questions file not found (" + file.toAbsolutePath()
          + "); check --questions-path");
    } catch (IOException e) {
      throw new InvalidInputException(file.toString(), "cannot read the questions file (" + e
          + "); check the path and its permissions");
    }
    return seen.size();
  }

  private static final long NO_ID = Long.MIN_VALUE;

  /**
   * The id of a line that starts {@code {"question_id": 123,} (blanks allowed, as LLMSQL writes them), or
   * NO_ID for any other start, which the parser then reads.
   */
  static long leadingId(byte[] b, int from, int to) {
    int i = skipBlanks(b, from, to);
    if (i >= to || b[i] != '{') {
      return NO_ID;
    }
    i = skipBlanks(b, i + 1, to);
    byte[] key = QUESTION_ID_KEY;
    if (to - i < key.length || !Arrays.equals(b, i, i + key.length, key, 0, key.length)) {
      return NO_ID;
    }
    i = skipBlanks(b, i + key.length, to);
    if (i >= to || b[i] != ':') {
      return NO_ID;
    }
    i = skipBlanks(b, i + 1, to);
    boolean negative = i < to && b[i] == '-';
    int digits = negative ? i + 1 : i;
    long value = 0;
    int j = digits;
    for (; j < to && b[j] >= '0' && b[j] <= '9' && j - digits < 10; j++) {
      value = value * 10 + (b[j] - '0');
    }
    if (j == digits || j - digits > 1 && b[digits] == '0') {
      return NO_ID;   // no digits, or a leading zero JSON does not allow
    }
    value = negative ? -value : value;
    int after = skipBlanks(b, j, to);
    if (after >= to || b[after] != ',' && b[after] != '}' || value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
      return NO_ID;
    }
    return value;
  }

  private static final byte[] QUESTION_ID_KEY = "\"question_id\"".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  private static int skipBlanks(byte[] b, int from, int to) {
    int i = from;
    while (i < to && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r')) {
      i++;
    }
    return i;
  }

  /** The question on one line read back from a file {@link #scan} accepted. */
  static Question parse(String location, byte[] line) throws IOException {
    Question[] parsed = new Question[1];
    JsonLines.parseLine(location, line, EXPECTED, (loc, parser) -> {
      parsed[0] = new Draft(loc).rest(parser, parser.nextToken());
      return true;
    });
    return parsed[0];
  }

  private static void unique(IntSet seen, int id, String location) {
    if (!seen.add(id)) {
      throw new InvalidInputException(location, "question_id " + id
          + " appears twice in the questions file; ids must be unique");
    }
  }

  /** The fields of one question line as they are read. */
  private static final class Draft {
    private final String location;
    private Integer id;
    private String rawId = "missing";
    private String question;
    private JsonNode sql;
    private JsonNode goldResults;
    private JsonNode difficulty;
    private JsonNode tags;
    private JsonNode ordered;
    private JsonNode answer;
    private JsonNode category;
    private JsonNode family;
    private JsonNode prompt;
    private JsonNode tables;
    private String tableId;
    private String dbId;
    private Map<String, Object> extra;

    Draft(String location) {
      this.location = location;
    }

    void field(JsonParser parser, String field, JsonToken value) throws IOException {
      switch (field) {
        case "question_id" -> {
          rawId = value.isScalarValue() ? parser.getText() : "a " + value.name().toLowerCase();
          if (value == JsonToken.VALUE_NUMBER_INT && parser.getNumberType() == JsonParser.NumberType.INT) {
            id = parser.getIntValue();
          } else if (value == JsonToken.VALUE_STRING) {
            id = PredictionInput.parseInt(parser.getText());
            rawId = '"' + parser.getText() + '"';
          }
          parser.skipChildren();
        }
        case "question" -> question = text(parser, value, field);
        case "sql" -> sql = value == JsonToken.VALUE_STRING ? TextNode.valueOf(parser.getText())
            : JsonLines.mapper().readTree(parser);
        case "table_id" -> tableId = text(parser, value, field);
        case "db_id" -> dbId = text(parser, value, field);
        default -> {
          JsonNode node = JsonLines.mapper().readTree(parser);
          switch (field) {
            case "gold_results" -> goldResults = node;
            case "difficulty" -> difficulty = node;
            case "tags" -> tags = node;
            case "ordered" -> ordered = node;
            case "answer" -> answer = node;
            case "category" -> category = node;
            case "family" -> family = node;
            case "prompt" -> prompt = node;
            case "tables" -> tables = node;
            default -> { }
          }
          // difficulty, tags, ordered and gold_results stay in extra too, for judges that read them raw
          if (extra == null) {
            extra = new HashMap<>();
          }
          extra.put(field, JsonLines.mapper().convertValue(node, Object.class));
        }
      }
    }

    /** Reads the remaining fields, {@code token} being the current one, and builds the question. */
    Question rest(JsonParser parser, JsonToken token) throws IOException {
      for (; token == JsonToken.FIELD_NAME; token = parser.nextToken()) {
        String field = parser.currentName();
        field(parser, field, parser.nextToken());
      }
      return question();
    }

    Question question() {
      if (id == null) {
        throw new InvalidInputException(location, "question_id must be an integer (or a string holding one), "
            + "but was " + rawId);
      }
      if (question == null) {
        throw new InvalidInputException(location, "missing \"question\"; every question needs question_id, "
            + "question, sql and table_id (or db_id)");
      }
      List<QueryResult> results = GoldFields.results(location, goldResults);
      List<String> allSql = GoldFields.sql(location, sql, !results.isEmpty());
      if (tableId == null && dbId == null) {
        throw new InvalidInputException(location, "question " + id + " needs \"table_id\" (LLMSQL) or "
            + "\"db_id\" (one database per question)");
      }
      Question.Golds golds = new Question.Golds(allSql.isEmpty() ? "" : allSql.get(0),
          allSql.subList(Math.min(1, allSql.size()), allSql.size()), results);
      return new Question(id, question, tableId, dbId, extra, golds,
          new Question.Grading(GoldFields.difficulty(difficulty), GoldFields.tags(location, tags),
              GoldFields.ordered(location, ordered)),
          GoldFields.llmsql2(location, answer, category, family, prompt, tables));
    }

    private String text(JsonParser parser, JsonToken value, String field) throws IOException {
      if (value == JsonToken.VALUE_NULL) {
        return null;
      }
      if (value != JsonToken.VALUE_STRING) {
        String shown = value.isScalarValue() ? parser.getText()
            : value == JsonToken.START_ARRAY ? "an array" : "an object";
        throw new InvalidInputException(location, "\"" + field + "\" must be a string, but was " + shown);
      }
      return parser.getText();
    }
  }
}
